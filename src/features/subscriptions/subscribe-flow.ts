/**
 * The subscription flow (docs/product.md, Plans): a plan and the user's e-mail are required, the
 * plan is paid in the card checkout (the price in kobo, src/shared/money.ts), then the verified reference is sent
 * with POST /client/subscribe. The payment (the payments feature, handed over by the route)
 * and the API are passed in, so the rules can be tested without either.
 */
import type { SubscribeRequest, User } from '../../shared/contract';
import type { SubscriptionPlan } from '../../shared/plans';

export const SELECT_PLAN = 'Please select a plan';
export const EMAIL_NOT_AVAILABLE = 'User email not available';
export const SUBSCRIBED = 'Subscription activated successfully!';
export const SUBSCRIBE_FAILED = 'Failed to activate subscription';
export const PAYMENT_CANCELLED = 'Payment was cancelled';
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment';

export interface PaymentRequest {
  email: string;
  /** Kobo. */
  amount: number;
  /** The payment reference (the wrapper's `ref`). */
  ref: string;
  metadata?: Record<string, unknown>;
  label?: string;
  /** Plans are paid by card: the plan starts with the payment, not when a transfer is confirmed later. */
  channels: string[];
}
export type PaymentResult =
  | { status: 'success'; reference: string }
  | { status: 'pending'; reference: string }
  | { status: 'cancelled' };

/** The payments feature, loaded lazily (the payment code is not on the dashboard). */
export type LoadSubscriptionPayments = () => Promise<{
  pay: (request: PaymentRequest) => Promise<PaymentResult>;
  newPaymentReference: () => string;
}>;

export interface SubscribeDependencies {
  loadPayments: LoadSubscriptionPayments;
  subscribe: (request: SubscribeRequest) => Promise<User>;
  /** The server's message of a failed call, if it gave one. */
  errorMessage: (error: unknown) => Promise<string | undefined>;
}

export type SubscribeOutcome =
  | { outcome: 'invalid'; message: string }
  | { outcome: 'cancelled'; message: string }
  | { outcome: 'failed'; message: string }
  | { outcome: 'subscribed'; message: string; user: User };

/** Naira to kobo without floating-point dust (src/shared/money.ts). */
export function planAmountInKobo(plan: SubscriptionPlan): number {
  return plan.priceKobo;
}

export function checkSubscription(plan: SubscriptionPlan | null, user: Pick<User, 'email'> | null): string | undefined {
  if (!plan) return SELECT_PLAN;
  if (!user?.email) return EMAIL_NOT_AVAILABLE;
  return undefined;
}

export async function runSubscription(
  deps: SubscribeDependencies,
  plan: SubscriptionPlan | null,
  user: User | null,
): Promise<SubscribeOutcome> {
  const invalid = checkSubscription(plan, user);
  if (invalid || !plan || !user) return { outcome: 'invalid', message: invalid ?? SELECT_PLAN };

  let payment: PaymentResult;
  try {
    const { pay, newPaymentReference } = await deps.loadPayments();
    payment = await pay({
      email: user.email,
      amount: planAmountInKobo(plan),
      ref: newPaymentReference(),
      metadata: { purpose: 'subscription', plan: plan.key, userId: user._id },
      channels: ['card'],
    });
  } catch {
    return { outcome: 'failed', message: PAYMENT_INIT_FAILED };
  }
  if (payment.status !== 'success') return { outcome: 'cancelled', message: PAYMENT_CANCELLED };

  try {
    const updated = await deps.subscribe({ plan: plan.key, userId: user._id, reference: payment.reference });
    return { outcome: 'subscribed', message: SUBSCRIBED, user: updated };
  } catch (error) {
    return { outcome: 'failed', message: (await deps.errorMessage(error)) ?? SUBSCRIBE_FAILED };
  }
}
