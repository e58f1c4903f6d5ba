/**
 * How a verified charge is settled against the price list, as a pure function: a charge for a
 * price the client was really shown is honoured, anything else is kept as a payment needing
 * attention (docs/operations.md, 'Payments needing attention').
 */
import { formatKoboAmount, formatNaira } from '../../src/shared/money';

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

export function decidePrice(facts: PriceFacts): PriceDecision {
  const { paidKobo, currency, currentKobo, shownKobo, recentKobo, fallbackKobo } = facts;
  if (currency.toUpperCase() !== 'NGN')
    return { kind: 'attention', reason: `Paid ${formatKoboAmount(paidKobo)} ${currency}, not naira` };
  if (paidKobo === currentKobo) return { kind: 'accept', kobo: paidKobo, honoured: false };
  const wasShownAndReal = shownKobo === paidKobo && (recentKobo.includes(paidKobo) || paidKobo === fallbackKobo);
  if (wasShownAndReal) return { kind: 'accept', kobo: paidKobo, honoured: true };
  const shown = shownKobo !== null && shownKobo !== paidKobo ? `; the app claimed ${formatNaira(shownKobo)}` : '';
  return {
    kind: 'attention',
    reason: `Paid ${formatNaira(paidKobo)}, but the price is ${formatNaira(currentKobo)}${shown}`,
  };
}
