/**
 * What the operator console does beyond the CLI's commands (issue 47, docs/operations.md 'The
 * console'): a task's whole story, cancel with refund (support up to the refund limit),
 * complete with a quantity, drivers' edits, closing support requests, client lookup and the
 * refund limit. Each change writes its audit row in its own transaction.
 */
import { koboToNaira, nairaToKobo } from '../../src/shared/money';
import { normalizePhone } from '../../src/shared/validation/phone';
import * as lifecycle from '../tasks/lifecycle';
import type { LifecycleDeps } from '../tasks/lifecycle';
import { hashPassword } from '../accounts/passwords';
import { type AuditActor, selectAudit, writeAudit } from '../db/audit';
import type { Db, Queryable } from '../db/connection';
import { setDriverOneTimePassword } from '../db/drivers';
import * as sql from '../db/ops';
import * as consoleSql from '../db/ops-console';
import { setSupportRefundLimitKobo, supportRefundLimitKobo } from '../db/operators';
import { refundLimitRefusal } from './refund-limits';
import type { OperatorRole } from '../db/operators';
import { type OpsDriver, type OpsTask, OpsError, listDrivers, oneTimePassword, toOpsTask } from './commands';

async function summary(db: Queryable, taskId: string): Promise<OpsTask> {
  const row = await sql.selectTask(db, taskId);
  if (!row) throw new OpsError('not-found', `No task with id "${taskId}"`);
  return toOpsTask(row);
}

export interface OpsTaskDetail extends OpsTask {
  client: OpsTask['client'] & { lastname: string; phone: string };
  payment: { reference: string; status: 'paid' | 'reversed' | 'not paid'; amount: number | null };
  refund: { amount: number; status: string } | null;
  events: Array<{ at: string; kind: string; actor: string; detail: string }>;
  messages: Array<{ from: 'client' | 'driver'; text: string; at: string }>;
  cancelReason: string | null;
  deliveredQuantity: number | null;
  /** The extra paid at the door (naira; 0 when none). */
  extraPaid: number;
  /** What a client's cancel kept for the driver (naira; 0 when none). */
  cancelFee: number;
}

/** Everything about one task: the board's summary, the client, payment and refund, who did what, the chat. */
export async function taskDetail(db: Queryable, taskId: string): Promise<OpsTaskDetail> {
  const task = await summary(db, taskId);
  const extra = await consoleSql.selectTaskExtra(db, taskId);
  const events = [
    ...(await consoleSql.selectTaskStatusEvents(db, taskId)).map((row) => ({
      at: new Date(row.created_at).toISOString(),
      kind: row.kind,
      actor:
        row.kind === 'status' && row.status === 'cancelled' && extra.cancelled_by === 'client' ? 'client' : 'system',
      detail:
        row.kind === 'status'
          ? `status ${row.status}`
          : row.kind === 'refund'
            ? `refund ${row.refund_status}`
            : row.kind,
    })),
    ...(await consoleSql.selectAcceptedOffers(db, taskId)).map((row) => ({
      at: new Date(row.offered_at).toISOString(),
      kind: 'offer-accepted',
      actor: `driver ${row.firstname} ${row.lastname}`,
      detail: 'accepted the offer',
    })),
    ...(await consoleSql.selectTaskAudit(db, taskId)).map((row) => ({
      at: new Date(row.at).toISOString(),
      kind: row.action,
      actor: row.actor === 'cli' ? 'cli' : `operator ${row.actor}`,
      detail: row.action,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    ...task,
    client: { ...task.client, lastname: extra.client_lastname, phone: extra.client_phone },
    payment: {
      reference: task.reference,
      status: extra.paid_kobo === null ? 'not paid' : extra.payment_reversed_at ? 'reversed' : 'paid',
      amount: extra.paid_kobo === null ? null : koboToNaira(extra.paid_kobo),
    },
    refund:
      extra.refund_status === null
        ? null
        : { amount: koboToNaira(extra.refund_kobo ?? 0), status: extra.refund_status },
    events,
    messages: (await consoleSql.selectTaskMessages(db, taskId)).map((row) => ({
      from: row.sender === 'user' ? 'client' : 'driver',
      text: row.content,
      at: new Date(row.created_at).toISOString(),
    })),
    cancelReason: extra.cancel_note || null,
    deliveredQuantity: extra.delivered_quantity === null ? null : extra.delivered_quantity,
    extraPaid: koboToNaira(extra.extra_paid_kobo ?? 0),
    cancelFee: koboToNaira(extra.cancel_fee_kobo),
  };
}

/**
 * Cancels a task with a refund of what was paid for it, through the lifecycle. Support may
 * refund up to the limit an admin set: the check runs under the task's lock, with the cancel,
 * the refund's opening and the audit row in one transaction; the provider is asked after.
 */
export async function cancelWithRefund(
  deps: LifecycleDeps & { config: { supportDailyRefundLimitKobo: number } },
  taskId: string,
  reason: string,
  caller: { role: OperatorRole; actor: AuditActor },
): Promise<{ taskId: string; status: 'cancelled'; refund: number }> {
  // Support's limits, per task and per day (server/console/refund-limits.ts).
  const limit =
    caller.role === 'support'
      ? (tx: Queryable, refundKobo: number) =>
          refundLimitRefusal(tx, { role: caller.role, operatorId: caller.actor.operatorId }, refundKobo, {
            now: deps.now(),
            dailyLimitKobo: deps.config.supportDailyRefundLimitKobo,
          })
      : undefined;
  const done = await lifecycle.cancel(
    deps,
    taskId,
    { reason: null, note: reason, limit },
    { actor: caller.role, audit: caller.actor },
  );
  return { taskId, status: 'cancelled', refund: done.refund };
}

/**
 * An admin completes a task with the quantity collected (as the driver's completion, without
 * the client's code or their arrival): less than booked gives back the same share of what paid it.
 */
export async function completeWithQuantity(
  deps: LifecycleDeps,
  taskId: string,
  quantity: number,
  caller: { role: OperatorRole; actor: AuditActor },
): Promise<{ taskId: string; status: 'completed'; quantity: number; refund: number; pointsEarned: number | null }> {
  const done = await lifecycle.complete(deps, taskId, { quantity }, { actor: caller.role, audit: caller.actor });
  return {
    taskId,
    status: 'completed',
    quantity: done.quantity,
    refund: done.refund,
    pointsEarned: done.pointsEarned,
  };
}

// ---- drivers ----

async function driverById(db: Queryable, driverId: string): Promise<OpsDriver> {
  const driver = (await listDrivers(db)).find((entry) => entry.id === driverId);
  if (!driver) throw new OpsError('not-found', `No driver with id "${driverId}"`);
  return driver;
}

const auditDriver = (driver: OpsDriver) => ({
  firstname: driver.firstname,
  lastname: driver.lastname,
  phone: driver.phone,
  vehicle: driver.vehicle,
  plate: driver.plate,
  photoUrl: driver.photoUrl,
  active: driver.active,
});

export interface DriverEdit {
  firstname?: string;
  lastname?: string;
  phone?: string;
  vehicle?: string;
  plate?: string;
  photoUrl?: string;
}

export async function editDriver(db: Db, driverId: string, edit: DriverEdit, actor: AuditActor): Promise<OpsDriver> {
  if (Object.values(edit).every((value) => value === undefined)) throw new OpsError('invalid', 'Nothing to change');
  const before = await driverById(db, driverId);
  const phone = edit.phone === undefined ? undefined : (normalizePhone(edit.phone) ?? edit.phone);
  // An emptied photo is the initials the server draws, as for a driver added without one.
  const photoUrl = edit.photoUrl === '' ? `/driver/photo/${driverId}` : edit.photoUrl;
  await db.transaction(async (tx) => {
    await consoleSql.updateDriverFields(tx, driverId, { ...edit, phone, photoUrl });
    await writeAudit(tx, actor, {
      action: 'driver.edit',
      subject: `driver:${driverId}`,
      before: auditDriver(before),
      after: auditDriver(await driverById(tx, driverId)),
    });
  });
  return driverById(db, driverId);
}

/** The driver can no longer sign in, is offline and offered nothing; their sessions end. */
export async function deactivateDriver(
  db: Db,
  driverId: string,
  actor: AuditActor,
  reason: string | null = null,
): Promise<OpsDriver> {
  const before = await driverById(db, driverId);
  await db.transaction(async (tx) => {
    await consoleSql.deactivateDriver(tx, driverId);
    await writeAudit(tx, actor, {
      action: 'driver.deactivate',
      subject: `driver:${driverId}`,
      before: { active: before.active, online: before.online },
      after: { active: false, online: false, ...(reason ? { reason } : {}) },
    });
  });
  return driverById(db, driverId);
}

/** A deactivated driver may work again: active, still offline until they go online in the app. */
export async function reactivateDriver(
  db: Db,
  driverId: string,
  actor: AuditActor,
  reason: string,
): Promise<OpsDriver> {
  const before = await driverById(db, driverId);
  if (before.active) throw new OpsError('conflict', 'This driver is active already');
  await db.transaction(async (tx) => {
    await consoleSql.reactivateDriver(tx, driverId);
    await writeAudit(tx, actor, {
      action: 'driver.reactivate',
      subject: `driver:${driverId}`,
      before: { active: false },
      after: { active: true, reason },
    });
  });
  return driverById(db, driverId);
}

/** A new one-time password (shown once); the driver's sessions end. */
export async function resetDriverPassword(db: Db, driverId: string, actor: AuditActor): Promise<{ password: string }> {
  await driverById(db, driverId);
  const password = oneTimePassword();
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await setDriverOneTimePassword(tx, driverId, hash);
    // Never the password itself: only that it was reset.
    await writeAudit(tx, actor, { action: 'driver.reset-password', subject: `driver:${driverId}` });
  });
  return { password };
}

// ---- support, clients, settings ----

export async function closeSupportRequest(db: Db, requestId: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const closed = await consoleSql.closeSupportRequest(tx, requestId);
    if (closed === 'not-found') throw new OpsError('not-found', `No support request with id "${requestId}"`);
    if (closed === 'closed') throw new OpsError('conflict', 'This support request is closed already');
    await writeAudit(tx, actor, {
      action: 'support.close',
      subject: `support:${requestId}`,
      before: { closed: false },
      after: { closed: true },
    });
  });
}

export interface OpsClient {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}

/** Clients whose e-mail or phone holds the text (at most 20). */
export async function findClients(db: Queryable, query: string): Promise<OpsClient[]> {
  const phone = normalizePhone(query);
  return (await consoleSql.searchClients(db, query.toLowerCase(), phone ?? null)).map((row) => ({
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phonenumber,
  }));
}

/** A client's account, tasks, plan and points: never a password hash or a token. */
export async function clientDetail(db: Queryable, userId: string, now: Date) {
  const row = await consoleSql.selectClient(db, userId);
  if (!row) throw new OpsError('not-found', `No client with id "${userId}"`);
  const running = row.subscription_plan && row.subscription_expires_at && new Date(row.subscription_expires_at) > now;
  return {
    client: {
      id: row.id,
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      phone: row.phonenumber,
      createdAt: new Date(row.created_at).toISOString(),
    },
    plan: running
      ? { name: row.subscription_plan, expiresAt: new Date(row.subscription_expires_at as Date | string).toISOString() }
      : null,
    points: koboToNaira(row.balance_kobo),
    tasks: (await sql.selectTasksOfClient(db, userId)).map(toOpsTask),
  };
}

export async function setRefundLimit(db: Db, amount: number, actor: AuditActor): Promise<{ amount: number }> {
  await db.transaction(async (tx) => {
    const before = await supportRefundLimitKobo(tx);
    await setSupportRefundLimitKobo(tx, nairaToKobo(amount));
    await writeAudit(tx, actor, {
      action: 'settings.refund-limit',
      subject: 'settings:support-refund-limit',
      before: { amount: koboToNaira(before) },
      after: { amount },
    });
  });
  return { amount };
}

export interface OpsAuditEntry {
  id: string;
  at: string;
  actor: string;
  address: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

/** The audit trail, newest first (`before`: older than that row id). */
export async function listAudit(
  db: Queryable,
  options: { before?: string; limit: number; subject?: string },
): Promise<OpsAuditEntry[]> {
  return (await selectAudit(db, options)).map((row) => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    address: row.address,
    action: row.action,
    subject: row.subject,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}
