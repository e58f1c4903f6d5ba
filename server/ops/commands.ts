/**
 * Operator commands as plain functions over the database. The CLI runs them directly when no
 * server is running, and the /ops/* routes run them for the CLI when one is; both get the same
 * validation, errors and answers. Ids may be given as a unique prefix of at least 4 characters.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isNairaAmount, koboToNaira, nairaToKobo } from '../../src/shared/money';
import { addPoints } from '../db/points';
import { findUserById } from '../db/users';
import type { ChatMessage, TaskStatus } from '../../src/shared/contract';
import { serviceKey } from '../../src/shared/service-key';
import { normalizePhone } from '../../src/shared/validation/phone';
import { TASK_STATUSES } from '../../src/shared/task-status';
import {
  driverMessageSchema,
  newDriverSchema,
  opsIdSchema,
  positionSchema,
  statusSchema,
  type NewDriver,
} from '../../src/shared/schemas/ops';
import type { Db, Queryable } from '../db/connection';
import { insertMessageOnce } from '../db/messages';
import { setDriverOneTimePassword } from '../db/drivers';
import { hashPassword } from '../auth/passwords';
import * as sql from '../db/ops';
import { ratingAverage } from '../db/tasks';
import { insertStatusEvent } from '../db/task-events';
import { replyToSupportRequest, selectSupportRequests, type OpsSupportRow } from '../db/support';
import { cancelTask, startRefund } from '../aftercare/refunds';
import { mailReceipt } from '../aftercare/receipt';
import type { AftercareServices } from '../aftercare/services';
import { MAX_LENGTH } from '../../src/shared/limits';
import { text } from '../../src/shared/schemas/fields';

export class OpsError extends Error {
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
  ) {
    super(message);
  }
}

// ---- input schemas (src/shared/schemas/ops.ts; also used by the /ops/* routes) ----

export {
  driverMessageSchema,
  newDriverSchema,
  opsIdSchema,
  positionSchema,
  statusSchema,
  type NewDriver,
} from '../../src/shared/schemas/ops';

/** Validates command input; a bad value is an OpsError('invalid') with the schema's message. */
export function parseOpsInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new OpsError('invalid', result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}

// ---- answers ----

export interface OpsTask {
  id: string;
  status: TaskStatus;
  reference: string;
  serviceName: string;
  type: string;
  amount: number;
  unit: string;
  address: string;
  /** House number, gate, landmark ('' when none). */
  addressDetails: string;
  lat: number;
  lng: number;
  datetime: string;
  confirmationCode: string;
  client: { id: string; name: string; email: string };
  driver: { id: string; name: string; phone: string } | null;
  /** A completed recycling task's weight (kg), when the operator recorded it. */
  recycledKg: number | null;
  /** How much, in `unit`. */
  quantity: number;
  /** The pickup window; null: as soon as possible. */
  scheduledFor: { start: string; end: string } | null;
  /** When the driver arrived (within 100 m of the pin, or `arrive`); null until then. */
  arrivedAt: string | null;
}

export interface OpsSupportRequest {
  id: string;
  taskId: string;
  serviceName: string;
  client: { id: string; name: string; email: string };
  category: string;
  text: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
  /** The client's running plan (its support is listed first), else null. */
  plan: string | null;
}

function toOpsSupport(row: OpsSupportRow): OpsSupportRequest {
  return {
    plan: row.client_plan,
    id: row.id,
    taskId: row.task_id,
    serviceName: row.service_name,
    client: { id: row.user_id, name: `${row.client_firstname} ${row.client_lastname}`, email: row.client_email },
    category: row.category,
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
    reply: row.reply,
    repliedAt: row.replied_at ? new Date(row.replied_at).toISOString() : null,
  };
}

export interface OpsDriver {
  id: string;
  firstname: string;
  lastname: string;
  phone: string;
  lat: number;
  lng: number;
  locationUpdatedAt: string;
  /** Tasks it is on now (driver-assigned or on-going). */
  activeTasks: number;
  vehicle: string;
  plate: string;
  photoUrl: string;
  rating: { average: number; count: number };
}

export interface StatusChange {
  task: OpsTask;
  /** Set when this change completed a referred client's first task. */
  referralReward: { referrerId: string; amount: number } | null;
  /** Recycle tokens the task's client earned by this completion (a recycling task's weight). */
  pointsEarned: number | null;
}

/** A recycling task's weight as the operator weighed it (kg). */
export const recycledKgSchema = z
  .number({ error: 'kg must be a number' })
  .positive({ error: 'kg must be more than 0' })
  .max(10_000, { error: 'kg must be at most 10000' });

function toOpsTask(row: sql.OpsTaskRow): OpsTask {
  return {
    id: row.id,
    status: row.status,
    reference: row.reference,
    serviceName: row.service_name,
    type: row.type,
    amount: koboToNaira(Number(row.amount_kobo)),
    unit: row.unit,
    address: row.address,
    addressDetails: row.address_details ?? '',
    lat: Number(row.lat),
    lng: Number(row.lng),
    datetime: new Date(row.datetime).toISOString(),
    confirmationCode: row.confirmation_code,
    recycledKg: row.recycled_kg === null ? null : Number(row.recycled_kg),
    quantity: Number(row.quantity),
    scheduledFor:
      row.scheduled_start && row.scheduled_end
        ? { start: new Date(row.scheduled_start).toISOString(), end: new Date(row.scheduled_end).toISOString() }
        : null,
    arrivedAt: row.arrived_at ? new Date(row.arrived_at).toISOString() : null,
    client: { id: row.user_id, name: `${row.client_firstname} ${row.client_lastname}`, email: row.client_email },
    driver: row.driver_id
      ? { id: row.driver_id, name: `${row.driver_firstname} ${row.driver_lastname}`, phone: row.driver_phone ?? '' }
      : null,
  };
}

function toOpsDriver(row: sql.OpsDriverRow): OpsDriver {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    lat: Number(row.lat),
    lng: Number(row.lng),
    locationUpdatedAt: new Date(row.location_updated_at).toISOString(),
    activeTasks: Number(row.active_tasks),
    vehicle: row.vehicle ?? '',
    plate: row.plate ?? '',
    photoUrl: row.photo_url ?? '',
    rating: {
      average: ratingAverage(Number(row.rating_sum ?? 0), Number(row.rating_count ?? 0)),
      count: Number(row.rating_count ?? 0),
    },
  };
}

// ---- id resolution ----

const MIN_PREFIX = 4;

async function resolveId(db: Queryable, table: 'tasks' | 'drivers', given: string): Promise<string> {
  const what = table === 'tasks' ? 'task' : 'driver';
  if (String(given ?? '').trim() === '') throw new OpsError('invalid', `A ${what} id is required`);
  // Length and control characters first: a NUL byte would reach PostgreSQL otherwise.
  const idOrPrefix = parseOpsInput(opsIdSchema(`${what} id`), String(given));
  const ids = await sql.matchIds(db, table, idOrPrefix);
  if (ids.length === 1 && (ids[0] === idOrPrefix || idOrPrefix.length >= MIN_PREFIX)) return ids[0];
  if (ids.length > 1 && idOrPrefix.length >= MIN_PREFIX) {
    throw new OpsError('invalid', `"${idOrPrefix}" matches more than one ${what}: give more of the id`);
  }
  throw new OpsError('not-found', `No ${what} with id "${idOrPrefix}"`);
}

async function loadTask(db: Queryable, id: string): Promise<OpsTask> {
  const row = await sql.selectTask(db, id);
  if (!row) throw new OpsError('not-found', `No task with id "${id}"`);
  return toOpsTask(row);
}

async function loadDriver(db: Queryable, id: string): Promise<OpsDriver> {
  const row = await sql.selectDriver(db, id);
  if (!row) throw new OpsError('not-found', `No driver with id "${id}"`);
  return toOpsDriver(row);
}

// ---- the commands ----

export async function listTasks(db: Queryable, filter: { status?: string } = {}): Promise<OpsTask[]> {
  const status = filter.status === undefined ? undefined : parseOpsInput(statusSchema, filter.status);
  return (await sql.selectTasks(db, status)).map(toOpsTask);
}

export async function listDrivers(db: Queryable): Promise<OpsDriver[]> {
  return (await sql.selectDrivers(db)).map(toOpsDriver);
}

const ASSIGNABLE: readonly TaskStatus[] = ['pending', 'driver-assigned', 'on-going'];

/** Gives the task a driver; its status becomes 'driver-assigned' (the client is told, also of a new driver). */
export async function assignDriver(db: Db, taskIdOrPrefix: string, driverIdOrPrefix: string): Promise<OpsTask> {
  const taskId = await resolveId(db, 'tasks', taskIdOrPrefix);
  const driverId = await resolveId(db, 'drivers', driverIdOrPrefix);
  await db.transaction(async (tx) => {
    const task = await sql.lockTask(tx, taskId);
    if (!task) throw new OpsError('not-found', `No task with id "${taskId}"`);
    if (!ASSIGNABLE.includes(task.status)) {
      throw new OpsError(
        'invalid',
        `Task ${taskId} is ${task.status}: only a pending, driver-assigned or on-going task can get a driver`,
      );
    }
    await sql.updateTaskDriver(tx, taskId, driverId);
    if (task.status !== 'driver-assigned' || task.driver_id !== driverId)
      await insertStatusEvent(tx, taskId, 'driver-assigned');
    // A driver change says who is coming now (when another driver wrote in the thread).
    await sql.noteNewDriver(tx, taskId, driverId);
  });
  return loadTask(db, taskId);
}

const NEEDS_DRIVER: readonly TaskStatus[] = ['driver-assigned', 'on-going', 'completed'];

/**
 * Sets a task's status. 'pending' drops the driver; driver-assigned, on-going and completed
 * need one. A change of status is told to the client (the bell's event), in the same
 * transaction. A cancelled task is final; cancelling a paid one refunds it in full, and
 * completing a paid one mails its receipt (both after the commit, with `aftercare`). Completing a referred client's first task credits the referrer once (in the same
 * transaction; `users.referral_rewarded` on the referred client guards it).
 */
export async function setTaskStatus(
  db: Db,
  taskIdOrPrefix: string,
  statusInput: string,
  options: { referralReward: number; aftercare?: AftercareServices; recycledKg?: number },
): Promise<StatusChange> {
  const status = parseOpsInput(statusSchema, statusInput);
  const recycledKg = options.recycledKg === undefined ? undefined : parseOpsInput(recycledKgSchema, options.recycledKg);
  if (recycledKg !== undefined && status !== 'completed')
    throw new OpsError('invalid', 'A weight (--kg) is recorded only when completing a task');
  const taskId = await resolveId(db, 'tasks', taskIdOrPrefix);
  let before: TaskStatus | undefined;
  let pointsEarned: number | null = null;
  const referralReward = await db.transaction(async (tx) => {
    const task = await sql.lockTask(tx, taskId);
    if (!task) throw new OpsError('not-found', `No task with id "${taskId}"`);
    before = task.status;
    // Cancelled is final: the client may have been refunded, and a cancel racing this change has won.
    if (task.status === 'cancelled' && status !== 'cancelled')
      throw new OpsError('invalid', `Task ${taskId} is cancelled: it cannot change any more`);
    if (NEEDS_DRIVER.includes(status) && !task.driver_id) {
      throw new OpsError('invalid', `Task ${taskId} has no driver: assign one first (assign <taskId> <driverId>)`);
    }
    if (status === 'cancelled' && task.status !== 'cancelled') {
      const from = TASK_STATUSES.filter((value) => value !== 'cancelled');
      const order = { taskId, by: 'operator' as const, from, reason: null, note: '' };
      await cancelTask(tx, order, options.aftercare?.refunder.kind ?? 'test-ledger');
      await insertStatusEvent(tx, taskId, status);
      return null;
    }
    if (recycledKg !== undefined) {
      if (serviceKey(task.service_name) !== 'recycling')
        throw new OpsError('invalid', `Task ${taskId} is not a recycling task: only recycling is weighed`);
      if (task.status === 'completed' || task.recycled_kg !== null)
        throw new OpsError('invalid', `Task ${taskId} is completed already: its weight cannot change`);
    }
    await sql.updateTaskStatus(tx, taskId, status, status === 'pending');
    if (task.status !== status) await insertStatusEvent(tx, taskId, status);
    if (status !== 'completed' || task.status === 'completed') return null;
    if (recycledKg !== undefined)
      pointsEarned = koboToNaira(await sql.recordRecycledWeight(tx, taskId, task.user_id, recycledKg));
    if ((await sql.countCompletedTasks(tx, task.user_id, taskId)) > 0) return null;
    const referrerId = await sql.claimReferralReward(tx, task.user_id);
    if (!referrerId) return null;
    await sql.creditReferrer(tx, referrerId, options.referralReward);
    return { referrerId, amount: options.referralReward };
  });
  if (options.aftercare && before !== status) {
    if (status === 'cancelled') await startRefund(db, options.aftercare, taskId);
    if (status === 'completed') await mailReceipt(db, options.aftercare, taskId);
  }
  return { task: await loadTask(db, taskId), referralReward, pointsEarned };
}

/** The driver says it has arrived (what a driver app's 'I have arrived' would send); the status stays. */
export async function markArrived(db: Queryable, taskIdOrPrefix: string): Promise<OpsTask> {
  const taskId = await resolveId(db, 'tasks', taskIdOrPrefix);
  if (!(await sql.markArrived(db, taskId))) {
    const task = await loadTask(db, taskId);
    throw new OpsError(
      'invalid',
      `Task ${taskId} is ${task.status}${task.driver ? '' : ' with no driver'}: only the driver of a task under way can arrive`,
    );
  }
  return loadTask(db, taskId);
}

export async function moveDriver(
  db: Queryable,
  driverIdOrPrefix: string,
  lat: number,
  lng: number,
): Promise<OpsDriver> {
  const position = parseOpsInput(positionSchema, { lat, lng });
  const driverId = await resolveId(db, 'drivers', driverIdOrPrefix);
  await sql.updateDriverLocation(db, driverId, position.lat, position.lng);
  return loadDriver(db, driverId);
}

/** 10 characters without look-alikes (no 0/O, 1/I/L): read out or typed on a phone without doubt. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function oneTimePassword(): string {
  return Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/** The driver, and the one-time password they sign in with first (shown once, stored hashed). */
export async function addDriver(db: Queryable, input: NewDriver): Promise<OpsDriver & { password: string }> {
  const driver = parseOpsInput(newDriverSchema, input);
  // The schema accepted it as a Nigerian mobile number: stored in E.164 like the clients'.
  const id = await sql.insertDriver(db, { ...driver, phone: normalizePhone(driver.phone) ?? driver.phone });
  const password = oneTimePassword();
  await setDriverOneTimePassword(db, id, await hashPassword(password));
  return { ...(await loadDriver(db, id)), password };
}

const CHATTABLE: readonly TaskStatus[] = ['driver-assigned', 'on-going', 'completed'];

/** Posts a chat message from the task's driver (what a driver app would send); answers the stored message. */
export async function sendDriverMessage(
  db: Queryable,
  taskIdOrPrefix: string,
  contentInput: string,
): Promise<ChatMessage> {
  const content = parseOpsInput(driverMessageSchema, contentInput);
  const taskId = await resolveId(db, 'tasks', taskIdOrPrefix);
  const task = await loadTask(db, taskId);
  if (!task.driver || !CHATTABLE.includes(task.status)) {
    throw new OpsError(
      'invalid',
      `Task ${taskId} is ${task.status}${task.driver ? '' : ' with no driver'}: only the driver of an assigned task can send messages`,
    );
  }
  const sent = await insertMessageOnce(db, { id: randomUUID(), taskId, sender: 'driver', content, clientId: null });
  if ('full' in sent) throw new OpsError('invalid', `Task ${taskId}'s chat is full`);
  return sent.message;
}

/** Recycle tokens (1 = ₦1) an operator credits: more than 0, at most 1,000,000, at most 2 decimals. */
export const pointsCreditSchema = z
  .number({ error: 'amount must be a number of tokens' })
  .positive({ error: 'amount must be more than 0' })
  .max(1_000_000, { error: 'amount must be at most 1000000' })
  .refine(isNairaAmount, { error: 'amount must have at most 2 decimals' });

/** Credits a client recycle tokens by hand (a goodwill gesture, a correction); answers the new balance. */
export async function creditPoints(db: Queryable, userId: string, amountInput: unknown): Promise<{ balance: number }> {
  const amount = parseOpsInput(pointsCreditSchema, amountInput);
  if (!(await findUserById(db, userId))) throw new OpsError('not-found', `No client with id "${userId}"`);
  await addPoints(db, { userId, kind: 'credit', amountKobo: nairaToKobo(amount) });
  const user = await findUserById(db, userId);
  return { balance: koboToNaira(Number(user!.balance_kobo)) };
}

// ---- support requests ----

export const supportReplySchema = text('reply', {
  max: MAX_LENGTH.supportText,
  multiline: true,
  tooLong: `reply is too long (at most ${MAX_LENGTH.supportText} characters)`,
})
  .trim()
  .min(1, 'reply is required');

/** Support requests, unanswered first, plan holders first among them (`all`: answered ones too). */
export async function listSupport(
  db: Queryable,
  options: { all?: boolean; now?: Date } = {},
): Promise<OpsSupportRequest[]> {
  return (await selectSupportRequests(db, options.all ?? false, options.now ?? new Date())).map(toOpsSupport);
}

/** Answers a support request once; the client sees the reply in the bell, on the task. */
export async function replySupport(db: Db, idInput: string, replyInput: string): Promise<OpsSupportRequest> {
  const reply = parseOpsInput(supportReplySchema, replyInput);
  const id = parseOpsInput(opsIdSchema('request id'), String(idInput ?? ''));
  const matches = await db.query<{ id: string }>(
    `select id from support_requests where id = $1 or (length($1) >= ${MIN_PREFIX} and starts_with(id, $1))
      order by (id = $1) desc, id limit 2`,
    [id],
  );
  const [match] = matches;
  if (!match) throw new OpsError('not-found', `No support request with id "${id}"`);
  if (matches.length > 1 && match.id !== id)
    throw new OpsError('invalid', `"${id}" matches more than one support request: give more of the id`);
  const answered = await db.transaction((tx) => replyToSupportRequest(tx, match.id, reply));
  if (answered === 'not-found') throw new OpsError('not-found', `No support request with id "${id}"`);
  if (answered === 'answered') throw new OpsError('invalid', `Support request ${match.id} was answered already`);
  return toOpsSupport(answered);
}
