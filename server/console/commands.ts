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
import { normalizePhone } from '../../src/shared/validation/phone';
import {
  driverMessageSchema,
  newDriverSchema,
  opsIdSchema,
  positionSchema,
  statusSchema,
  type NewDriver,
} from '../../src/shared/schemas/ops';
import { type AuditActor, writeAudit } from '../db/audit';
import type { Db, Queryable } from '../db/connection';
import { insertMessageOnce } from '../db/messages';
import { setDriverOneTimePassword } from '../db/drivers';
import { hashPassword } from '../accounts/passwords';
import * as sql from '../db/ops';
import { ratingAverage } from '../db/tasks';
import {
  matchSupportRequestIds,
  replyToSupportRequest,
  selectSupportRequests,
  type OpsSupportRow,
} from '../db/support';
import * as lifecycle from '../tasks/lifecycle';
import type { LifecycleDeps } from '../tasks/lifecycle';
import type { Actor } from '../tasks/transitions';
import { TaskRefused } from '../tasks/errors';
import { supportReplySchema } from '../../src/shared/schemas/ops-console';

export class OpsError extends Error {
  constructor(
    /** invalid: 400; not-found: 404; conflict (the state does not allow it): 409; forbidden (role, limit): 403. */
    readonly kind: 'invalid' | 'not-found' | 'conflict' | 'forbidden',
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
  /** The driver typed the client's confirmation code; the code itself is the client's alone. */
  codeEntered: boolean;
  client: { id: string; name: string; firstname: string; email: string };
  driver: { id: string; name: string; phone: string } | null;
  /** A completed recycling task's weight (kg), when the operator recorded it. */
  recycledKg: number | null;
  /** How much, in `unit`. */
  quantity: number;
  /** The pickup window; null: as soon as possible. */
  scheduledFor: { start: string; end: string } | null;
  /** When the driver arrived (within 100 m of the pin, or `arrive`); null until then. */
  arrivedAt: string | null;
  // The board's fields (the console, issue 47).
  service: { type: string; name: string };
  window: { start: string; end: string } | null;
  asap: boolean;
  createdAt: string;
  /** [lng, lat] of the pin. */
  location: [number, number];
  /** The offer dispatch is waiting on (to whom, until when), if any. */
  offer: { driverId: string; driverName: string; expiresAt: string } | null;
  /** Since when the task is in its current status (how long it has waited for a driver, say). */
  waitingSince: string;
  /** By when it should be served: the window's end, or an 'as soon as possible' booking plus ASAP_PROMISE_MINUTES. */
  promiseAt: string;
  /** The driver's newest 'I've arrived' refused as too far from the pin (null: none since they took it). */
  farArrival: { at: string; meters: number } | null;
  /** Since when the client has not answered an extra to pay (null: none awaiting). */
  extraAwaitingSince: string | null;
  /** Why it is in the board's Needs attention lane (the board's reads only; null: it is not). */
  attention?: sql.AttentionReason | null;
}

/** What 'as soon as possible' promises on the board: served within the hour of booking. */
export const ASAP_PROMISE_MINUTES = 60;

export interface OpsSupportRequest {
  id: string;
  taskId: string;
  serviceName: string;
  client: { id: string; name: string; firstname: string; email: string };
  category: string;
  text: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
  /** The client's running plan (its support is listed first), else null. */
  plan: string | null;
  // The console's fields (issue 47).
  /** The running plan's support priority, the admin's words ('Platinum VIP'); null without one. */
  priority: string | null;
  answered: boolean;
  closed: boolean;
  closedAt: string | null;
}

function toOpsSupport(row: OpsSupportRow): OpsSupportRequest {
  return {
    plan: row.client_plan,
    id: row.id,
    taskId: row.task_id,
    serviceName: row.service_name,
    client: {
      id: row.user_id,
      name: `${row.client_firstname} ${row.client_lastname}`,
      firstname: row.client_firstname,
      email: row.client_email,
    },
    priority: row.client_priority,
    answered: row.reply !== null,
    closed: Boolean(row.closed_at),
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
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
  // The console's fields (issue 47).
  name: string;
  /** False once deactivated: no sign-in, no offers. */
  active: boolean;
  /** Said it is working (offers go to online drivers only). */
  online: boolean;
  /** On a task now (driver-assigned or on-going). */
  busy: boolean;
  /** [lng, lat]. */
  location: [number, number];
  /** Tasks completed since midnight in Lagos. */
  tasksToday: number;
  /** Accepted offers out of those it answered or let expire (0 to 1); null before any. */
  acceptanceRate: number | null;
  /** Sent positions that could not be true (too fast, outside Nigeria) in the last 24 hours. */
  implausiblePositions: boolean;
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

export function toOpsTask(row: sql.OpsTaskRow): OpsTask {
  const scheduled =
    row.scheduled_start && row.scheduled_end
      ? { start: new Date(row.scheduled_start).toISOString(), end: new Date(row.scheduled_end).toISOString() }
      : null;
  const createdAt = new Date(row.created_at);
  return {
    id: row.id,
    status: row.status,
    reference: row.reference,
    serviceName: row.service_name,
    type: row.type,
    amount: koboToNaira(row.amount_kobo),
    unit: row.unit,
    address: row.address,
    addressDetails: row.address_details ?? '',
    lat: row.lat,
    lng: row.lng,
    datetime: new Date(row.datetime).toISOString(),
    codeEntered: row.code_entered,
    recycledKg: row.recycled_kg === null ? null : row.recycled_kg,
    quantity: row.quantity,
    scheduledFor: scheduled,
    arrivedAt: row.arrived_at ? new Date(row.arrived_at).toISOString() : null,
    client: {
      id: row.user_id,
      name: `${row.client_firstname} ${row.client_lastname}`,
      firstname: row.client_firstname,
      email: row.client_email,
    },
    driver: row.driver_id
      ? { id: row.driver_id, name: `${row.driver_firstname} ${row.driver_lastname}`, phone: row.driver_phone ?? '' }
      : null,
    service: { type: row.type, name: row.service_name },
    window: scheduled,
    asap: scheduled === null,
    createdAt: createdAt.toISOString(),
    location: [row.lng, row.lat],
    offer:
      row.offer_driver_id && row.offer_expires_at
        ? {
            driverId: row.offer_driver_id,
            driverName: `${row.offer_driver_firstname} ${row.offer_driver_lastname}`,
            expiresAt: new Date(row.offer_expires_at).toISOString(),
          }
        : null,
    waitingSince: new Date(row.status_since).toISOString(),
    promiseAt: scheduled ? scheduled.end : new Date(createdAt.getTime() + ASAP_PROMISE_MINUTES * 60_000).toISOString(),
    farArrival:
      row.far_arrival_at && row.far_arrival_m !== null
        ? { at: new Date(row.far_arrival_at).toISOString(), meters: row.far_arrival_m }
        : null,
    extraAwaitingSince: row.extra_awaiting_since ? new Date(row.extra_awaiting_since).toISOString() : null,
    ...(row.attention === undefined ? {} : { attention: row.attention }),
  };
}

function toOpsDriver(row: sql.OpsDriverRow): OpsDriver {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    lat: row.lat,
    lng: row.lng,
    locationUpdatedAt: new Date(row.location_updated_at).toISOString(),
    activeTasks: row.active_tasks,
    vehicle: row.vehicle ?? '',
    plate: row.plate ?? '',
    photoUrl: row.photo_url ?? '',
    rating: {
      average: ratingAverage(row.rating_sum ?? 0, row.rating_count ?? 0),
      count: row.rating_count ?? 0,
    },
    name: `${row.firstname} ${row.lastname}`,
    active: row.active,
    online: row.online,
    busy: row.active_tasks > 0,
    location: [row.lng, row.lat],
    tasksToday: row.tasks_today,
    acceptanceRate:
      row.offers_answered > 0
        ? // A share of 1, to two decimals.
          Number((row.offers_accepted / row.offers_answered).toFixed(2))
        : null,
    implausiblePositions: row.implausible_positions,
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

export async function listTasks(db: Queryable, filter: { status?: string; open?: boolean } = {}): Promise<OpsTask[]> {
  const status = filter.status === undefined ? undefined : parseOpsInput(statusSchema, filter.status);
  return (await sql.selectTasks(db, status, filter.open ?? false)).map(toOpsTask);
}

export async function listDrivers(db: Queryable): Promise<OpsDriver[]> {
  return (await sql.selectDrivers(db)).map(toOpsDriver);
}

/**
 * Gives the task a driver through the lifecycle (docs/lifecycle.md): 'driver-assigned', the
 * client told, an open offer withdrawn. `requireFree` (the console): the driver must be active
 * and online; only the command line may give a driver a second task.
 */
export async function assignDriver(
  deps: LifecycleDeps,
  taskIdOrPrefix: string,
  driverIdOrPrefix: string,
  options: { actor: Actor; audit?: AuditActor; requireFree?: boolean },
): Promise<OpsTask> {
  const taskId = await resolveId(deps.db, 'tasks', taskIdOrPrefix);
  const driverId = await resolveId(deps.db, 'drivers', driverIdOrPrefix);
  await lifecycle.assign(
    deps,
    taskId,
    driverId,
    { actor: options.actor, audit: options.audit },
    options.requireFree ? { unavailable: (tx) => sql.driverUnavailable(tx, driverId, taskId) } : {},
  );
  return loadTask(deps.db, taskId);
}

/**
 * Moves a task to a status through the lifecycle's transition for it: 'pending' takes the
 * driver off, 'on-going' sets off, 'completed' completes (with the weight collected, `--kg`, or
 * as booked), 'cancelled' cancels with the refund. A completed or cancelled task never changes.
 */
export async function moveTaskTo(
  deps: LifecycleDeps,
  taskIdOrPrefix: string,
  statusInput: string,
  options: { actor: Actor; recycledKg?: number; audit?: AuditActor },
): Promise<StatusChange> {
  const status = parseOpsInput(statusSchema, statusInput);
  const recycledKg = options.recycledKg === undefined ? undefined : parseOpsInput(recycledKgSchema, options.recycledKg);
  if (recycledKg !== undefined && status !== 'completed')
    throw new OpsError('invalid', 'A weight (--kg) is recorded only when completing a task');
  const taskId = await resolveId(deps.db, 'tasks', taskIdOrPrefix);
  const before = await loadTask(deps.db, taskId);
  const caller = { actor: options.actor, audit: options.audit };
  let referralReward: StatusChange['referralReward'] = null;
  let pointsEarned: number | null = null;
  // Asked again, an open status is where the task is already; a final one is the lifecycle's to refuse.
  if (status === before.status && status !== 'completed' && status !== 'cancelled')
    return { task: before, referralReward, pointsEarned };
  if (status === 'driver-assigned' && before.status === 'on-going')
    throw new TaskRefused(
      409,
      `Task ${taskId} is on the way: it cannot go back to driver-assigned (assign another driver, or set it to pending)`,
    );
  if ((status === 'driver-assigned' || status === 'on-going' || status === 'completed') && !before.driver)
    throw new OpsError('invalid', `Task ${taskId} has no driver: assign one first (assign <taskId> <driverId>)`);
  if (status === 'pending') await lifecycle.unassign(deps, taskId, caller);
  else if (status === 'on-going') await lifecycle.start(deps, taskId, caller);
  else if (status === 'driver-assigned') await lifecycle.assign(deps, taskId, before.driver!.id, caller);
  else if (status === 'cancelled') await lifecycle.cancel(deps, taskId, { reason: null, note: '' }, caller);
  else {
    if (recycledKg !== undefined && before.unit.trim().toLowerCase() !== 'per kg')
      throw new OpsError('invalid', `Task ${taskId} is not priced per kg: only such a task is weighed`);
    const done = await lifecycle.complete(deps, taskId, { quantity: recycledKg ?? before.quantity }, caller);
    referralReward = done.referralReward;
    pointsEarned = done.pointsEarned;
  }
  return { task: await loadTask(deps.db, taskId), referralReward, pointsEarned };
}

/** The driver has arrived, said for them by an operator or the command line; the status stays. */
export async function markArrived(
  deps: LifecycleDeps,
  taskIdOrPrefix: string,
  options: { actor: Actor; audit?: AuditActor },
): Promise<OpsTask> {
  const taskId = await resolveId(deps.db, 'tasks', taskIdOrPrefix);
  const task = await loadTask(deps.db, taskId);
  if (!task.driver || (task.status !== 'driver-assigned' && task.status !== 'on-going'))
    throw new OpsError(
      'invalid',
      `Task ${taskId} is ${task.status}${task.driver ? '' : ' with no driver'}: only the driver of a task under way can arrive`,
    );
  await lifecycle.arrive(deps, taskId, options);
  return loadTask(deps.db, taskId);
}

export async function moveDriver(
  db: Queryable,
  driverIdOrPrefix: string,
  lat: number,
  lng: number,
  audit?: AuditActor,
): Promise<OpsDriver> {
  const position = parseOpsInput(positionSchema, { lat, lng });
  const driverId = await resolveId(db, 'drivers', driverIdOrPrefix);
  const before = await loadDriver(db, driverId);
  await sql.updateDriverLocation(db, driverId, position.lat, position.lng);
  if (audit)
    await writeAudit(db, audit, {
      action: 'driver.move',
      subject: `driver:${driverId}`,
      before: { lat: before.lat, lng: before.lng },
      after: position,
    });
  return loadDriver(db, driverId);
}

/** 10 characters without look-alikes (no 0/O, 1/I/L): read out or typed on a phone without doubt. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function oneTimePassword(): string {
  return Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/** The driver, and the one-time password they sign in with first (shown once, stored hashed). */
export async function addDriver(
  db: Db,
  input: NewDriver,
  audit?: AuditActor,
): Promise<OpsDriver & { password: string }> {
  const driver = parseOpsInput(newDriverSchema, input);
  const password = oneTimePassword();
  const hash = await hashPassword(password);
  const id = await db.transaction(async (tx) => {
    // The schema accepted it as a Nigerian mobile number: stored in E.164 like the clients'.
    const phone = normalizePhone(driver.phone) ?? driver.phone;
    const added = await sql.insertDriver(tx, { ...driver, phone });
    await setDriverOneTimePassword(tx, added, hash);
    if (audit) {
      const { firstname, lastname, vehicle, plate, photoUrl } = driver;
      await writeAudit(tx, audit, {
        action: 'driver.add',
        subject: `driver:${added}`,
        after: { firstname, lastname, phone, vehicle, plate, photoUrl },
      });
    }
    return added;
  });
  return { ...(await loadDriver(db, id)), password };
}

const CHATTABLE: readonly TaskStatus[] = ['driver-assigned', 'on-going', 'completed'];

/** Posts a chat message from the task's driver (what a driver app would send); answers the stored message. */
export async function sendDriverMessage(
  db: Queryable,
  taskIdOrPrefix: string,
  contentInput: string,
  audit?: AuditActor,
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
  if (audit && sent.created)
    await writeAudit(db, audit, { action: 'task.driver-message', subject: `task:${taskId}`, after: { content } });
  return sent.message;
}

/** Recycle tokens (1 = ₦1) an operator credits: more than 0, at most 1,000,000, at most 2 decimals. */
export const pointsCreditSchema = z
  .number({ error: 'amount must be a number of tokens' })
  .positive({ error: 'amount must be more than 0' })
  .max(1_000_000, { error: 'amount must be at most 1000000' })
  .refine(isNairaAmount, { error: 'amount must have at most 2 decimals' });

/** Credits a client recycle tokens by hand (a goodwill gesture, a correction); answers the new balance. */
export async function creditPoints(
  db: Db,
  userId: string,
  amountInput: unknown,
  audit?: AuditActor,
): Promise<{ balance: number }> {
  const amount = parseOpsInput(pointsCreditSchema, amountInput);
  const known = await findUserById(db, userId);
  if (!known) throw new OpsError('not-found', `No client with id "${userId}"`);
  return db.transaction(async (tx) => {
    await addPoints(tx, { userId, kind: 'credit', amountKobo: nairaToKobo(amount) });
    const balance = koboToNaira((await findUserById(tx, userId))!.balance_kobo);
    if (audit)
      await writeAudit(tx, audit, {
        action: 'client.points-credit',
        subject: `client:${userId}`,
        before: { balance: koboToNaira(known.balance_kobo) },
        after: { balance, credited: amount },
      });
    return { balance };
  });
}

// ---- support requests ----

/** Support requests, unanswered first, plan holders first among them (`all`: answered ones too). */
export async function listSupport(
  db: Queryable,
  options: { all?: boolean; now?: Date } = {},
): Promise<OpsSupportRequest[]> {
  return (await selectSupportRequests(db, options.all ?? false, options.now ?? new Date())).map(toOpsSupport);
}

/** Answers a support request once; the client sees the reply in the bell, on the task. */
export async function replySupport(
  db: Db,
  idInput: string,
  replyInput: string,
  audit?: AuditActor,
): Promise<OpsSupportRequest> {
  const reply = parseOpsInput(supportReplySchema, replyInput);
  const id = parseOpsInput(opsIdSchema('request id'), String(idInput ?? ''));
  const matches = await matchSupportRequestIds(db, id, MIN_PREFIX);
  const [matchId] = matches;
  if (!matchId) throw new OpsError('not-found', `No support request with id "${id}"`);
  if (matches.length > 1 && matchId !== id)
    throw new OpsError('invalid', `"${id}" matches more than one support request: give more of the id`);
  const answered = await db.transaction(async (tx) => {
    const done = await replyToSupportRequest(tx, matchId, reply);
    if (audit && typeof done === 'object')
      await writeAudit(tx, audit, {
        action: 'support.reply',
        subject: `support:${matchId}`,
        before: { reply: null },
        after: { reply },
      });
    return done;
  });
  if (answered === 'not-found') throw new OpsError('not-found', `No support request with id "${id}"`);
  if (answered === 'answered') throw new OpsError('invalid', `Support request ${matchId} was answered already`);
  return toOpsSupport(answered);
}
