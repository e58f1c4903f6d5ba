/**
 * Cancelling a task and refunding it: the one conditional UPDATE every canceller goes through
 * (client, operator, simulator), so a cancel racing 'on-going' on another instance either wins
 * or changes nothing; the refund is opened in the same transaction and asked of the provider
 * after it commits (no network call holds a row lock).
 */
import type { CancelReason, TaskStatus } from '../../src/shared/contract';
import type { Db, Queryable } from '../db/connection';
import { givePointsBack } from '../db/points';
import { TRACKERS_KEY, publishInvalidation } from '../db/poll-cache';
import { findRefundByTask, moveRefund, openRefund, paidKobo, setRefundProviderRef } from '../db/refunds';
import { cancelTaskIfIn } from '../db/tasks';
import type { AftercareServices } from './services';

/** Statuses a client may cancel from; an operator may cancel from any but cancelled. */
export const CLIENT_CANCELLABLE: readonly TaskStatus[] = ['pending', 'driver-assigned'];

export interface CancelOrder {
  taskId: string;
  by: 'client' | 'operator' | 'simulator';
  from: readonly TaskStatus[];
  reason: CancelReason | null;
  note: string;
  /** The client's own cancel: only their task. */
  userId?: string;
}

/**
 * Cancels the task if it is still in one of `from` (and the user's, for a client); opens the
 * full refund of a paid task. Answers whether this call cancelled it. Run it in a transaction.
 */
export async function cancelTask(
  tx: Queryable,
  order: CancelOrder,
  provider: 'paystack' | 'test-ledger',
): Promise<boolean> {
  if (!(await cancelTaskIfIn(tx, order))) return false;
  // A client follows a driver only while the task is open (server/db/poll-cache.ts).
  await publishInvalidation(tx, [TRACKERS_KEY]);
  // Points spent on it come back at once; the card's part is refunded through the provider.
  await givePointsBack(tx, order.taskId);
  const paid = await paidKobo(tx, order.taskId);
  if (paid) await openRefund(tx, { taskId: order.taskId, reference: paid.reference, amountKobo: paid.kobo, provider });
  return true;
}

/**
 * Asks the provider for the task's refund when it is pending and not asked yet; records what
 * it answered (the test ledger refunds at once). Never throws: a failure is a failed refund.
 */
export async function startRefund(db: Db, services: AftercareServices, taskId: string): Promise<void> {
  const refund = await findRefundByTask(db, taskId);
  if (refund?.status !== 'pending' || refund.provider_ref) return;
  const started = await services.refunder.refund(refund.reference, refund.amount_kobo);
  if (started.status === 'failed')
    services.log
      .child({ module: 'payments' })
      .warn({ reference: refund.reference, reason: started.failure }, 'refund failed');
  await db.transaction(async (tx) => {
    if (started.status === 'pending') {
      await setRefundProviderRef(tx, taskId, started.providerRef ?? 'requested');
      return;
    }
    await moveRefund(tx, taskId, started);
  });
}
