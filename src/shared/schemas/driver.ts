/**
 * Request schemas of the driver's API (docs/driver.md): sign-in, the password change, being
 * online, the offers, the task and the positions. Lengths first, as everywhere.
 */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { INVALID_PHONE, isPhoneNumber } from '../validation/phone';
import { sendMessageSchema } from './chat';
import { MAX_POSITIONS_PER_BATCH, PHOTO_MAX_DATA_URL } from '../driver-rules';
import { NOT_AN_OBJECT, id, isoDateTime, number, text } from './fields';

export const DRIVER_LOGIN_FIELDS_REQUIRED = 'Phone number and password are required';
export const INVALID_DRIVER_LOGIN = 'Invalid phone number or password';
export const SHORT_DRIVER_PASSWORD = 'Password must be at least 8 characters long';

const password = (field: string, required: string, tooLong: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? required : `${field} must be a string`) })
    .max(MAX_LENGTH.password, { error: tooLong, abort: true });

export const driverLoginSchema = z.object(
  {
    phone: text('phone', {
      max: MAX_LENGTH.phone,
      required: DRIVER_LOGIN_FIELDS_REQUIRED,
      tooLong: INVALID_DRIVER_LOGIN,
    })
      .trim()
      .min(1, { error: DRIVER_LOGIN_FIELDS_REQUIRED, abort: true })
      .refine(isPhoneNumber, { error: INVALID_PHONE }),
    password: password('password', DRIVER_LOGIN_FIELDS_REQUIRED, INVALID_DRIVER_LOGIN).min(1, {
      error: DRIVER_LOGIN_FIELDS_REQUIRED,
    }),
  },
  { error: DRIVER_LOGIN_FIELDS_REQUIRED },
);

export const driverPasswordSchema = z.object(
  {
    currentPassword: password('currentPassword', 'currentPassword is required', 'currentPassword is too long').min(1, {
      error: 'currentPassword is required',
    }),
    newPassword: password(
      'newPassword',
      'newPassword is required',
      `Password must be at most ${MAX_LENGTH.password} characters long`,
    ).min(8, { error: SHORT_DRIVER_PASSWORD }),
  },
  { error: NOT_AN_OBJECT },
);

export const availabilitySchema = z.object(
  {
    online: z.boolean({
      error: (issue) => (issue.input === undefined ? 'online is required' : 'online must be true or false'),
    }),
  },
  { error: NOT_AN_OBJECT },
);

/** Calls that take nothing but the token. */
export const emptyDriverSchema = z.object({}, { error: NOT_AN_OBJECT });

export const driverTaskSchema = z.object({ taskId: id('taskId') }, { error: NOT_AN_OBJECT });

export const completeTaskSchema = z.object(
  {
    taskId: id('taskId'),
    code: text('code', { max: 16 }).trim().min(1, { error: 'code is required' }),
    quantity: number('quantity', 'a positive number')
      .positive({ error: 'quantity must be a positive number' })
      .max(100_000, { error: 'quantity is too large' }),
  },
  { error: NOT_AN_OBJECT },
);

export const PHOTO_TOO_LARGE = 'The photo is too large (200 kB at most)';

/** The pickup photo as a data URL: its length first; its type is judged by its bytes (server/tasks/driver-photo.routes.ts). */
export const taskPhotoSchema = z.object(
  {
    taskId: id('taskId'),
    image: z
      .string({ error: (issue) => (issue.input == null ? 'image is required' : 'image must be a string') })
      .max(PHOTO_MAX_DATA_URL, { error: PHOTO_TOO_LARGE, abort: true })
      .min(1, { error: 'image is required' }),
  },
  { error: NOT_AN_OBJECT },
);

/** What was weighed or counted at the door (the service's own rule is the lifecycle's: src/shared/quantity.ts). */
export const weighTaskSchema = z.object(
  {
    taskId: id('taskId'),
    quantity: number('quantity', 'a positive number')
      .positive({ error: 'quantity must be a positive number' })
      .max(100_000, { error: 'quantity is too large' }),
  },
  { error: NOT_AN_OBJECT },
);

const positionSchema = z.object(
  {
    lat: number('lat')
      .min(-90, { error: 'lat must be between -90 and 90' })
      .max(90, { error: 'lat must be between -90 and 90' }),
    lng: number('lng')
      .min(-180, { error: 'lng must be between -180 and 180' })
      .max(180, { error: 'lng must be between -180 and 180' }),
    accuracy: number('accuracy', 'a number of metres')
      .min(0, { error: 'accuracy must not be negative' })
      .max(100_000, { error: 'accuracy is too large' }),
    at: isoDateTime('at'),
  },
  { error: 'Each point must be an object' },
);

export const positionsSchema = z.object(
  {
    points: z
      .array(positionSchema, { error: 'points must be a list' })
      .max(MAX_POSITIONS_PER_BATCH, { error: `points: at most ${MAX_POSITIONS_PER_BATCH} in one batch`, abort: true })
      .min(1, { error: 'points must not be empty' }),
  },
  { error: NOT_AN_OBJECT },
);

/** The driver's send: the client's fields but the sender, which the token says. */
export const driverSendMessageSchema = sendMessageSchema.omit({ sender: true });

/** A history page's cursor: '<ISO time>|<task id>' of the oldest task of the page before. */
export const HISTORY_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z\|[A-Za-z0-9-]{1,100}$/;

export const driverHistorySchema = z.object(
  {
    before: text('before', { max: 150 })
      .refine((value) => HISTORY_CURSOR.test(value) && !Number.isNaN(Date.parse(value.split('|')[0] ?? '')), {
        error: 'before must be a cursor this API gave (olderCursor)',
      })
      .optional(),
  },
  { error: NOT_AN_OBJECT },
);
