/**
 * The Paystack adapter: loads Paystack's inline script (v2) on demand, only when a public
 * key is configured, and opens its checkout with the checked parameters and callbacks.
 * (The reference server's Content-Security-Policy already allows js.paystack.co.)
 */
import type { TransactionParams } from './transaction-params';

export const PAYSTACK_SCRIPT_URL = 'https://js.paystack.co/v2/inline.js';

interface PaystackPopup {
  newTransaction(params: TransactionParams): unknown;
}
export type PaystackPopConstructor = new () => PaystackPopup;

declare global {
  interface Window {
    PaystackPop?: PaystackPopConstructor;
  }
}

let loading: Promise<PaystackPopConstructor> | undefined;

/** Adds the script once; a failed load can be tried again. */
export function loadPaystackScript(doc: Document = document, win: Window = window): Promise<PaystackPopConstructor> {
  if (win.PaystackPop) return Promise.resolve(win.PaystackPop);
  loading ??= new Promise<PaystackPopConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = PAYSTACK_SCRIPT_URL;
    script.async = true;
    script.onload = () => (win.PaystackPop ? resolve(win.PaystackPop) : reject(new Error('Paystack did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Paystack could not be loaded'));
    };
    doc.head.append(script);
  }).finally(() => {
    // Loaded: window.PaystackPop answers next time. Failed: the next call tries again.
    loading = undefined;
  });
  return loading;
}

export async function openPaystackCheckout(params: TransactionParams, load: () => Promise<PaystackPopConstructor> = loadPaystackScript): Promise<void> {
  const PaystackPop = await load();
  new PaystackPop().newTransaction(params);
}
