// @vitest-environment jsdom
/**
 * The Paystack adapter against a fake of the inline library (@paystack/inline-js): a
 * PaystackPop class whose transaction calls the callbacks the way the real library does
 * (read from its source): the frame's "cancel" and "close" events call onCancel and then the
 * deprecated onClose; "transfer:pending" calls onCancel and then
 * onBankTransferConfirmationPending; "success" calls onSuccess with the transaction; a setup
 * error calls onError. The adapter and the payment wrapper run for real.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransactionParams } from '../../../src/features/payments/transaction-params';

type Callback = (...args: unknown[]) => void;
type FrameEvent = 'loaded:transaction' | 'cancel' | 'close' | 'transfer:pending' | 'success' | 'setup-error';

const opened: TransactionParams[] = [];
const constructed = vi.fn();
let onOpen: (transaction: FakeTransaction) => void = () => undefined;

class FakeTransaction {
  constructor(readonly params: TransactionParams) {}
  private fire(name: string, ...args: unknown[]) {
    const callback = this.params[name];
    if (typeof callback === 'function') (callback as Callback)(...args);
  }
  /** What the library does on each event from its checkout frame. */
  frame(event: FrameEvent): void {
    if (event === 'loaded:transaction') this.fire('onLoad', { id: 1, accessCode: 'code' });
    else if (event === 'cancel' || event === 'close') {
      this.fire('onCancel');
      this.fire('onClose');
    } else if (event === 'transfer:pending') {
      this.fire('onCancel');
      this.fire('onClose');
      this.fire('onBankTransferConfirmationPending');
    } else if (event === 'success')
      this.fire('onSuccess', {
        reference: this.params.ref,
        status: 'success',
        trans: '123',
        message: 'Approved',
      });
    else this.fire('onError', { type: 'setup', message: 'Invalid key' });
  }
}

vi.mock('@paystack/inline-js', () => ({
  default: class FakePaystackPop {
    constructor() {
      constructed();
    }
    newTransaction(params: TransactionParams) {
      opened.push(params);
      const transaction = new FakeTransaction(params);
      onOpen(transaction);
      return transaction;
    }
  },
}));

const { loadPaystack, openPaystackCheckout } = await import('../../../src/features/payments/paystack-checkout');
const { PAYMENT_INIT_FAILED, createPay } = await import('../../../src/features/payments/pay');

/** The app's pay() with a Paystack key: the real wrapper, the real adapter, the fake library. */
const payWithPaystack = createPay({
  key: 'pk_test_1',
  loadCheckout: async () => (params) => openPaystackCheckout(params),
});
const params = { email: 'ada@example.ng', amount: 150_000, ref: '1700000000000-abc123' };

beforeEach(() => {
  opened.length = 0;
  onOpen = () => undefined;
});

describe('the Paystack adapter with the inline library', () => {
  it('loads PaystackPop from @paystack/inline-js on demand', async () => {
    const PaystackPop = await loadPaystack();
    expect(constructed).not.toHaveBeenCalled();
    new PaystackPop();
    expect(constructed).toHaveBeenCalledTimes(1);
  });

  it('opens a transaction with the checked parameters (key, amount in kobo, NGN, reference) and no deprecated onClose', async () => {
    onOpen = (transaction) => transaction.frame('success');
    await payWithPaystack(params);
    expect(opened[0]).toMatchObject({
      key: 'pk_test_1',
      email: params.email,
      amount: 150_000,
      currency: 'NGN',
      reference: params.ref,
    });
    expect(opened[0]).not.toHaveProperty('onClose');
  });

  it.each(['close', 'cancel'] as const)(
    "the pop-up's %s event (reported through onCancel): 'Payment window was closed' (cancelled, how: close)",
    async (event) => {
      onOpen = (transaction) => {
        transaction.frame('loaded:transaction');
        transaction.frame(event);
      };
      await expect(payWithPaystack(params)).resolves.toEqual({ status: 'cancelled', how: 'close' });
    },
  );

  it('a bank transfer left pending (onCancel, then onBankTransferConfirmationPending) is not a closed window: it waits for confirmation', async () => {
    onOpen = (transaction) => transaction.frame('transfer:pending');
    await expect(payWithPaystack(params)).resolves.toEqual({ status: 'pending', reference: params.ref });
  });

  it('success resolves with the reference', async () => {
    onOpen = (transaction) => transaction.frame('success');
    await expect(payWithPaystack(params)).resolves.toEqual({ status: 'success', reference: params.ref });
  });

  it("a setup error: 'Failed to initialize payment'", async () => {
    onOpen = (transaction) => transaction.frame('setup-error');
    await expect(payWithPaystack(params)).rejects.toThrow(PAYMENT_INIT_FAILED);
  });

  it('a library that fails to load rejects, so the wrapper reports it', async () => {
    await expect(
      openPaystackCheckout({ key: 'pk', amount: 100, email: 'a@b.ng' }, async () =>
        Promise.reject(new Error('chunk failed')),
      ),
    ).rejects.toThrow('chunk failed');
    const failing = createPay({
      key: 'pk_test_1',
      loadCheckout: async () => (transaction) =>
        openPaystackCheckout(transaction, () => Promise.reject(new Error('offline'))),
    });
    await expect(failing(params)).rejects.toThrow(PAYMENT_INIT_FAILED);
  });
});

describe('the create flow with the Paystack pop-up', () => {
  it("closing the pop-up ends the booking as 'close' (the screen shows 'Payment window was closed') and sends nothing", async () => {
    const { payForTask } = await import('../../../src/features/tasks/booking/pay-for-task');
    onOpen = (transaction) => transaction.frame('close');
    const submit = vi.fn();
    const outcome = await payForTask(
      {
        place: { address: 'Ikeja, Lagos', lat: 6.6, lng: 3.35 },
        user: { _id: 'u1', email: 'ada@example.ng' },
        serviceType: 'household',
        price: { serviceName: 'Household Waste Pickup', price: 1500, unit: 'per pickup' },
      },
      { loadPayments: async () => ({ pay: payWithPaystack, newPaymentReference: () => params.ref }), submit },
    );
    expect(outcome).toEqual({ kind: 'cancelled', how: 'close' });
    expect(submit).not.toHaveBeenCalled();
  });
});
