/**
 * The admin's plans (docs/product.md 'Plans', issue 65): a plan added or changed from the
 * console or `npm run ops -- set-plan`. Lengths first, as everywhere. A change reaches new
 * subscriptions only (a subscription keeps the terms it bought).
 */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { hasAtMostTwoDecimals } from '../quantity';
import { NOT_AN_OBJECT, number, text } from './fields';
import { priceField, serviceKeyField } from './services';

/** The support inbox's label for a plan ('Platinum VIP'). */
export const SUPPORT_PRIORITY_MAX = 30;

const label = (field: string) =>
  text(field, { max: MAX_LENGTH.label, name: true })
    .trim()
    .min(1, { error: `${field} is required` });

const inclusion = z.object(
  {
    service: serviceKeyField,
    amount: number('amount')
      .positive({ error: 'amount must be more than 0' })
      .max(10_000, { error: 'amount must be at most 10000' })
      .refine(hasAtMostTwoDecimals, { error: 'amount must have at most 2 decimals' }),
    unit: text('unit', { max: 10 }).trim(),
    label: label('label'),
    short: text('short', { max: MAX_LENGTH.label, name: true }).trim().optional(),
  },
  { error: 'each inclusion must be {service, amount, unit, label}' },
);

/** A plan as the admin saves it: new (its key is fixed from then on), or changed by its key. */
export const planSchema = z.object(
  {
    key: serviceKeyField,
    name: label('name'),
    price: priceField,
    durationMonths: number('durationMonths')
      .int({ error: 'durationMonths must be a whole number' })
      .min(1, { error: 'durationMonths must be at least 1' })
      .max(24, { error: 'durationMonths must be at most 24' }),
    features: z.array(label('feature'), { error: 'features must be a list' }).max(10, {
      error: 'features must be at most 10',
    }),
    inclusions: z
      .array(inclusion, { error: 'inclusions must be a list' })
      .max(20, { error: 'inclusions must be at most 20' })
      .refine((list) => new Set(list.map((item) => item.service)).size === list.length, {
        error: 'each service may be included once',
      }),
    weeklyReports: z.boolean({ error: 'weeklyReports must be true or false' }),
    manager: z.boolean({ error: 'manager must be true or false' }),
    position: number('position')
      .int({ error: 'position must be a whole number' })
      .min(0, { error: 'position must not be negative' })
      .max(1_000, { error: 'position must be at most 1000' }),
    active: z.boolean({ error: 'active must be true or false' }),
    // Left out, a change keeps the plan's; blank or null, no priority.
    supportPriority: text('supportPriority', { max: SUPPORT_PRIORITY_MAX, name: true })
      .trim()
      .transform((value) => value || null)
      .nullable()
      .optional(),
  },
  { error: NOT_AN_OBJECT },
);
