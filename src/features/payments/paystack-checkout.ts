/**
 * The Paystack adapter: loads Paystack's inline checkout as a chunk of its own when a
 * checkout opens, and turns the pop-up's callbacks into the payment wrapper's terms, telling
 * a closed window from a pending bank transfer (docs/product.md, 'Payments').
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
