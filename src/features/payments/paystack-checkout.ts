/**
 * The Paystack adapter: Paystack's checkout library (the npm package @paystack/inline-js)
 * is a chunk of its own, fetched only when a Paystack checkout opens (only when a public
 * key is configured), and opened with the checked parameters and callbacks. The library
 * then frames checkout.paystack.com, which the server's Content-Security-Policy allows.
 *
 * The pop-up reports a closed window through its cancel callback: its frame's "cancel" and
 * "close" events both end in onCancel (then the deprecated onClose). It also calls onCancel
 * first when a bank transfer is left pending, just before onBankTransferConfirmationPending.
 * The adapter turns that into the wrapper's terms: a closed window is the wrapper's onClose
 * ('Payment window was closed'), a pending transfer its onBankTransferConfirmationPending.
 */
import type { TransactionParams } from './transaction-params';

interface PaystackPopup {
  newTransaction(params: TransactionParams): unknown;
}
export type PaystackPopConstructor = new () => PaystackPopup;

/** Fetches the library's chunk (a failed fetch rejects, and the next checkout tries again). */
export async function loadPaystack(): Promise<PaystackPopConstructor> {
  const module = (await import('@paystack/inline-js')) as { default: PaystackPopConstructor };
  return module.default;
}

type Callback = (...args: unknown[]) => void;
const call = (callback: unknown, ...args: unknown[]) =>
  typeof callback === 'function' ? (callback as Callback)(...args) : undefined;

/** The parameters as the pop-up gets them: its cancel callback mapped to what it means. */
export function paystackParams(params: TransactionParams): TransactionParams {
  const { onClose, onCancel, onBankTransferConfirmationPending, ...rest } = params;
  if (
    typeof onClose !== 'function' &&
    typeof onCancel !== 'function' &&
    typeof onBankTransferConfirmationPending !== 'function'
  )
    return rest;
  let isTransferPending = false;
  return {
    ...rest,
    onCancel: () => {
      // A pending transfer's own callback follows in the same turn: wait for it before calling this a closed window.
      queueMicrotask(() => {
        if (!isTransferPending) call(onClose ?? onCancel);
      });
    },
    onBankTransferConfirmationPending: (...args: unknown[]) => {
      isTransferPending = true;
      call(onBankTransferConfirmationPending ?? onCancel, ...args);
    },
  };
}

export async function openPaystackCheckout(
  params: TransactionParams,
  load: () => Promise<PaystackPopConstructor> = loadPaystack,
): Promise<void> {
  const PaystackPop = await load();
  new PaystackPop().newTransaction(paystackParams(params));
}
