/**
 * Refunds of cancelled paid tasks (migration 009): one row per task, in full, keyed also by
 * the charge's reference, which is what Paystack's refund webhooks name. Every change of
 * state writes a 'refund' event for the bell in the same statement's transaction.
 */
import type { RefundStatus, TaskRefund } from '../../src/shared/contract';
import { koboToNaira } from '../../src/shared/money';
import type { Queryable } from './connection';
import { enqueueTaskNotification } from './push';
import { insertBellEvent } from './task-events';

export interface RefundRow {
  task_id: string;
  reference: string;
  amount_kobo: number;
  status: RefundStatus;
  provider: 'paystack' | 'test-ledger';
  provider_ref: string | null;
  failure: string | null;
  updated_at: Date;
}

export function toTaskRefund(row: Pick<RefundRow, 'status' | 'amount_kobo' | 'updated_at'>): TaskRefund {
  return {
    status: row.status,
    amount: koboToNaira(row.amount_kobo),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Writes the bell's event of a refund's new state and turns the owner's dot on. */
async function insertRefundEvent(db: Queryable, taskId: string, status: RefundStatus, amountKobo: number) {
  await insertBellEvent(db, { taskId }, { kind: 'refund', refundStatus: status, amountKobo });
  // A failed refund is the operator's to retry (docs/operations.md), not news for the client.
  if (status !== 'failed') await enqueueTaskNotification(db, taskId, 'refund', { status, amountKobo });
}

/**
 * The paid amount of the task's charge (kobo), or null when nothing was paid for it: a task
 * booked through a payment use of purpose 'task'.
 */
export async function paidKobo(db: Queryable, taskId: string): Promise<{ reference: string; kobo: number } | null> {
  const [row] = await db.query<{ reference: string; amount_kobo: number }>(
    // A payment the provider reported refunded or disputed after the task was made is back with
    // the payer already: refunding it again would pay twice.
    `select p.reference, p.amount_kobo from tasks t join payment_uses p on p.reference = t.reference and p.purpose = 'task'
      where t.id = $1 and t.payment_reversed_at is null`,
    [taskId],
  );
  return row && row.amount_kobo > 0 ? { reference: row.reference, kobo: row.amount_kobo } : null;
}

/** Opens the task's refund as pending (once); answers whether it was opened now. */
export async function openRefund(
  db: Queryable,
  refund: { taskId: string; reference: string; amountKobo: number; provider: RefundRow['provider'] },
): Promise<boolean> {
  const rows = await db.query(
    `insert into refunds (task_id, reference, amount_kobo, status, provider) values ($1, $2, $3, 'pending', $4)
     on conflict do nothing returning task_id`,
    [refund.taskId, refund.reference, refund.amountKobo, refund.provider],
  );
  if (rows.length === 0) return false;
  await insertRefundEvent(db, refund.taskId, 'pending', refund.amountKobo);
  return true;
}

export async function findRefundByTask(db: Queryable, taskId: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>('select * from refunds where task_id = $1', [taskId]);
  return row;
}

export async function findRefundByReference(db: Queryable, reference: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>('select * from refunds where reference = $1', [reference]);
  return row;
}

/**
 * Moves a refund to `status` unless it is there already, or refunded (final); the bell is told.
 * Answers whether it moved. Run it in a transaction.
 */
export async function moveRefund(
  db: Queryable,
  taskId: string,
  change: { status: RefundStatus; providerRef?: string | null; failure?: string | null },
): Promise<boolean> {
  const [row] = await db.query<{ amount_kobo: number }>(
    `update refunds set status = $2, provider_ref = coalesce($3, provider_ref), failure = $4, updated_at = now()
      where task_id = $1 and status <> $2 and status <> 'refunded' returning amount_kobo`,
    [taskId, change.status, change.providerRef ?? null, change.failure ?? null],
  );
  if (!row) return false;
  await insertRefundEvent(db, taskId, change.status, row.amount_kobo);
  return true;
}

export interface FailedRefundRow extends RefundRow {
  user_id: string;
  client_firstname: string;
  client_lastname: string;
  client_email: string;
  service_name: string;
  address: string;
}

/**
 * Refunds that failed, or were never asked of the provider within 10 minutes (the server
 * stopped between the cancel and the call): payments needing attention.
 */
export function selectFailedRefunds(db: Queryable): Promise<FailedRefundRow[]> {
  return db.query<FailedRefundRow>(
    `select r.*, t.user_id, u.firstname as client_firstname, u.lastname as client_lastname, u.email as client_email,
            t.service_name, t.address
       from refunds r join tasks t on t.id = r.task_id join users u on u.id = t.user_id
      where r.status = 'failed'
         or (r.status = 'pending' and r.provider_ref is null and r.created_at < now() - interval '10 minutes')
      order by r.updated_at`,
  );
}

/** The provider took the refund and answers later: its refund id, or 'requested' when it gave none. */
export async function setRefundProviderRef(db: Queryable, taskId: string, providerRef: string): Promise<void> {
  await db.query('update refunds set provider_ref = $2, updated_at = now() where task_id = $1', [taskId, providerRef]);
}
