/**
 * The writes of a task's life (docs/lifecycle.md): the only SQL that changes a task's status,
 * its weighed quantity, its extra or its cancel, and the only writer of the drivers' earnings.
 * Only `server/tasks/` imports this module (tests/server/lifecycle-owner.test.ts checks it);
 * every function runs inside the lifecycle's transaction, after it locked the task's row.
 */
import { randomUUID } from 'node:crypto';
import type { CancelReason, TaskStatus } from '../../src/shared/contract';
import type { Queryable } from './connection';
import { TRACKERS_KEY, publishInvalidation } from './poll-cache';

/** Everything a transition reads of its task, locked. */
export interface LifecycleRow {
  id: string;
  status: TaskStatus;
  user_id: string;
  driver_id: string | null;
  reference: string;
  service_name: string;
  unit: string;
  quantity: number;
  covered_quantity: number;
  amount_kobo: number;
  unit_price_kobo: number | null;
  confirmation_code: string;
  code_failures: number;
  lat: number;
  lng: number;
  started_at: Date | null;
  arrived_at: Date | null;
  delivered_quantity: number | null;
  weighed_quantity: number | null;
  extra_quantity: number | null;
  extra_covered_quantity: number;
  extra_amount_kobo: number | null;
  extra_status: 'awaiting' | 'paid' | 'declined' | null;
  extra_reference: string | null;
  cancel_fee_kobo: number;
  payment_reversed_at: Date | null;
}

export async function lockLifecycleRow(tx: Queryable, taskId: string): Promise<LifecycleRow | undefined> {
  const [row] = await tx.query<LifecycleRow>(
    `select id, status, user_id, driver_id, reference, service_name, unit, quantity, covered_quantity, amount_kobo,
            unit_price_kobo, confirmation_code, code_failures, lat, lng, started_at, arrived_at, delivered_quantity,
            weighed_quantity, extra_quantity, extra_covered_quantity, extra_amount_kobo, extra_status, extra_reference,
            cancel_fee_kobo, payment_reversed_at
       from tasks where id = $1 for update`,
    [taskId],
  );
  return row;
}

/** How the task's booking was paid: its card charge (none when reversed by the provider) and the points spent. */
export async function paidParts(
  tx: Queryable,
  taskId: string,
): Promise<{ cardKobo: number; cardReference: string | null; pointsKobo: number }> {
  const [row] = await tx.query<{ card_kobo: number | null; reference: string | null; points_kobo: number | null }>(
    `select (select p.amount_kobo from payment_uses p where p.reference = t.reference and p.purpose = 'task'
               and t.payment_reversed_at is null) as card_kobo,
            t.reference,
            (select -sum(amount_kobo) from points_ledger where task_id = t.id and kind in ('spent', 'refunded')) as points_kobo
       from tasks t where t.id = $1`,
    [taskId],
  );
  const cardKobo = Number(row?.card_kobo ?? 0);
  return {
    cardKobo,
    cardReference: cardKobo > 0 ? (row?.reference ?? null) : null,
    pointsKobo: Math.max(0, Number(row?.points_kobo ?? 0)),
  };
}

/** The extra's own charge (kobo), when it was paid by card. */
export async function extraPaidKobo(tx: Queryable, reference: string): Promise<number> {
  const [row] = await tx.query<{ amount_kobo: number }>(
    `select amount_kobo from payment_uses where reference = $1 and purpose = 'extra'`,
    [reference],
  );
  return Number(row?.amount_kobo ?? 0);
}

/** Whether the driver holds another task (assigned or on the way). Locks the driver's row first. */
export async function driverHoldsTask(tx: Queryable, driverId: string, exceptTaskId: string): Promise<boolean> {
  await tx.query('select id from drivers where id = $1 for update', [driverId]);
  const rows = await tx.query(
    `select 1 from tasks where driver_id = $1 and id <> $2 and status in ('driver-assigned', 'on-going') limit 1`,
    [driverId, exceptTaskId],
  );
  return rows.length > 0;
}

/** The driver's newest stored position. */
export async function newestPosition(
  db: Queryable,
  driverId: string,
): Promise<{ lat: number; lng: number; at: Date } | undefined> {
  const [row] = await db.query<{ lat: number; lng: number; at: Date }>(
    'select lat, lng, at from driver_positions where driver_id = $1 order by at desc limit 1',
    [driverId],
  );
  return row;
}

/** An offer of the task open to the driver now; marks it accepted. */
export async function takeOpenOffer(tx: Queryable, taskId: string, driverId: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `update task_offers set outcome = 'accepted'
      where task_id = $1 and driver_id = $2 and outcome is null and expires_at > $3 returning id`,
    [taskId, driverId, now],
  );
  return rows.length > 0;
}

export async function wasOfferedTo(tx: Queryable, taskId: string, driverId: string): Promise<boolean> {
  const rows = await tx.query('select 1 from task_offers where task_id = $1 and driver_id = $2 limit 1', [
    taskId,
    driverId,
  ]);
  return rows.length > 0;
}

/** An assignment overrides dispatch: the task's open offer is withdrawn. */
export async function withdrawOpenOffers(tx: Queryable, taskId: string): Promise<void> {
  await tx.query(`update task_offers set outcome = 'taken' where task_id = $1 and outcome is null`, [taskId]);
}

async function changed(tx: Queryable): Promise<void> {
  // A client follows a driver only while the task is open (server/db/poll-cache.ts).
  await publishInvalidation(tx, [TRACKERS_KEY]);
}

/** A new driver has not set off nor arrived yet, nor weighed anything. */
export async function writeDriver(tx: Queryable, taskId: string, driverId: string): Promise<void> {
  await tx.query(
    `update tasks set status = 'driver-assigned', driver_id = $2,
       arrived_at = case when driver_id = $2 then arrived_at else null end,
       started_at = case when driver_id = $2 then started_at else null end,
       far_arrival_at = case when driver_id = $2 then far_arrival_at else null end
     where id = $1`,
    [taskId, driverId],
  );
  await changed(tx);
}

export async function writeUnassigned(tx: Queryable, taskId: string): Promise<void> {
  await tx.query(
    `update tasks set status = 'pending', driver_id = null, arrived_at = null, started_at = null, far_arrival_at = null,
       weighed_quantity = null, extra_quantity = null, extra_covered_quantity = 0, extra_amount_kobo = null,
       extra_status = null, extra_at = null
     where id = $1`,
    [taskId],
  );
  await changed(tx);
}

export async function writeStarted(tx: Queryable, taskId: string, at: Date): Promise<void> {
  await tx.query(`update tasks set status = 'on-going', started_at = coalesce(started_at, $2) where id = $1`, [
    taskId,
    at,
  ]);
  await changed(tx);
}

export async function writeArrived(tx: Queryable, taskId: string, at: Date): Promise<void> {
  await tx.query('update tasks set arrived_at = coalesce(arrived_at, $2) where id = $1', [taskId, at]);
}

/** The driver's 'I've arrived' was refused as too far (the board's Needs attention lane shows it until they arrive). */
export async function writeFarArrival(tx: Queryable, taskId: string, at: Date, meters: number): Promise<void> {
  await tx.query('update tasks set far_arrival_at = $2, far_arrival_m = $3 where id = $1', [
    taskId,
    at,
    Math.round(meters),
  ]);
}

export async function writeWeighed(
  tx: Queryable,
  taskId: string,
  weighed: {
    quantity: number;
    extra: { quantity: number; coveredQuantity: number; amountKobo: number; status: 'awaiting' | 'paid' } | null;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `update tasks set weighed_quantity = $2, extra_quantity = $3, extra_covered_quantity = $4, extra_amount_kobo = $5,
       extra_status = $6, extra_at = $7
     where id = $1`,
    [
      taskId,
      weighed.quantity,
      weighed.extra?.quantity ?? null,
      weighed.extra?.coveredQuantity ?? 0,
      weighed.extra?.amountKobo ?? null,
      weighed.extra?.status ?? null,
      weighed.at,
    ],
  );
}

export async function writeExtraAnswer(
  tx: Queryable,
  taskId: string,
  answer: { status: 'paid' | 'declined'; reference: string | null; at: Date },
): Promise<void> {
  await tx.query('update tasks set extra_status = $2, extra_reference = $3, extra_at = $4 where id = $1', [
    taskId,
    answer.status,
    answer.reference,
    answer.at,
  ]);
}

export async function countCodeFailure(tx: Queryable, taskId: string): Promise<number> {
  const [row] = await tx.query<{ code_failures: number }>(
    'update tasks set code_failures = code_failures + 1 where id = $1 returning code_failures',
    [taskId],
  );
  return row.code_failures;
}

export async function writeCompleted(
  tx: Queryable,
  taskId: string,
  done: { quantity: number; recycledKg: number | null; coveredReturned: number; at: Date },
): Promise<void> {
  await tx.query(
    `update tasks set status = 'completed', completed_at = coalesce(completed_at, $5), delivered_quantity = $2,
       recycled_kg = $3, covered_returned = $4
     where id = $1`,
    [taskId, done.quantity, done.recycledKg, done.coveredReturned, done.at],
  );
  await changed(tx);
}

export async function writeCancelled(
  tx: Queryable,
  taskId: string,
  cancel: {
    by: 'client' | 'operator' | 'simulator';
    reason: CancelReason | null;
    note: string;
    feeKobo: number;
  },
): Promise<void> {
  await tx.query(
    `update tasks set status = 'cancelled', cancel_reason = $2, cancel_note = $3, cancelled_by = $4, cancel_fee_kobo = $5,
       extra_status = case when extra_status = 'awaiting' then 'declined' else extra_status end
     where id = $1`,
    [taskId, cancel.reason, cancel.note, cancel.by, cancel.feeKobo],
  );
  await changed(tx);
}

export type EarningKind = 'share' | 'extra' | 'fee' | 'adjustment';

/** One line of what a driver earned (once per task and kind; adjustments may repeat). */
export async function insertEarning(
  tx: Queryable,
  earning: { driverId: string; taskId: string | null; kind: EarningKind; amountKobo: number; note?: string },
): Promise<void> {
  if (earning.amountKobo === 0) return;
  await tx.query(
    `insert into driver_earnings (id, driver_id, task_id, kind, amount_kobo, note) values ($1, $2, $3, $4, $5, $6)
     on conflict (task_id, kind) where kind <> 'adjustment' do nothing`,
    [randomUUID(), earning.driverId, earning.taskId, earning.kind, earning.amountKobo, earning.note ?? null],
  );
}

/** What a completed task gave back and earned its client (kobo): the first answer of a resent completion. */
export async function completionMoney(
  tx: Queryable,
  taskId: string,
): Promise<{ refundKobo: number; pointsReturnedKobo: number; pointsEarnedKobo: number | null }> {
  const [row] = await tx.query<{
    refund_kobo: number | null;
    returned_kobo: number | null;
    earned_kobo: number | null;
  }>(
    `select (select sum(amount_kobo) from refunds r where r.task_id = t.id and r.reference = t.reference
              and r.kind in ('weighed', 'goodwill')) as refund_kobo,
            (select sum(amount_kobo) from points_ledger where task_id = t.id and kind = 'refunded') as returned_kobo,
            (select sum(amount_kobo) from points_ledger where task_id = t.id and kind = 'earned') as earned_kobo
       from tasks t where t.id = $1`,
    [taskId],
  );
  return {
    refundKobo: Number(row?.refund_kobo ?? 0),
    pointsReturnedKobo: Number(row?.returned_kobo ?? 0),
    pointsEarnedKobo: row?.earned_kobo == null ? null : row.earned_kobo,
  };
}

/** What a cancelled task gave back (its charges' refunds) and kept as the fee (kobo). */
export async function cancelMoneyOf(tx: Queryable, taskId: string): Promise<{ refundKobo: number; feeKobo: number }> {
  const [row] = await tx.query<{ refund_kobo: number | null; fee_kobo: number }>(
    `select (select sum(amount_kobo) from refunds where task_id = t.id and kind in ('cancel', 'extra')) as refund_kobo,
            t.cancel_fee_kobo as fee_kobo
       from tasks t where t.id = $1`,
    [taskId],
  );
  return { refundKobo: Number(row?.refund_kobo ?? 0), feeKobo: Number(row?.fee_kobo ?? 0) };
}
