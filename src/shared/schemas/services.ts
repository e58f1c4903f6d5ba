/**
 * The admin's catalog of services (docs/product.md 'Prices', issue 65): a service added or
 * changed from the console or `npm run ops -- set-price`. Lengths first, as everywhere.
 */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { isNairaAmount } from '../money';
import { hasAtMostTwoDecimals } from '../quantity';
import { NOT_AN_OBJECT, number, text } from './fields';

export const SERVICE_KEY_RULE = 'key must be lower-case letters, digits and hyphens';

export const serviceKeyField = text('key', { max: MAX_LENGTH.label })
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: SERVICE_KEY_RULE });

const label = (field: string) =>
  text(field, { max: MAX_LENGTH.label, name: true })
    .trim()
    .min(1, { error: `${field} is required` });

export const priceField = number('price', 'a number of naira')
  .positive({ error: 'price must be more than 0' })
  .max(100_000_000, { error: 'price must be at most 100000000' })
  .refine(isNairaAmount, { error: 'price must have at most 2 decimals' });

const amount = (field: string) =>
  number(field)
    .positive({ error: `${field} must be more than 0` })
    .max(10_000, { error: `${field} must be at most 10000` })
    .refine(hasAtMostTwoDecimals, { error: `${field} must have at most 2 decimals` });

const quantityRule = z
  .object(
    { min: amount('quantity.min'), max: amount('quantity.max'), step: amount('quantity.step') },
    { error: 'quantity must be null or {min, max, step}' },
  )
  .refine((rule) => rule.max >= rule.min, { error: 'quantity.max must be at least quantity.min' })
  .nullable();

/** A service as the admin saves it: new (its key and price-list name are fixed from then on), or changed by its key. */
export const serviceSchema = z.object(
  {
    key: serviceKeyField,
    /** The price-list name tasks and the price history keep ('Recycling Collection'). */
    serviceName: label('serviceName'),
    /** The name the app shows. */
    name: label('name'),
    price: priceField,
    unit: label('unit'),
    unitWord: text('unitWord', { max: MAX_LENGTH.label }).trim(),
    quantity: quantityRule,
    pointsPerKg: number('pointsPerKg')
      .int({ error: 'pointsPerKg must be a whole number' })
      .min(0, { error: 'pointsPerKg must not be negative' })
      .max(1_000, { error: 'pointsPerKg must be at most 1000' }),
    weighed: z.boolean({ error: 'weighed must be true or false' }),
    pickupPhoto: z.enum(['off', 'optional', 'required'], { error: 'pickupPhoto must be off, optional or required' }),
    position: number('position')
      .int({ error: 'position must be a whole number' })
      .min(0, { error: 'position must not be negative' })
      .max(1_000, { error: 'position must be at most 1000' }),
    active: z.boolean({ error: 'active must be true or false' }),
  },
  { error: NOT_AN_OBJECT },
);

/** `set-price <service> <naira>`, and the console's quick price change. */
export const servicePriceSchema = z.object({ price: priceField }, { error: NOT_AN_OBJECT });
