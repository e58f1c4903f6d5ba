/**
 * Request schemas of the operator console's API (issue 47, docs/operations.md 'The console'):
 * sign-in, the password change, operators, the refund limit, cancel and complete, drivers'
 * edits and client lookup. Lengths first, as everywhere.
 */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { isNairaAmount } from '../money';
import { isEmailAddress } from '../validation/email';
import { isCommonPassword } from '../validation/common-passwords';
import { NOT_AN_OBJECT, number, text } from './fields';
import { newDriverSchema, statusSchema } from './ops';

export const OPS_LOGIN_FIELDS_REQUIRED = 'Email and password are required';
export const INVALID_OPS_LOGIN = 'Invalid email or password';
export const OPERATOR_PASSWORD_MIN = 12;
export const SHORT_OPERATOR_PASSWORD = `Password must be at least ${OPERATOR_PASSWORD_MIN} characters long`;
export const COMMON_OPERATOR_PASSWORD = 'This password is too common: choose another';
/** A cancel's reason, as the console asks it. */
export const CANCEL_REASON_MAX = 500;

const password = (field: string, required: string, tooLong: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? required : `${field} must be a string`) })
    .max(MAX_LENGTH.password, { error: tooLong, abort: true });

const email = (invalid: string, required = 'email is required') =>
  text('email', { max: MAX_LENGTH.email, required, tooLong: invalid })
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true });

export const opsLoginSchema = z.object(
  {
    email: email(INVALID_OPS_LOGIN, OPS_LOGIN_FIELDS_REQUIRED),
    password: password('password', OPS_LOGIN_FIELDS_REQUIRED, INVALID_OPS_LOGIN).min(1, {
      error: OPS_LOGIN_FIELDS_REQUIRED,
    }),
  },
  { error: OPS_LOGIN_FIELDS_REQUIRED },
);

/** An operator's own password: at least 12 characters and not a common one. */
export const operatorPasswordRule = password(
  'newPassword',
  'newPassword is required',
  `Password must be at most ${MAX_LENGTH.password} characters long`,
)
  .min(OPERATOR_PASSWORD_MIN, { error: SHORT_OPERATOR_PASSWORD, abort: true })
  .refine((value) => !isCommonPassword(value), { error: COMMON_OPERATOR_PASSWORD });

export const opsPasswordSchema = z.object(
  {
    currentPassword: password('currentPassword', 'currentPassword is required', 'currentPassword is too long').min(1, {
      error: 'currentPassword is required',
    }),
    newPassword: operatorPasswordRule,
  },
  { error: NOT_AN_OBJECT },
);

/** The one list of operator roles: the server's guards, the database's type and the console's rules derive from it. */
export const OPERATOR_ROLES = ['admin', 'dispatcher', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
const ROLE_LIST = `${OPERATOR_ROLES.slice(0, -1).join(', ')} or ${OPERATOR_ROLES.at(-1)}`;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES, {
  error: (issue) => (issue.input === undefined ? 'role is required' : `role must be ${ROLE_LIST}`),
});

export const newOperatorSchema = z.object(
  {
    email: email('email must be at most 254 characters').refine(isEmailAddress, {
      error: 'email must be an e-mail address',
    }),
    role: operatorRoleSchema,
  },
  { error: NOT_AN_OBJECT },
);

/** Naira, at most 2 decimals, at most ₦100,000,000. */
const naira = (field: string) =>
  number(field, 'a number of naira')
    .min(0, { error: `${field} must not be negative` })
    .max(100_000_000, { error: `${field} must be at most 100000000` })
    .refine(isNairaAmount, { error: `${field} must have at most 2 decimals` });

export const refundLimitSchema = z.object({ amount: naira('amount') }, { error: NOT_AN_OBJECT });

export const cancelTaskSchema = z.object(
  {
    reason: text('reason', {
      max: CANCEL_REASON_MAX,
      multiline: true,
      tooLong: `reason is too long (at most ${CANCEL_REASON_MAX} characters)`,
    })
      .trim()
      .min(1, { error: 'reason is required' }),
  },
  { error: NOT_AN_OBJECT },
);

export const opsCompleteSchema = z.object(
  {
    quantity: number('quantity', 'a positive number')
      .positive({ error: 'quantity must be a positive number' })
      .max(100_000, { error: 'quantity is too large' }),
  },
  { error: NOT_AN_OBJECT },
);

/** An admin's goodwill refund of a completed task: how much (naira, more than 0) and why. */
export const goodwillRefundSchema = z.object(
  {
    amount: naira('amount').refine((amount) => amount > 0, { error: 'amount must be more than 0' }),
    reason: text('reason', {
      max: CANCEL_REASON_MAX,
      multiline: true,
      tooLong: `reason is too long (at most ${CANCEL_REASON_MAX} characters)`,
    })
      .trim()
      .min(1, { error: 'reason is required' }),
  },
  { error: NOT_AN_OBJECT },
);

const lagosDate = (field: string) =>
  text(field, { max: 10 })
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, { error: `${field} must be a date, YYYY-MM-DD` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: `${field} must be a date, YYYY-MM-DD`,
    });

/** Deactivating or reactivating a driver: why (the audit keeps it). */
export const driverStatusSchema = z.object(
  {
    reason: text('reason', {
      max: CANCEL_REASON_MAX,
      tooLong: `reason is too long (at most ${CANCEL_REASON_MAX} characters)`,
    })
      .trim()
      .min(1, { error: 'reason is required' }),
  },
  { error: NOT_AN_OBJECT },
);

/** Calls that take nothing (reset a password, close). */
export const emptyOpsSchema = z.object({}, { error: NOT_AN_OBJECT });

/** `?q=`: an e-mail or a phone number, or part of one. */
export const clientQuerySchema = text('q', { max: MAX_LENGTH.email, tooLong: 'q is too long (at most 254 characters)' })
  .trim()
  .min(3, { error: 'q must be at least 3 characters' });

export const auditQuerySchema = z.object({
  before: text('before', { max: 20 })
    .regex(/^[1-9][0-9]{0,17}$/, { error: 'before must be an audit row id' })
    .optional(),
  limit: text('limit', { max: 3 })
    .regex(/^[0-9]+$/, { error: 'limit must be a number from 1 to 100' })
    .transform(Number)
    .refine((value) => value >= 1 && value <= 100, { error: 'limit must be a number from 1 to 100' })
    .optional(),
  /** Part of the actor's e-mail. */
  who: text('who', { max: MAX_LENGTH.email, tooLong: 'who is too long (at most 254 characters)' }).trim().optional(),
  /** An action ('task.cancel') or its kind ('task'). */
  what: text('what', { max: 40 })
    .regex(/^[a-z]+(\.[a-z-]+)?$/, { error: 'what must be an action such as task.cancel, or its kind such as task' })
    .optional(),
  task: text('task', { max: 100 })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'task must be a task id' })
    .optional(),
  day: lagosDate('day').optional(),
});

/** A driver's edit: any of the fields the driver was added with but the position. */
export const driverEditSchema = newDriverSchema.omit({ lat: true, lng: true }).partial();

const wholeNumber = (field: string, max: number) =>
  text(field, { max: String(max).length })
    .regex(/^[0-9]+$/, { error: `${field} must be a number from 1 to ${max}` })
    .transform(Number)
    .refine((value) => value >= 1 && value <= max, { error: `${field} must be a number from 1 to ${max}` });

/** The board's rows a page. */
export const BOARD_PAGE_SIZE = 50;
/** What a board search may be as long as. */
export const BOARD_SEARCH_MAX = 100;

/**
 * `GET /ops/tasks`'s query (docs/operations.md 'The board'): `search` (address, client's name or
 * phone, task id, driver), `state` (open, all), `status`, `service` (a service key), `day`
 * (a Lagos day, YYYY-MM-DD, of the task's due time), `driver` (an id), `attention` (1: Needs
 * attention only), `page` (from 1; absent: every row, as the CLI reads them).
 */
/** The longest report: about a quarter. */
export const REPORT_MAX_DAYS = 92;

/** The daily report's days (Lagos dates; absent: today). */
export const reportQuerySchema = z
  .object({ from: lagosDate('from').optional(), to: lagosDate('to').optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'from must not be after to' })
  .refine(
    (query) => !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) < REPORT_MAX_DAYS * 86_400_000,
    { error: `A report covers at most ${REPORT_MAX_DAYS} days` },
  );

export const boardQuerySchema = z.object({
  search: text('search', {
    max: BOARD_SEARCH_MAX,
    tooLong: `search is too long (at most ${BOARD_SEARCH_MAX} characters)`,
  })
    .trim()
    .optional(),
  state: z.enum(['open', 'all'], { error: 'state must be open or all' }).optional(),
  status: statusSchema.optional(),
  service: text('service', { max: MAX_LENGTH.label })
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, { error: 'service must be a service key' })
    .optional(),
  day: lagosDate('day').optional(),
  driver: text('driver', { max: 100 })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'driver must be a driver id' })
    .optional(),
  attention: z.enum(['0', '1'], { error: 'attention must be 0 or 1' }).optional(),
  page: wholeNumber('page', 10_000).optional(),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** An admin's note on a refund request's approval or decline. */
export const REFUND_NOTE_MAX = 500;
export const refundDecisionSchema = z.object(
  {
    note: text('note', {
      max: REFUND_NOTE_MAX,
      multiline: true,
      tooLong: `note is too long (at most ${REFUND_NOTE_MAX} characters)`,
    })
      .trim()
      .min(1, { error: 'note is required' }),
  },
  { error: NOT_AN_OBJECT },
);

/** A support agent's reply to a client's request (the console's reply form and POST /ops/support/:id/reply). */
export const supportReplySchema = text('reply', {
  max: MAX_LENGTH.supportText,
  multiline: true,
  tooLong: `reply is too long (at most ${MAX_LENGTH.supportText} characters)`,
})
  .trim()
  .min(1, 'reply is required');

/** How a payment in question was settled outside the app (the console's note and POST /ops/payments/settle). */
export const SETTLEMENT_NOTE_MAX = 500;
export const settlementNoteSchema = z
  .string({ error: 'note is required' })
  .trim()
  .min(1, 'note is required: say how it was settled (e.g. "refunded in the Paystack dashboard")')
  .max(SETTLEMENT_NOTE_MAX, `note is too long (at most ${SETTLEMENT_NOTE_MAX} characters)`)
  .refine((note) => note.toLowerCase() !== 'honoured', 'use the honour command to give the client what they paid for');
