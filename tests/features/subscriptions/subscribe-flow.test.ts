import { describe, expect, it, vi } from 'vitest';
import {
  planAmountInKobo,
  runSubscription,
  type PaymentRequest,
  type PaymentResult,
  type SubscribeDependencies,
} from '../../../src/features/subscriptions/subscribe-flow';
import type { SubscribeRequest, User } from '../../../src/shared/contract';
import { SEED_PLANS, findPlanIn } from '../../../src/shared/plans';

const user = { _id: 'u1', email: 'chidi@example.ng' } as User;
const silver = findPlanIn(SEED_PLANS, 'silver')!;

type Pay = (request: PaymentRequest) => Promise<PaymentResult>;
type Subscribe = (request: SubscribeRequest) => Promise<User>;

function dependencies(overrides: { pay?: Pay; subscribe?: Subscribe } = {}) {
  const pay = vi.fn<Pay>(overrides.pay ?? (async (request) => ({ status: 'success', reference: request.ref })));
  const subscribe = vi.fn<Subscribe>(
    overrides.subscribe ??
      (async () => ({ ...user, subscription: { plan: 'silver', expiresAt: '2027-01-22T00:00:00Z' } })),
  );
  const deps: SubscribeDependencies = {
    loadPayments: async () => ({ pay, newPaymentReference: () => '1763800000000-abc123' }),
    subscribe,
    errorMessage: async (error) => (error instanceof Error && error.message ? error.message : undefined),
  };
  return { deps, pay, subscribe };
}

describe('subscription flow (flow, validation and messages)', () => {
  it("a plan must be selected ('Please select a plan'): nothing is paid", async () => {
    const { deps, pay } = dependencies();
    expect(await runSubscription(deps, null, user)).toEqual({ outcome: 'invalid', message: 'Please select a plan' });
    expect(pay).not.toHaveBeenCalled();
  });

  it("email must be available ('User email not available')", async () => {
    const { deps, pay } = dependencies();
    expect(await runSubscription(deps, silver, { ...user, email: '' })).toEqual({
      outcome: 'invalid',
      message: 'User email not available',
    });
    expect(await runSubscription(deps, silver, null)).toEqual({
      outcome: 'invalid',
      message: 'User email not available',
    });
    expect(pay).not.toHaveBeenCalled();
  });

  it("pays the plan price x 100 in kobo, then subscribes with the verified reference: 'Subscription activated successfully!'", async () => {
    const { deps, pay, subscribe } = dependencies();
    const result = await runSubscription(deps, silver, user);
    expect(planAmountInKobo(silver)).toBe(9_500_000);
    expect(pay).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'chidi@example.ng', amount: 9_500_000, ref: '1763800000000-abc123' }),
    );
    expect(subscribe).toHaveBeenCalledWith({ plan: 'silver', userId: 'u1', reference: '1763800000000-abc123' });
    expect(result).toMatchObject({ outcome: 'subscribed', message: 'Subscription activated successfully!' });
  });

  it('a cancelled checkout subscribes nothing', async () => {
    const { deps, subscribe } = dependencies({ pay: async () => ({ status: 'cancelled' }) });
    expect(await runSubscription(deps, silver, user)).toEqual({
      outcome: 'cancelled',
      message: 'Payment was cancelled',
    });
    expect(subscribe).not.toHaveBeenCalled();
  });

  it("'Failed to activate subscription' (or the server message)", async () => {
    const withMessage = dependencies({
      subscribe: async () => Promise.reject(new Error('Payment amount does not match the price of this plan')),
    });
    expect(await runSubscription(withMessage.deps, silver, user)).toEqual({
      outcome: 'failed',
      message: 'Payment amount does not match the price of this plan',
    });
    const without = dependencies({ subscribe: async () => Promise.reject(new Error('')) });
    expect(await runSubscription(without.deps, silver, user)).toEqual({
      outcome: 'failed',
      message: 'Failed to activate subscription',
    });
  });

  it("a checkout that cannot start: 'Failed to initialize payment'", async () => {
    const { deps, subscribe } = dependencies({ pay: async () => Promise.reject(new Error('script blocked')) });
    expect(await runSubscription(deps, silver, user)).toEqual({
      outcome: 'failed',
      message: 'Failed to initialize payment',
    });
    expect(subscribe).not.toHaveBeenCalled();
  });
});
