// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

const constructed = vi.fn();
const newTransaction = vi.fn();
// The package itself would frame Paystack's checkout: the seam is its PaystackPop class.
vi.mock('@paystack/inline-js', () => ({
  default: class FakePaystackPop {
    constructor() {
      constructed();
    }
    newTransaction = newTransaction;
  },
}));

const { loadPaystack, openPaystackCheckout } = await import('../../../src/features/payments/paystack-checkout');

describe('the Paystack adapter (library loading and callbacks, not the remote service)', () => {
  it('loads PaystackPop from @paystack/inline-js on demand', async () => {
    const PaystackPop = await loadPaystack();
    expect(constructed).not.toHaveBeenCalled();
    new PaystackPop();
    expect(constructed).toHaveBeenCalledTimes(1);
  });

  it('opens a new transaction with the checked parameters and callbacks', async () => {
    const onSuccess = vi.fn();
    const onCancel = vi.fn();
    await openPaystackCheckout({ key: 'pk_test_1', amount: 150000, email: 'a@b.ng', currency: 'NGN', reference: 'r1', onSuccess, onCancel });
    expect(newTransaction).toHaveBeenCalledWith({ key: 'pk_test_1', amount: 150000, email: 'a@b.ng', currency: 'NGN', reference: 'r1', onSuccess, onCancel });
    // Paystack calls the callbacks it was given: the wrapper's own.
    const given = newTransaction.mock.calls[0]![0] as { onSuccess: (answer: { reference: string }) => void };
    given.onSuccess({ reference: 'r1' });
    expect(onSuccess).toHaveBeenCalledWith({ reference: 'r1' });
  });

  it('a library that fails to load rejects, so the wrapper reports it', async () => {
    await expect(openPaystackCheckout({ key: 'pk', amount: 100, email: 'a@b.ng' }, async () => Promise.reject(new Error('chunk failed')))).rejects.toThrow('chunk failed');
  });
});
