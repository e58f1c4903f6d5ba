/** The facts behind a task's price decision (server/payments/price-rule.ts), read from the price list and its history. */
import { fallbackPriceKobo } from '../../src/shared/pricing';
import { timesQuantity } from '../../src/shared/money';
import type { Queryable } from '../db/connection';
import { pricesSinceKobo } from '../db/pricing-history';
import type { ServicePrice } from '../db/pricing';
import { HONOUR_WINDOW_DAYS, decidePrice, type PriceDecision } from './price-rule';

const DAY_MS = 24 * 60 * 60_000;

export async function decideTaskPrice(
  db: Queryable,
  order: { type: string; shownKobo: number | null; service: ServicePrice; quantity: number; pointsKobo?: number },
  charge: { amountKobo: number; currency: string },
  now: Date,
): Promise<PriceDecision> {
  // Every price below is for the whole booking: the unit price x the quantity.
  // Points paid part of it: the card paid the rest.
  const less = order.pointsKobo ?? 0;
  const times = (unitKobo: number) => timesQuantity(unitKobo, order.quantity) - less;
  const currentKobo = times(order.service.priceKobo);
  // The quick answer needs no history: the charge is for today's price.
  if (charge.amountKobo === currentKobo && charge.currency.toUpperCase() === 'NGN')
    return { kind: 'accept', kobo: currentKobo, honoured: false };
  return decidePrice({
    paidKobo: charge.amountKobo,
    currency: charge.currency,
    currentKobo,
    shownKobo: order.shownKobo === null ? null : times(order.shownKobo),
    recentKobo: (
      await pricesSinceKobo(db, order.service.serviceName, new Date(now.getTime() - HONOUR_WINDOW_DAYS * DAY_MS))
    ).map(times),
    fallbackKobo: times(fallbackPriceKobo(order.type)),
  });
}
