/**
 * POST /paystack/webhook: checks Paystack's signature first, then records each charge once, so
 * the server knows a paid card even when the phone never sends the booking, and moves the
 * refunds it started and the drivers' payouts. Paystack retries anything but a 2xx, so what it has seen or ignores gets
 * 200 (docs/operations.md, 'Paystack webhook').
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { openReversalAttention } from '../db/attention';
import { markUseReversed, recordCharge, recordReversal } from '../db/charges';
import { findRefundByReference, moveRefund } from '../db/refunds';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { paymentReference, paymentsLog } from './check';
import { paymentFromPaystack } from './verifier';
import { isTransferEvent, reconcileTransfer } from '../payouts/payouts';

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

/** Events after which a charge's money is back with the payer or contested. */
const REVERSAL_EVENTS = new Set(['refund.processed', 'charge.dispute.create']);

/** Refund events name the charge in `transaction_reference`, disputes in `transaction.reference`. */
function reversedReference(data: Record<string, unknown>): unknown {
  const transaction = data.transaction as { reference?: unknown } | undefined;
  return (
    data.transaction_reference ?? (typeof transaction === 'object' && transaction ? transaction.reference : undefined)
  );
}

export function paystackSignature(rawBody: Uint8Array, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export function signatureMatches(rawBody: Uint8Array, given: string | undefined, secretKey: string): boolean {
  if (!given || !/^[0-9a-f]{128}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(paystackSignature(rawBody, secretKey), 'hex'), Buffer.from(given, 'hex'));
}

export const paystackWebhookRoutes = new Hono<AppEnv>();

paystackWebhookRoutes.post('/paystack/webhook', async (c) => {
  const { config, db } = c.var.deps;
  const log = paymentsLog(c.var.deps).child({ via: 'webhook' });
  if (!config.paystackSecretKey) throw notFound();
  const rawBody = new Uint8Array(await c.req.arrayBuffer());
  if (!signatureMatches(rawBody, c.req.header(PAYSTACK_SIGNATURE_HEADER), config.paystackSecretKey))
    throw unauthorized('Invalid signature');

  let event: { event?: unknown; data?: Record<string, unknown> } | null;
  try {
    event = JSON.parse(Buffer.from(rawBody).toString('utf8')) as typeof event;
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
  if (typeof event?.data !== 'object' || event.data === null) return c.json({ received: true });
  // Drivers' payouts (server/payouts/payouts.ts): a failed or reversed one is back in the balance.
  if (isTransferEvent(event.event)) {
    const moved = await reconcileTransfer(db, event.event, event.data, c.var.deps.now());
    if (moved)
      log[moved.status === 'success' ? 'info' : 'warn'](
        { reference: moved.reference, status: moved.status, amountKobo: moved.amount_kobo },
        'payout moved',
      );
    return c.json({ received: true });
  }
  // Our own refunds of cancelled tasks, matched on the charge reference we stored; any other
  // refund goes on to the reversal branch below.
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    const ours = paymentReference().safeParse(event.data.transaction_reference);
    const refundId = event.data.id;
    const providerRef = typeof refundId === 'number' || typeof refundId === 'string' ? String(refundId) : null;
    const refund = ours.success ? await findRefundByReference(db, ours.data, providerRef) : undefined;
    if (refund) {
      const status = event.event === 'refund.processed' ? 'refunded' : 'failed';
      const moved = await db.transaction((tx) =>
        moveRefund(tx, refund.id, {
          status,
          failure: status === 'failed' ? 'Paystack reports the refund failed (refund.failed)' : null,
        }),
      );
      if (moved) log.info({ reference: refund.reference, status }, 'refund moved');
      return c.json({ received: true });
    }
  }
  if (typeof event.event === 'string' && REVERSAL_EVENTS.has(event.event)) {
    const reversed = paymentReference().safeParse(reversedReference(event.data));
    if (!reversed.success) return c.json({ received: true });
    const kind = event.event;
    // Recorded once, whichever instance gets the delivery (and Paystack's retries): the task or
    // plan it already paid for goes in front of the operator in the same transaction.
    const used = await db.transaction(async (tx) => {
      if (!(await recordReversal(tx, reversed.data, kind))) return undefined;
      const use = await markUseReversed(tx, reversed.data);
      if (use)
        await openReversalAttention(tx, {
          reference: reversed.data,
          purpose: use.purpose,
          userId: use.userId,
          reason: `Reversed after fulfilment (${kind}): ${use.what}`,
          event: kind,
        });
      return use;
    });
    if (used === undefined) return c.json({ received: true });
    if (used)
      log.warn(
        { reference: reversed.data, reversal: kind, paidFor: used.what },
        'reversed after it paid: kept for an operator',
      );
    else log.info({ reference: reversed.data, reversal: kind }, 'reversed: it books nothing');
    return c.json({ received: true });
  }
  if (event.event !== 'charge.success') return c.json({ received: true });
  const reference = paymentReference().safeParse(event.data.reference);
  const payment = reference.success ? paymentFromPaystack(event.data, reference.data) : null;
  if (!payment) {
    log.warn('charge.success without a usable reference or amount: ignored');
    return c.json({ received: true });
  }
  const isNew = await recordCharge(db, { ...payment, provider: 'paystack', confirmedBy: 'webhook' });
  if (isNew)
    log.info({ reference: payment.reference, amountKobo: payment.amountKobo, currency: payment.currency }, 'charged');
  return c.json({ received: true });
});
