/**
 * The payment wrapper, the only place the app touches card payments: it checks the transaction
 * parameters, then opens Paystack's checkout or the local test checkout with the same
 * callbacks (docs/product.md, 'Payments'). Loaded lazily; it keeps nothing: the paid task's
 * durable record is src/lib/pending-tasks.ts.
 */
import { config } from '../../shared/config';
import { startPayment } from '../../lib/payment-activity';
import { validateTransactionParams, type TransactionParams } from './transaction-params';

/**
 * The wrapper's parameters, each by the name the specification gives it and all optional
 * (docs/product.md, Payments): what the checkout lacks (an e-mail, an amount without a plan)
 * it refuses with its own message, and `onError` is never needed here: the promise rejects.
 */
export interface PayParams {
  /** The Paystack public key; absent: the configured one. */
  key?: string;
  email?: string;
  /** Kobo (src/shared/money.ts). */
  amount?: number;
  /** The payment reference; absent: a new one (the current time in ms and a suffix). */
  ref?: string;
  /** Default NGN. */
  currency?: string;
  metadata?: Record<string, unknown>;
  label?: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
  /** How the client may pay, e.g. ['card', 'bank_transfer', 'ussd']. */
  channels?: string[];
  plan?: string;
  quantity?: number;
  subaccount?: string;
  transaction_charge?: number;
  bearer?: 'account' | 'subaccount';
  split?: Record<string, unknown>;
  split_code?: string;
  connect_account?: string;
  connect_split?: unknown[];
  /** Told as well as the returned promise: a payment went through. */
  onSuccess?: (response: { reference: string }) => void;
  /** Told as well: the checkout ended without paying. */
  onCancel?: () => void;
  /** Told as well: a bank transfer was made and waits for Paystack's confirmation. */
  onBankTransferConfirmationPending?: () => void;
}

/**
 * `pending`: a bank transfer was made and waits for Paystack's confirmation (the server
 * confirms the booking when it does). `cancelled` says how the checkout ended without paying:
 * `cancel` (the client cancelled) or `close` (the checkout window was closed).
 */
export type PayResult =
  | { status: 'success'; reference: string }
  | { status: 'pending'; reference: string }
  | { status: 'cancelled'; how: 'cancel' | 'close' };

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
      const cancelled = () => {
        params.onCancel?.();
        settle({ status: 'cancelled', how: 'cancel' });
      };
      const closed = () => {
        params.onCancel?.();
        settle({ status: 'cancelled', how: 'close' });
      };
      const reference = params.ref ?? newPaymentReference();
      const transferPending = () => {
        params.onBankTransferConfirmationPending?.();
        settle({ status: 'pending', reference });
      };

      let transaction: TransactionParams;
      try {
        if (params.amount !== undefined && (!Number.isInteger(params.amount) || params.amount <= 0))
          throw new Error(`The amount must be a positive number of kobo, not ${params.amount}`);
        const { onSuccess, onCancel: _onCancel, onBankTransferConfirmationPending: _pending, key, ...fields } = params;
        transaction = validateTransactionParams({
          ...fields,
          ref: reference,
          key: key ?? options.key ?? 'local-test-checkout',
          currency: params.currency ?? 'NGN',
          onSuccess: (response?: { reference?: string }) => {
            const paid = response?.reference ?? reference;
            onSuccess?.({ reference: paid });
            settle({ status: 'success', reference: paid });
          },
          onCancel: cancelled,
          onClose: closed,
          // A bank transfer waiting for confirmation ends this checkout; the booking waits for the money (docs/product.md, Payments).
          onBankTransferConfirmationPending: transferPending,
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
