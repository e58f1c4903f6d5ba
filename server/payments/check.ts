/**
 * The payment checks behind task creation and subscriptions: a confirmed charge, paid by the
 * caller, at a price that may be honoured; a charge that cannot be used is kept for an
 * operator, never dropped (docs/data-paths.md, 'On the server', steps 3 to 5).
 */
import type { AppDeps } from '../context';
import { upsertAttention } from '../db/attention';
import { findCharge, findReversal, recordCharge, type Charge } from '../db/charges';
import { heldEmailAt, holdsEmail } from '../db/email-history';
import type { PaymentPurpose } from '../db/payments';
import { HttpError, forbidden } from '../http/errors';
import type { RateRule } from '../http/rate-limit';
import { isRememberedUnknown, rememberUnknown } from '../db/unknown-references';
import { PaymentProviderUnavailable, type VerifiedPayment } from './verifier';

export const PAYMENT_NOT_VERIFIED = 'Payment could not be verified';
export const PAYMENT_REVERSED = 'This payment was refunded or disputed, so it cannot be used. Please pay again.';
export const REFERENCE_ALREADY_USED = 'This payment reference was already used';
export const NOT_YOUR_PAYMENT = 'This payment was made by another account';
export const PROVIDER_UNREACHABLE =
  'The payment provider could not be reached. Your payment is safe; please try again.';
export const PAYMENT_STILL_PROCESSING = 'Your payment is still being processed. Please try again in a few minutes.';
export const TOO_MANY_VERIFIES = 'Too many payment checks at once. Your payment is safe; please try again in a minute.';
export const PAYMENT_SETTLED =
  'This payment has been settled by our support team. Please contact support if you have a question.';
export const PAYMENT_KEPT_SAFE = 'Your payment is kept safe and our support team will contact you to settle it.';
export const paymentKeptSafeMessage = (what: 'service' | 'plan') =>
  `Payment amount does not match the price of this ${what}. ${PAYMENT_KEPT_SAFE}`;

/** The reference rule is shared with the request schemas (length first, then the pattern). */
export { paymentReference } from '../../src/shared/schemas/payment';

/** Who is trying to use a reference, and for what: kept with a payment needing attention. */
export interface PaymentClaim {
  reference: string;
  purpose: PaymentPurpose;
  userId: string;
  request: unknown;
  /** Where the request came from (server/http/client-address.ts): verify calls are limited per address too. */
  address?: string;
}

/** The payments' lines: a reference and what became of it, for an operator to follow. */
export const paymentsLog = (deps: Pick<AppDeps, 'log'>) => deps.log.child({ module: 'payments' });

/** How long a reference the provider did not know is answered without asking again. */
export const UNKNOWN_REFERENCE_MS = 5 * 60_000;

/** Keeps a reference that cannot become what it paid for, with the reason (for `npm run ops -- payments`). */
export async function keepForAttention(deps: AppDeps, claim: PaymentClaim, reason: string): Promise<void> {
  await upsertAttention(deps.db, {
    reference: claim.reference,
    purpose: claim.purpose,
    userId: claim.userId,
    reason,
    request: claim.request,
  });
  paymentsLog(deps).warn({ reference: claim.reference, reason }, 'needs attention');
}

/**
 * Counts a verify against the client's and the address's limits, or answers 429 with
 * Retry-After (a reference that turns out paid is given back). A reference counts once a window: the same booking sent again at once (a retry,
 * or both instances) is not charged twice, and it is asked of the provider only until that
 * answers (then its charge, or its being unknown, is in the database).
 */
async function countVerify(deps: AppDeps, claim: PaymentClaim): Promise<string[]> {
  const { limiter, limits } = deps;
  const windowMs = Math.max(limits.verifyPerUser.windowMs, limits.verifyPerAddress.windowMs);
  const marker = `verify:reference:${claim.reference}`;
  if (!(await limiter.take(marker, { limit: 1, windowMs }))) return [];
  const buckets: Array<readonly [string, RateRule]> = [[`verify:user:${claim.userId}`, limits.verifyPerUser]];
  if (claim.address) buckets.push([`verify:address:${claim.address}`, limits.verifyPerAddress]);
  if (await limiter.takeAll(buckets)) return buckets.map(([key]) => key);
  // Refused: this reference was not counted, so asking again counts again.
  await limiter.reset(marker);
  paymentsLog(deps).warn({ reference: claim.reference, userId: claim.userId }, 'too many verifies');
  throw new HttpError(429, TOO_MANY_VERIFIES, {}, { 'Retry-After': String(Math.ceil(windowMs / 1000)) });
}

export async function confirmedCharge(deps: AppDeps, claim: PaymentClaim): Promise<Charge> {
  const { db, payments } = deps;
  // The money went back (refund) or is contested (dispute): it pays for nothing.
  const reversal = await findReversal(db, claim.reference);
  if (reversal) {
    paymentsLog(deps).warn({ reference: claim.reference, reversal }, 'refused: reversed by the provider');
    throw new HttpError(402, PAYMENT_REVERSED);
  }
  const known = await findCharge(db, claim.reference);
  if (known) return known;
  // No amplification: a reference the provider just did not know, or a client (or address)
  // asking about many, does not cost a call to the provider each time.
  const now = deps.now();
  if (await isRememberedUnknown(db, claim.reference, now)) throw new HttpError(402, PAYMENT_NOT_VERIFIED);
  const counted = await countVerify(deps, claim);
  let payment: VerifiedPayment | null;
  try {
    payment = await payments.verify(claim.reference);
  } catch (error) {
    const status = error instanceof PaymentProviderUnavailable ? error.status : 502;
    paymentsLog(deps).warn({ reference: claim.reference, err: error }, 'could not verify');
    throw new HttpError(status, status === 503 ? PAYMENT_STILL_PROCESSING : PROVIDER_UNREACHABLE);
  }
  if (!payment) {
    await rememberUnknown(db, claim.reference, new Date(now.getTime() + UNKNOWN_REFERENCE_MS), now);
    // With the local test ledger, a reference it does not know may still be a real card
    // charge: the app built with a Paystack public key while the server lacks the secret key.
    if (payments.kind === 'test-ledger') {
      await keepForAttention(
        deps,
        claim,
        'Not in the local test ledger: if the app takes real Paystack payments, set PAYSTACK_SECRET_KEY',
      );
    }
    throw new HttpError(402, PAYMENT_NOT_VERIFIED);
  }
  // A real payment does not use up the client's verifies: only references that pay nothing do.
  if (counted.length > 0) await deps.limiter.giveBack(counted);
  await recordCharge(db, { ...payment, provider: payments.kind, confirmedBy: 'verify' });
  // A webhook may have recorded it meanwhile: the first record is the one that counts.
  return (await findCharge(db, claim.reference))!;
}

/**
 * A payment belongs to its payer: the test ledger's recorded payer, or else the account that
 * held the charge's e-mail address when it was paid (so a client who changes their e-mail
 * after paying keeps their payment, and the next holder of the old address never gets it).
 */
export async function requirePayer(deps: AppDeps, charge: Charge, userId: string): Promise<void> {
  const isPayer = charge.payerUserId
    ? charge.payerUserId === userId
    : charge.email !== '' &&
      (charge.paidAt
        ? await heldEmailAt(deps.db, userId, charge.email, charge.paidAt)
        : await holdsEmail(deps.db, userId, charge.email));
  if (isPayer) return;
  paymentsLog(deps).warn({ reference: charge.reference, userId }, 'refused: not the payer');
  throw forbidden(NOT_YOUR_PAYMENT);
}
