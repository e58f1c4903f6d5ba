// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYSTACK_SCRIPT_URL, loadPaystackScript, openPaystackCheckout, type PaystackPopConstructor } from '../../../src/lib/payments/paystack-checkout';

afterEach(() => {
  document.head.innerHTML = '';
  delete window.PaystackPop;
});

describe('the Paystack adapter (script loading and callbacks, not the remote service)', () => {
  it('loads the inline script on demand, once', async () => {
    const first = loadPaystackScript();
    const second = loadPaystackScript();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(PAYSTACK_SCRIPT_URL);
    const Pop = vi.fn() as unknown as PaystackPopConstructor;
    window.PaystackPop = Pop;
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Pop);
    await expect(second).resolves.toBe(Pop);
  });

  it('a failed load rejects and can be tried again', async () => {
    const failed = loadPaystackScript();
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Paystack could not be loaded');
    expect(document.head.querySelector('script')).toBeNull();
    void loadPaystackScript();
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('opens a new transaction with the checked parameters and callbacks', async () => {
    const newTransaction = vi.fn();
    class FakePop {
      newTransaction = newTransaction;
    }
    const onSuccess = vi.fn();
    await openPaystackCheckout({ key: 'pk', amount: 100, email: 'a@b.ng', onSuccess }, async () => FakePop);
    expect(newTransaction).toHaveBeenCalledWith({ key: 'pk', amount: 100, email: 'a@b.ng', onSuccess });
  });
});
