import type { PendingTask } from '../../lib/pending-tasks';
import type { Task } from '../../shared/contract';

export const CONFIRMING_TITLE = 'Payment received - confirming your booking';
/** The server said the payment is still being processed (a bank transfer): not 'received' yet. */
export const AWAITING_PAYMENT_TITLE = 'Waiting for your bank transfer';
export const AWAITING_PAYMENT_TEXT =
  'Your booking is made as soon as your bank confirms the transfer. This page updates by itself.';
export const REFUSED_TITLE = 'Booking not confirmed';
export const REFUSED_WITHOUT_MESSAGE = 'The server could not confirm this booking.';
/** Where a client whose paid booking was refused writes (the terms page names it too). */
export const SUPPORT_EMAIL = 'support@greenpick.ng';

/**
 * The kept paid tasks Home shows as cards: every refused one, and the pending ones the server
 * does not list yet (once a task with its reference is listed, the real task shows instead,
 * even before the device has removed its record).
 */
export function pendingTaskCards(kept: readonly PendingTask[], tasks: readonly Task[]): PendingTask[] {
  const listed = new Set(tasks.map((task) => task.reference));
  return kept.filter((record) => record.refusal !== undefined || !listed.has(record.reference));
}

/** References that were pending before and are gone now: the server has confirmed them (Home reads its tasks again). */
export function confirmedSince(before: readonly PendingTask[], after: readonly PendingTask[]): string[] {
  const remaining = new Set(after.map((record) => record.reference));
  return before
    .filter((record) => record.refusal === undefined && !remaining.has(record.reference))
    .map((record) => record.reference);
}
