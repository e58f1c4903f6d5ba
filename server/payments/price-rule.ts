/**
 * How a verified charge is settled against the price list, as a pure function.
 *
 * The client is charged the price its screen showed; the operator may have changed the price
 * list since, or the app may have shown its built-in fallback prices (the price list could
 * not be loaded). A charge for exactly what the client was shown is honoured when that was a
 * real price of this service: one it had within the last HONOUR_WINDOW_DAYS, or the app's
 * fallback price for it. The task then costs what was paid. Anything else (another
 * currency, an amount nobody was shown) is kept as a payment needing attention for an
 * operator to honour or refund; it is never silently dropped.
 */

/** How far back a price counts as one the client may still have been shown (the app keeps the list offline). */
export const HONOUR_WINDOW_DAYS = 7;

export interface PriceFacts {
  /** What the provider confirmed was charged. */
  paidKobo: number;
  currency: string;
  /** The price now. */
  currentKobo: number;
  /** What the client says it showed and charged (the create request's amount); null when the request has none. */
  shownKobo: number | null;
  /** Every price the service had within the window (the current one included). */
  recentKobo: readonly number[];
  /** The app's built-in price for this service when the price list cannot be loaded; null when none applies. */
  fallbackKobo: number | null;
}

export type PriceDecision = { kind: 'accept'; kobo: number; honoured: boolean } | { kind: 'attention'; reason: string };

const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function decidePrice(facts: PriceFacts): PriceDecision {
  const { paidKobo, currency, currentKobo, shownKobo, recentKobo, fallbackKobo } = facts;
  if (currency.toUpperCase() !== 'NGN')
    return { kind: 'attention', reason: `Paid ${paidKobo / 100} ${currency}, not naira` };
  if (paidKobo === currentKobo) return { kind: 'accept', kobo: paidKobo, honoured: false };
  const wasShownAndReal = shownKobo === paidKobo && (recentKobo.includes(paidKobo) || paidKobo === fallbackKobo);
  if (wasShownAndReal) return { kind: 'accept', kobo: paidKobo, honoured: true };
  const shown = shownKobo !== null && shownKobo !== paidKobo ? `; the app claimed ${naira(shownKobo)}` : '';
  return { kind: 'attention', reason: `Paid ${naira(paidKobo)}, but the price is ${naira(currentKobo)}${shown}` };
}
