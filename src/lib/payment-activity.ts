/**
 * Whether a payment is under way (a checkout is open): src/features/payments/pay.ts sets it, and
 * the update prompt reads it so the app never reloads in the middle of a payment.
 */
let open = 0;

export function isPaymentInProgress(): boolean {
  return open > 0;
}

/** Marks a payment as started; call the returned function (once) when it ends. */
export function startPayment(): () => void {
  open += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    open -= 1;
  };
}
