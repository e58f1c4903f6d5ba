/**
 * The Paystack adapter: Paystack's checkout library (the npm package @paystack/inline-js)
 * is a chunk of its own, fetched only when a Paystack checkout opens (only when a public
 * key is configured), and opened with the checked parameters and callbacks. The library
 * then frames checkout.paystack.com, which the server's Content-Security-Policy allows.
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

export async function openPaystackCheckout(params: TransactionParams, load: () => Promise<PaystackPopConstructor> = loadPaystack): Promise<void> {
  const PaystackPop = await load();
  new PaystackPop().newTransaction(params);
}
