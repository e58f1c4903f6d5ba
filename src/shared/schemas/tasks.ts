/** Request schemas of the task calls: the caller's task list, and creating a paid task. */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { isNairaAmount } from '../money';
import { NOT_AN_OBJECT, id, isoDateTime, number, text } from './fields';
import { paymentReference } from './payment';
import {
  ADDRESS_DETAILS_CONTROL_CHARACTERS,
  ADDRESS_DETAILS_MAX_LENGTH,
  ADDRESS_DETAILS_TOO_LONG,
  hasForbiddenControlCharacters,
  normalizeAddressDetails,
} from '../validation/address-details';

export const tasksSchema = z.object({ userId: id('userId') }, { error: NOT_AN_OBJECT });

const coordinate = (name: string, limit: number) =>
  number(name, `a number between -${limit} and ${limit}`)
    .min(-limit, { error: `${name} must be between -${limit} and ${limit}` })
    .max(limit, { error: `${name} must be between -${limit} and ${limit}` });

export const geoPointSchema = z.object(
  {
    type: z.literal('Point', { error: "location.type must be 'Point'" }),
    coordinates: z.tuple([coordinate('longitude', 180), coordinate('latitude', 90)], {
      error: 'location.coordinates must be [longitude, latitude]',
    }),
  },
  { error: 'location must be a GeoJSON point' },
);

/** A place's address, as a task and a saved place carry it. */
export const addressField = () =>
  text('address', { max: MAX_LENGTH.address, label: 'Address' }).trim().min(1, { error: 'address is required' });

/**
 * Optional house number, gate, landmark (older clients omit it): the length first, then no
 * control characters but line breaks.
 */
export const addressDetailsField = () =>
  text('addressDetails', {
    max: ADDRESS_DETAILS_MAX_LENGTH,
    multiline: true,
    label: 'Address details',
    tooLong: ADDRESS_DETAILS_TOO_LONG,
    badCharacters: ADDRESS_DETAILS_CONTROL_CHARACTERS,
  })
    .refine((value) => !hasForbiddenControlCharacters(value), { error: ADDRESS_DETAILS_CONTROL_CHARACTERS })
    .transform(normalizeAddressDetails)
    .optional();

export const createTaskSchema = z.object(
  {
    address: addressField(),
    addressDetails: addressDetailsField(),
    location: geoPointSchema,
    /** The unit price the client was shown (naira); the charge is this x `quantity`. */
    amount: number('amount', 'a number of naira')
      .nonnegative({ error: 'amount must not be negative' })
      .refine(isNairaAmount, { error: 'amount must be naira with at most 2 decimals' }),
    /** How much, in the service's unit (absent: 1); the server checks it against the unit's range. */
    quantity: number('quantity', 'a number').optional(),
    /** What the client's plan should pay of `quantity` (absent: 0); all of it: nothing is charged. */
    coveredQuantity: number('coveredQuantity', 'a number').optional(),
    /** Recycle tokens (1 = ₦1) paying part of it, at most half of what is paid; the card pays the rest. */
    pointsUsed: number('pointsUsed', 'a number')
      .nonnegative({ error: 'pointsUsed must not be negative' })
      .refine(isNairaAmount, { error: 'pointsUsed must be a number of tokens with at most 2 decimals' })
      .optional(),
    /** A 2-hour window (absent or null: as soon as possible); the server accepts only an offered one. */
    scheduledFor: z
      .object(
        {
          start: isoDateTime('scheduledFor.start'),
          end: isoDateTime('scheduledFor.end'),
        },
        { error: 'scheduledFor must be an object with start and end' },
      )
      .nullish(),
    // unit and serviceName are the client's display copies; the stored ones come from the price list.
    unit: text('unit', { max: MAX_LENGTH.label }),
    user: id('user'),
    reference: paymentReference(),
    type: text('type', { max: MAX_LENGTH.label }).trim().min(1, { error: 'type is required' }),
    serviceName: text('serviceName', { max: 200 }),
  },
  { error: NOT_AN_OBJECT },
);
