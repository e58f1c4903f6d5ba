import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { firstError, numberOf, requestResolver } from '../../src/ops-console/form-values';
import { serviceSchema } from '../../src/shared/schemas/services';

interface Values {
  key: string;
  price: string;
  min: string;
  max: string;
}

/** A service form's few fields, the rest as the form would send them. */
const resolver = requestResolver(
  (values: Values) => ({
    key: values.key,
    serviceName: 'Cart Removal',
    name: 'Cart',
    price: numberOf(values.price),
    unit: 'per cart',
    unitWord: 'carts',
    quantity: values.min.trim() === '' ? null : { min: numberOf(values.min), max: numberOf(values.max), step: 1 },
    pointsPerKg: 0,
    weighed: false,
    pickupPhoto: 'off' as const,
    position: 100,
    active: true,
  }),
  serviceSchema,
);
const OPTIONS: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };
const check = (values: Values) => resolver(values, undefined, OPTIONS);

describe("the console's form values", () => {
  it('checks the request the values make by the server schema, and hands the parsed request on', async () => {
    const result = await check({ key: ' cart ', price: '1200', min: '', max: '' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ key: 'cart', price: 1200, quantity: null });
  });

  it("shows the server's own message of the first field it refuses, nested ones too", async () => {
    const refused = await check({ key: 'Cart!', price: '0', min: '1', max: '1' });
    expect(firstError(refused.errors)).toBe('key must be lower-case letters, digits and hyphens');
    const quantity = await check({ key: 'cart', price: '1200', min: '5', max: '2' });
    expect(firstError(quantity.errors)).toBe('quantity.max must be at least quantity.min');
    const nested = await check({ key: 'cart', price: '1200', min: '0', max: '2' });
    expect(firstError(nested.errors)).toBe('quantity.min must be more than 0');
  });

  it("puts a refused call (the form's root error) before any field's", () => {
    const errors = { key: { type: 'custom', message: 'key' }, root: { type: 'server', message: 'Refused' } };
    expect(firstError(errors as FieldErrors)).toBe('Refused');
    expect(firstError({})).toBeUndefined();
  });
});
