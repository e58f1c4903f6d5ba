/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_PAYSTACK_PUBLIC_KEY?: string;
  readonly VITE_GOOGLE_MAPS_API_KEY?: string;
  readonly VITE_MAP_STYLE_URL?: string;
  /** Support's WhatsApp number, international digits (the task page's 'Get help'). */
  readonly VITE_SUPPORT_WHATSAPP?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Paystack's checkout library ships no types: its default export is the PaystackPop class. */
declare module '@paystack/inline-js' {
  const PaystackPop: new () => { newTransaction(params: object): unknown };
  export default PaystackPop;
}
