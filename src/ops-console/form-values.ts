/**
 * What the console's forms on react-hook-form share (docs/forms.md): the one problem a form
 * shows, and the server's own schemas (src/shared/schemas/) checking what a form's values make:
 * a request (a save) or a query (a search, a filter), so each rule is written once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { errorText } from './http';

/**
 * A console form on react-hook-form, as docs/forms.md says every form behaves: checked on
 * submit only, and focus left where the operator is (the one error line says what is wrong).
 */
export function useConsoleForm<V extends FieldValues, C = unknown, T = V>(props: UseFormProps<V, C, T>) {
  return useForm<V, C, T>({ reValidateMode: 'onSubmit', shouldFocusError: false, ...props });
}

/** A refused call becomes the form's one error line: the server's message, else `fallback`. */
export async function showRefusal<V extends FieldValues>(
  form: { setError: UseFormSetError<V> },
  failure: unknown,
  fallback?: string,
): Promise<void> {
  form.setError('root', { message: await errorText(failure, fallback) });
}

/**
 * The form's one error line: a refused call (the root error), else the first field the rules
 * refused, in the order they checked them: the field the server's answer would have named.
 */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  return errors.root?.message ?? firstMessage(errors);
}

function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if ('type' in node && 'message' in node && typeof node.message === 'string') return node.message;
  for (const [key, child] of Object.entries(node)) {
    // A field's error holds its input element, never a message of its own.
    if (key === 'ref') continue;
    const message = firstMessage(child);
    if (message) return message;
  }
  return undefined;
}

/**
 * The server's own request schema as a form's resolver: the form's values (texts as typed,
 * checkboxes) are turned into the request first, then checked by the schema the route runs,
 * so each rule and its message has one source. A refused field is named by its request path.
 */
export function requestResolver<Values extends FieldValues, Schema extends z.ZodType>(
  toRequest: (values: Values) => z.input<Schema>,
  schema: Schema,
): Resolver<Values, unknown, z.output<Schema>> {
  const request = z.custom<Values>().transform((values): unknown => toRequest(values));
  return zodResolver(request.pipe(schema)) as Resolver<Values, unknown, z.output<Schema>>;
}

/** A number field's text as the request's number (blank is 0, as `Number` reads it). */
export const numberOf = (text: string) => Number(text.trim());

/** A text area's lines, trimmed, the blank ones left out. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

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

/** A text rule's lengths as its input's attributes: the limits stay written once, in the schema. */
export function lengthsOf(rule: z.ZodString | z.ZodOptional<z.ZodString>): { minLength?: number; maxLength?: number } {
  const text = 'unwrap' in rule ? rule.unwrap() : rule;
  return { minLength: text.minLength ?? undefined, maxLength: text.maxLength ?? undefined };
}
