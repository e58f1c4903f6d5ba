/** A reference an operator settled without a task or plan (e.g. refunded) cannot be used any more. */
import { findAttention } from '../db/attention';
import type { Queryable } from '../db/connection';
import { conflict } from '../http/errors';
import { PAYMENT_SETTLED } from './check';

export async function refuseSettledPayment(db: Queryable, reference: string): Promise<void> {
  const entry = await findAttention(db, reference);
  if (entry?.settled_at && entry.settlement !== 'honoured') throw conflict(PAYMENT_SETTLED);
}
