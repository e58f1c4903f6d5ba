import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** One message per invalid field, none when the form may be sent (the shape of `src/shared/validation`'s rules). */
type Rules<Values, Context> = (values: Values, context: Context) => Partial<Record<string, string | undefined>>;

/**
 * A react-hook-form resolver made of the shared rule functions (`src/shared/validation`, the
 * ones the server runs too), not of their zod schemas: the client's bundles carry no zod (page
 * weight, docs/performance.md) and the rules already hold the screens' exact messages.
 */
export function rulesResolver<Values extends FieldValues, Context = undefined>(
  rules: Rules<Values, Context>,
): Resolver<Values, Context> {
  return (values, context) => {
    const found = Object.entries(rules(values, context as Context)).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    if (found.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(found.map(([field, message]) => [field, { type: 'rule', message }]));
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
