/**
 * Asking the provider for refunds the task lifecycle opened (server/tasks/lifecycle.ts): after
 * the transaction that opened them commits, so no network call holds a row lock.
 */
import type { Db } from '../db/connection';
import { moveRefund, selectUnaskedRefunds, setRefundProviderRef } from '../db/refunds';
import type { AftercareServices } from '../tasks/aftercare';

/**
 * Asks the provider for each of the task's refunds that is pending and not asked yet; records
 * what it answered (the test ledger refunds at once). Never throws: a failure is a failed refund.
 */
export async function startRefund(db: Db, services: AftercareServices, taskId: string): Promise<void> {
  for (const refund of await selectUnaskedRefunds(db, taskId)) {
    const started = await services.refunder.refund(refund.reference, refund.amount_kobo);
    if (started.status === 'failed')
      services.log
        .child({ module: 'payments' })
        .warn({ reference: refund.reference, reason: started.failure }, 'refund failed');
    await db.transaction(async (tx) => {
      if (started.status === 'pending') {
        await setRefundProviderRef(tx, refund.id, started.providerRef ?? 'requested');
        return;
      }
      await moveRefund(tx, refund.id, started);
    });
  }
}
