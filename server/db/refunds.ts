/**
 * Refunds (migrations 009, 026): one row per charge and kind ('cancel', 'weighed', 'goodwill',
 * 'extra'), opened only by the task lifecycle (server/tasks/) in its transaction, asked of the
 * provider after it commits. Paystack's refund webhooks name the charge's reference (and our
 * refund's provider id). Every change of state writes a 'refund' event for the bell in the
 * same statement's transaction.
 */
import type { RefundStatus, TaskRefund } from '../../src/shared/contract';
import { koboToNaira } from '../../src/shared/money';
import type { Queryable } from './connection';
import { enqueueTaskNotification } from './push';
import { insertBellEvent } from './task-events';

export type RefundKind = 'cancel' | 'weighed' | 'goodwill' | 'extra';

export interface RefundRow {
  id: string;
  task_id: string;
  kind: RefundKind;
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

/** Opens a refund of `kind` of a charge as pending (once per charge and kind); answers whether it was opened now. */
export async function openRefund(
  db: Queryable,
  refund: {
    taskId: string;
    reference: string;
    kind: RefundKind;
    amountKobo: number;
    provider: RefundRow['provider'];
    note?: string;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into refunds (id, task_id, reference, kind, amount_kobo, status, provider, note)
     values ($1, $2, $3, $4, $5, 'pending', $6, $7)
     on conflict (reference, kind) do nothing returning id`,
    [
      `${refund.kind}:${refund.reference}`,
      refund.taskId,
      refund.reference,
      refund.kind,
      refund.amountKobo,
      refund.provider,
      refund.note ?? null,
    ],
  );
  if (rows.length === 0) return false;
  await insertRefundEvent(db, refund.taskId, 'pending', refund.amountKobo);
  return true;
}

/** The task's refunds not yet asked of the provider. */
export async function selectUnaskedRefunds(db: Queryable, taskId: string): Promise<RefundRow[]> {
  return db.query<RefundRow>(
    `select * from refunds where task_id = $1 and status = 'pending' and provider_ref is null order by created_at, id`,
    [taskId],
  );
}

/**
 * The refund a provider's webhook speaks of: by the provider's refund id when we have it, else the
 * charge's newest refund still open (a charge's refunds are asked one after another).
 */
export async function findRefundByReference(
  db: Queryable,
  reference: string,
  providerRef: string | null = null,
): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>(
    `select * from refunds where reference = $1
      order by (provider_ref is not distinct from $2) desc, (status = 'pending') desc, created_at desc limit 1`,
    [reference, providerRef],
  );
  return row;
}

/**
 * Moves a refund to `status` unless it is there already, or refunded (final); the bell is told.
 * Answers whether it moved. Run it in a transaction.
 */
export async function moveRefund(
  db: Queryable,
  refundId: string,
  change: { status: RefundStatus; providerRef?: string | null; failure?: string | null },
): Promise<boolean> {
  const [row] = await db.query<{ amount_kobo: number; task_id: string }>(
    `update refunds set status = $2, provider_ref = coalesce($3, provider_ref), failure = $4, updated_at = now()
      where id = $1 and status <> $2 and status <> 'refunded' returning amount_kobo, task_id`,
    [refundId, change.status, change.providerRef ?? null, change.failure ?? null],
  );
  if (!row) return false;
  await insertRefundEvent(db, row.task_id, change.status, row.amount_kobo);
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
export async function setRefundProviderRef(db: Queryable, refundId: string, providerRef: string): Promise<void> {
  await db.query('update refunds set provider_ref = $2, updated_at = now() where id = $1', [refundId, providerRef]);
}
