/**
 * Inputs of the operator commands (`npm run ops`, and the /ops/* routes that run them for
 * the CLI while a server is up). Messages name the CLI's own argument names.
 */
import { z } from 'zod';
import type { TaskStatus } from '../contract';
import { TASK_STATUSES } from '../task-status';
import { MAX_LENGTH } from '../limits';
import { isPhoneNumber } from '../validation/phone';
import { text } from './fields';

const STATUS_LIST = TASK_STATUSES.join(', ');
export const statusSchema = z.enum(TASK_STATUSES as unknown as [TaskStatus, ...TaskStatus[]], {
  error: (issue) =>
    issue.input === undefined
      ? 'status is required'
      : `Unknown status ${JSON.stringify(issue.input).slice(0, 40)}: use one of ${STATUS_LIST}`,
});

const coordinate = (name: string, limit: number) =>
  z
    .number({ error: `${name} must be a number between -${limit} and ${limit}` })
    .min(-limit, `${name} must be between -${limit} and ${limit}`)
    .max(limit, `${name} must be between -${limit} and ${limit}`);

const NOT_AN_OBJECT = { error: 'Expected a JSON object' };

export const positionSchema = z.object({ lat: coordinate('lat', 90), lng: coordinate('lng', 180) }, NOT_AN_OBJECT);

const DRIVER_NAME_MAX = 60;
const name = (field: string) =>
  text(field, { max: DRIVER_NAME_MAX, name: true, tooLong: `${field} is too long` })
    .trim()
    .min(1, `${field} is required`);

export const newDriverSchema = positionSchema.extend({
  firstname: name('firstname'),
  lastname: name('lastname'),
  phone: text('phone', { max: MAX_LENGTH.phone, tooLong: 'phone is too long' })
    .trim()
    .refine(isPhoneNumber, 'phone must be a phone number such as +2348031234567'),
  vehicle: text('vehicle', { max: MAX_LENGTH.vehicle, tooLong: 'vehicle is too long' }).trim().optional(),
  plate: text('plate', { max: MAX_LENGTH.plate, tooLong: 'plate is too long' })
    .trim()
    .toUpperCase()
    .refine((plate) => /^[A-Z0-9 -]*$/.test(plate), 'plate may hold letters, digits, spaces and hyphens only')
    .optional(),
  // An https address or a path on this server: never a javascript: or data: URL in an <img>.
  photoUrl: text('photoUrl', { max: MAX_LENGTH.photoUrl, tooLong: 'photoUrl is too long' })
    .trim()
    .refine(
      (url) => url === '' || /^https:\/\/[^\s"'<>]+$/i.test(url) || /^\/[^/\s"'<>][^\s"'<>]*$/.test(url),
      'photoUrl must be an https:// address or a path starting with /',
    )
    .optional(),
});
export type NewDriver = z.infer<typeof newDriverSchema>;

/** Same limit as the chat API. */
export const driverMessageSchema = text('content', {
  max: MAX_LENGTH.chat,
  multiline: true,
  tooLong: `content is too long (at most ${MAX_LENGTH.chat} characters)`,
})
  .trim()
  .min(1, 'content is required: a message cannot be empty');

/** A task or driver id, or a prefix of one, as the CLI and the /ops paths take it. */
/** `?all=1` (or `true`): a list with its settled or answered entries too; absent, `0` or `false`: without. */
export const allQuerySchema = z.object({
  all: z
    .enum(['1', 'true', '0', 'false'], { error: 'all must be 1, true, 0 or false' })
    .optional()
    .transform((all) => all === '1' || all === 'true'),
});

export const opsIdSchema = (field: string) =>
  text(field, { max: MAX_LENGTH.id, tooLong: `${field} is too long` })
    .trim()
    .min(1, `${field} is required`);
