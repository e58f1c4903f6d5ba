import { describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_INIT_FAILED,
  createPay,
  newPaymentReference,
  type OpenCheckout,
} from '../../../src/features/payments/pay';
import type { TransactionParams } from '../../../src/features/payments/transaction-params';

const params = { email: 'ada@example.ng', amount: 150000, ref: '1700000000000-abc123' };

/** A checkout that calls one of its callbacks as soon as it opens. */
function checkoutCalling(callback: string, value?: unknown) {
  const opened: TransactionParams[] = [];
  const open: OpenCheckout = (transaction) => {
    opened.push(transaction);
    (transaction[callback] as (v?: unknown) => void)(value);
  };
  return { opened, pay: createPay({ key: 'pk_test_1', loadCheckout: async () => open }) };
}

describe('the payment wrapper', () => {
  it('onSuccess resolves success with the reference', async () => {
    const { pay, opened } = checkoutCalling('onSuccess', { reference: params.ref });
    await expect(pay(params)).resolves.toEqual({ status: 'success', reference: params.ref });
    expect(opened[0]).toMatchObject({
      key: 'pk_test_1',
      email: params.email,
      amount: 150000,
      currency: 'NGN',
      reference: params.ref,
    });
  });

  it.each([
    ['onCancel', 'cancel'],
    ['onClose', 'close'],
  ])('%s resolves cancelled (%s)', async (callback, how) => {
    await expect(checkoutCalling(callback).pay(params)).resolves.toEqual({ status: 'cancelled', how });
  });

  it('a bank transfer waiting for confirmation resolves pending with the reference: the money may still arrive', async () => {
    await expect(checkoutCalling('onBankTransferConfirmationPending').pay(params)).resolves.toEqual({
      status: 'pending',
      reference: params.ref,
    });
  });

  it("passes every optional field the checkout knows, in the checkout's spellings, and tells the caller's callbacks too", async () => {
    const told: string[] = [];
    const { pay, opened } = checkoutCalling('onSuccess', { reference: params.ref });
    await pay({
      ...params,
      channels: ['card', 'bank_transfer', 'ussd'],
      plan: 'PLN_gold',
      quantity: 2,
      subaccount: 'ACCT_1',
      transaction_charge: 5000,
      bearer: 'subaccount',
      split: { type: 'percentage', subaccounts: [] },
      split_code: 'SPL_1',
      connect_account: 'CA_1',
      connect_split: [{ account: 'CA_1', share: 100 }],
      onSuccess: ({ reference }) => told.push(`success ${reference}`),
    });
    expect(opened[0]).toMatchObject({
      channels: ['card', 'bank_transfer', 'ussd'],
      planCode: 'PLN_gold',
      subscriptionCount: 2,
      subaccountCode: 'ACCT_1',
      transactionCharge: 5000,
      bearer: 'subaccount',
      split: { type: 'percentage', subaccounts: [] },
      splitCode: 'SPL_1',
      connectAccount: 'CA_1',
      connectSplit: [{ account: 'CA_1', share: 100 }],
    });
    expect(told).toEqual([`success ${params.ref}`]);

    const onCancel = vi.fn();
    await checkoutCalling('onClose').pay({ ...params, onCancel });
    expect(onCancel).toHaveBeenCalledTimes(1);
    const onBankTransferConfirmationPending = vi.fn();
    await checkoutCalling('onBankTransferConfirmationPending').pay({ ...params, onBankTransferConfirmationPending });
    expect(onBankTransferConfirmationPending).toHaveBeenCalledTimes(1);
  });

  it("rejects with 'Failed to initialize payment' when the checkout cannot load or reports an error", async () => {
    const failingLoad = createPay({ key: 'pk', loadCheckout: () => Promise.reject(new Error('offline')) });
    await expect(failingLoad(params)).rejects.toThrow(PAYMENT_INIT_FAILED);
    await expect(checkoutCalling('onError', { message: 'setup' }).pay(params)).rejects.toThrow(PAYMENT_INIT_FAILED);
  });

  it("rejects with 'Failed to initialize payment' without opening a checkout when parameters are invalid", async () => {
    const loadCheckout = vi.fn();
    const pay = createPay({ key: 'pk', loadCheckout });
    await expect(pay({ ...params, email: '' })).rejects.toThrow(PAYMENT_INIT_FAILED);
    await expect(pay({ ...params, amount: 1500.5 })).rejects.toThrow(PAYMENT_INIT_FAILED);
    expect(loadCheckout).not.toHaveBeenCalled();
  });

  it('passes names, phone, label and metadata to the checkout in its spellings', async () => {
    const { pay, opened } = checkoutCalling('onCancel');
    await pay({
      ...params,
      firstname: 'Ada',
      lastname: 'Obi',
      phone: '+2348012345678',
      label: 'Ada',
      metadata: { plan: 'gold' },
    });
    expect(opened[0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Obi',
      phone: '+2348012345678',
      label: 'Ada',
      metadata: { plan: 'gold' },
    });
  });

  it('takes every field of the specification by its name, all optional: key, ref, currency (default NGN) and the rest', async () => {
    const { pay, opened } = checkoutCalling('onCancel');
    await pay({
      key: 'pk_live_given',
      email: 'ada@example.ng',
      amount: 250_000,
      ref: 'my-ref-1',
      channels: ['card'],
      metadata: { a: 1 },
      label: 'Ada',
      plan: 'PLN_x',
      quantity: 2,
      subaccount: 'ACCT_x',
      transaction_charge: 100,
      bearer: 'subaccount',
      split: { type: 'flat' },
      split_code: 'SPL_x',
      connect_account: 'CA_x',
      connect_split: [{ a: 1 }],
    });
    expect(opened[0]).toMatchObject({
      key: 'pk_live_given',
      reference: 'my-ref-1',
      currency: 'NGN',
      channels: ['card'],
      planCode: 'PLN_x',
      subscriptionCount: 2,
      subaccountCode: 'ACCT_x',
      transactionCharge: 100,
      bearer: 'subaccount',
      splitCode: 'SPL_x',
      connectAccount: 'CA_x',
    });
    // Without a reference the wrapper makes one; without an e-mail the checkout refuses it.
    const made = checkoutCalling('onSuccess');
    const result = await made.pay({ email: 'ada@example.ng', amount: 150000 });
    expect(result).toMatchObject({ status: 'success', reference: expect.stringMatching(/^\d+-[0-9a-z]{6}$/) });
    await expect(checkoutCalling('onSuccess').pay({ amount: 150000 })).rejects.toThrow(PAYMENT_INIT_FAILED);
  });

  it('only the first outcome counts', async () => {
    const pay = createPay({
      key: 'pk',
      loadCheckout: async () => (transaction) => {
        (transaction.onCancel as () => void)();
        (transaction.onSuccess as (v: unknown) => void)({ reference: 'x' });
      },
    });
    await expect(pay(params)).resolves.toEqual({ status: 'cancelled', how: 'cancel' });
  });
});

describe('newPaymentReference: the current time in ms plus a short random suffix', () => {
  it('starts with the time in ms', () => {
    expect(newPaymentReference(1_763_800_000_123, () => 0.5)).toMatch(/^1763800000123-[0-9a-z]{6}$/);
  });

  it('differs between two payments in the same millisecond', () => {
    expect(newPaymentReference(1)).not.toBe(newPaymentReference(1, () => 0.999));
  });

  it('uses only characters the server accepts', () => {
    for (let i = 0; i < 20; i += 1) expect(newPaymentReference()).toMatch(/^[A-Za-z0-9._=-]+$/);
  });
});
