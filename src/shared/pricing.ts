/**
 * Pricing rules (docs/product.md, Prices) as pure functions: the price list answer is
 * read into a table by service key, items lacking a field are skipped, a non-array answer
 * counts as failure (fallback prices), and an unknown service costs the default service.
 */
import { nairaToKobo, timesQuantity } from './money';
import { DEFAULT_SERVICE, serviceKey } from './service-key';

/** Points a client earns per kg of recycling collected (each point is ₦1 off a later booking). */
export const POINTS_PER_KG = 10;

export interface ServicePrice {
  serviceName: string;
  /** Naira. */
  price: number;
  unit: string;
}

/** Prices by service key. */
export type PriceTable = Readonly<Record<string, ServicePrice>>;

/** Used when the pricing call fails (docs/product.md, Prices), named as in the price list. */
export const FALLBACK_PRICES: PriceTable = {
  bulk: { serviceName: 'Bulk Waste Removal', price: 5000, unit: 'per item' },
  garden: { serviceName: 'Garden Waste Collection', price: 4000, unit: 'per load' },
  household: { serviceName: 'Household Waste Pickup', price: 1500, unit: 'per pickup' },
  laundry: { serviceName: 'Laundry Service', price: 1000, unit: 'per kg' },
  office: { serviceName: 'Office Cleaning', price: 4500, unit: 'per hour' },
  recycling: { serviceName: 'Recycling Collection', price: 1500, unit: 'per kg' },
};

function isPricingItem(item: unknown): item is ServicePrice {
  if (typeof item !== 'object' || item === null) return false;
  const { serviceName, price, unit } = item as Record<string, unknown>;
  return (
    typeof serviceName === 'string' &&
    serviceName.trim() !== '' &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    typeof unit === 'string' &&
    unit !== ''
  );
}

/** The price list answer as a table by key; `null` when the response is not an array (a failure). */
export function toPriceTable(answer: unknown): PriceTable | null {
  if (!Array.isArray(answer)) return null;
  const table: Record<string, ServicePrice> = {};
  for (const item of answer) {
    if (!isPricingItem(item)) continue;
    table[serviceKey(item.serviceName)] = { serviceName: item.serviceName, price: item.price, unit: item.unit };
  }
  return table;
}

/** The table to use: the response's, or the fallback prices when the call failed or the response is not an array. */
export function priceTableOrFallback(answer: unknown): PriceTable {
  return toPriceTable(answer) ?? FALLBACK_PRICES;
}

/** The price of a service key; the default service when the key is unknown. */
export function priceFor(table: PriceTable, key: string): ServicePrice {
  return table[key] ?? { ...DEFAULT_SERVICE };
}

/**
 * What a create request's checkout charged (card, transfer or USSD), in kobo: its unit price
 * (`amount`) x the quantity the plan does not cover, less the points.
 */
export function chargedKobo(request: {
  amount: number;
  quantity?: number;
  coveredQuantity?: number;
  pointsUsed?: number;
}): number {
  const quantity = request.quantity ?? 1;
  return (
    timesQuantity(nairaToKobo(request.amount), quantity - (request.coveredQuantity ?? 0)) -
    nairaToKobo(request.pointsUsed ?? 0)
  );
}
