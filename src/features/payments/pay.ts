/**
 * The payment wrapper, the only place the app touches card payments: it checks the transaction
 * parameters, then opens Paystack's checkout or the local test checkout with the same
 * callbacks (docs/product.md, 'Payments'). Loaded lazily; it keeps nothing: the paid task's
 * durable record is src/lib/pending-tasks.ts.
 */
import { config } from '../../shared/config';
import { startPayment } from '../../lib/payment-activity';
import { validateTransactionParams, type TransactionParams } from './transaction-params';

export interface PayParams {
  email: string;
  /** Kobo (naira x 100). */
  amount: number;
  reference: string;
  currency?: 'NGN';
  metadata?: Record<string, unknown>;
  label?: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
}

/**
 * `cancelled` says how the checkout ended without paying: `cancel` (the client cancelled, or
 * a bank transfer is left to confirm) or `close` (the checkout window was closed).
 */
export type PayResult = { status: 'success'; reference: string } | { status: 'cancelled'; how: 'cancel' | 'close' };

export const PAYMENT_INIT_FAILED = 'Failed to initialize payment';

/** Opens a checkout with checked parameters; reports through the parameters' callbacks. */
export type OpenCheckout = (params: TransactionParams) => void | Promise<void>;

export interface PayOptions {
  /** The Paystack public key; absent: the local test checkout. */
  key?: string;
  loadCheckout: () => Promise<OpenCheckout>;
}

/** The current time in ms and a short random suffix: unique per merchant, readable in logs. */
export function newPaymentReference(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `${now}-${suffix}`;
}

/** A pay function over the given checkout (tests give their own). */
export function createPay(options: PayOptions): (params: PayParams) => Promise<PayResult> {
  return (params) =>
    new Promise<PayResult>((resolve, reject) => {
      let settled = false;
      const endPayment = startPayment();
      const settle = (result: PayResult | Error) => {
        if (settled) return;
        settled = true;
        endPayment();
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const fail = (cause: unknown) => settle(new Error(PAYMENT_INIT_FAILED, { cause }));
      const cancelled = () => settle({ status: 'cancelled', how: 'cancel' });
      const closed = () => settle({ status: 'cancelled', how: 'close' });

      let transaction: TransactionParams;
      try {
        if (!Number.isInteger(params.amount) || params.amount <= 0)
          throw new Error(`The amount must be a positive number of kobo, not ${params.amount}`);
        transaction = validateTransactionParams({
          key: options.key ?? 'local-test-checkout',
          email: params.email,
          amount: params.amount,
          currency: params.currency ?? 'NGN',
          reference: params.reference,
          metadata: params.metadata,
          label: params.label,
          firstname: params.firstname,
          lastname: params.lastname,
          phone: params.phone,
          onSuccess: (answer?: { reference?: string }) =>
            settle({ status: 'success', reference: answer?.reference ?? params.reference }),
          onCancel: cancelled,
          onClose: closed,
          // A bank transfer waiting for confirmation also ends this checkout (docs/product.md, Payments).
          onBankTransferConfirmationPending: cancelled,
          onError: fail,
        });
      } catch (error) {
        fail(error);
        return;
      }
      options
        .loadCheckout()
        .then((open) => open(transaction))
        .catch(fail);
    });
}

/** Runs one card payment with the configured checkout. */
export const pay = createPay({
  key: config.paystackPublicKey,
  loadCheckout: async () =>
    config.paystackPublicKey
      ? (await import('./paystack-checkout')).openPaystackCheckout
      : (await import('./test-checkout')).openTestCheckout,
});
