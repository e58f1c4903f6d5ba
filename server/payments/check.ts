/**
 * The one payment check behind task creation and subscriptions: the reference must be a
 * successful NGN payment of exactly the server's price. The provider's answer is trusted
 * only through `deps.payments`; the amount the client claims is never used.
 */
import type { PaymentVerifier, VerifiedPayment } from './verifier';
import { HttpError, badRequest } from '../http/errors';

export const PAYMENT_NOT_VERIFIED = 'Payment could not be verified';
export const REFERENCE_ALREADY_USED = 'This payment reference has already been used';

/** The reference rule is shared with the request schemas (length first, then the pattern). */
export { paymentReference } from '../../src/shared/schemas/payment';

export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

export async function requireVerifiedPayment(
  payments: PaymentVerifier,
  reference: string,
  expectedKobo: number,
  mismatchMessage: string,
): Promise<VerifiedPayment> {
  let payment: VerifiedPayment | null;
  try {
    payment = await payments.verify(reference);
  } catch {
    // The provider is down or answered oddly: the payment may well exist, so this is not a
    // 402 (which tells the client it failed) but a retryable 502.
    throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
  }
  if (!payment) throw new HttpError(402, PAYMENT_NOT_VERIFIED);
  if (payment.amountKobo !== expectedKobo || payment.currency.toUpperCase() !== 'NGN') throw badRequest(mismatchMessage);
  return payment;
}
