/**
 * The console's search and filter forms on react-hook-form (docs/forms.md), checked by the
 * server's own query schemas (src/shared/schemas/ops-console.ts) so that each rule is written once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by a schema against the request it makes, not its values as they are: a
 * filter's query string (empty filters left out, `attention=1`), a report's days. A valid form
 * keeps its own values; a problem of no one field (a report's days in the wrong order) is the
 * form's root error.
 */
export function queryResolver<V extends FieldValues>(
  schema: z.ZodType,
  toQuery: (values: V) => Record<string, string> = (values) => values,
): Resolver<V> {
  const check = zodResolver(schema as z.ZodType<unknown, FieldValues>) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const { errors } = await check(toQuery(values), context, options as never);
    const { '': whole, ...fields } = errors as Record<string, FieldError | undefined>;
    if (!whole && Object.keys(fields).length === 0) return { values, errors: {} };
    return { values: {}, errors: (whole ? { ...fields, root: whole } : fields) as FieldErrors<V> };
  };
}

/** A form's first problem in the order of `fields`, then its root error (a problem of the whole). */
export function problemOf<V extends FieldValues>(
  errors: FieldErrors<V>,
  fields: ReadonlyArray<keyof V & string>,
): string | undefined {
  for (const name of fields) {
    const message = (errors[name] as FieldError | undefined)?.message;
    if (message) return message;
  }
  return errors.root?.message;
}

/** A text rule's lengths as its input's attributes: the limits stay written once, in the schema. */
export function lengthsOf(rule: z.ZodString | z.ZodOptional<z.ZodString>): { minLength?: number; maxLength?: number } {
  const text = 'unwrap' in rule ? rule.unwrap() : rule;
  return { minLength: text.minLength ?? undefined, maxLength: text.maxLength ?? undefined };
}
