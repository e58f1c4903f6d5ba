/**
 * Pricing rules (docs/product.md, Prices) as pure functions: the price list answer is
 * read into a table by service key, items lacking a field are skipped, a non-array answer
 * counts as failure (fallback prices), and an unknown service costs the default service.
 */
import { koboToNaira, nairaToKobo, timesQuantity } from './money';
import { DEFAULT_SERVICE, serviceKey } from './service-key';

/** What the catalog says of a service beyond its price (docs/product.md, Prices); absent in a list kept from before it. */
export interface ServiceCatalogFields {
  /** The name the app shows ('Recycling Services'). */
  name?: string;
  unitWord?: string;
  /** null: booked one at a time. */
  quantity?: { min: number; max: number; step: number } | null;
  /** Points a client earns per kg collected (each point is ₦1 off a later booking). */
  pointsPerKg?: number;
  weighed?: boolean;
  pickupPhoto?: 'off' | 'optional' | 'required';
}

export interface ServicePrice extends ServiceCatalogFields {
  serviceName: string;
  /** Naira. */
  price: number;
  unit: string;
}

/** Prices by service key, in the catalog's order. */
export type PriceTable = Readonly<Record<string, ServicePrice>>;

/** A service as a new database is seeded with it: every amount in kobo. */
export interface SeedService extends Required<ServiceCatalogFields> {
  key: string;
  serviceName: string;
  priceKobo: number;
  unit: string;
}

/**
 * Today's services (docs/product.md, Prices): what a new database's catalog starts with, and
 * the prices the app uses when the price list cannot be loaded. After that, the admin's.
 */
export const SEED_SERVICES: readonly SeedService[] = [
  {
    key: 'recycling',
    serviceName: 'Recycling Collection',
    name: 'Recycling Services',
    priceKobo: 150_000,
    unit: 'per kg',
    unitWord: 'kg',
    quantity: { min: 1, max: 200, step: 0.5 },
    pointsPerKg: 10,
    weighed: true,
    pickupPhoto: 'off',
  },
  {
    key: 'household',
    serviceName: 'Household Waste Pickup',
    name: 'Household Waste Pickup',
    priceKobo: 150_000,
    unit: 'per pickup',
    unitWord: '',
    quantity: null,
    pointsPerKg: 0,
    weighed: false,
    pickupPhoto: 'off',
  },
  {
    key: 'bulk',
    serviceName: 'Bulk Waste Removal',
    name: 'Bulk Waste Pickup',
    priceKobo: 500_000,
    unit: 'per item',
    unitWord: 'items',
    quantity: { min: 1, max: 50, step: 1 },
    pointsPerKg: 0,
    weighed: true,
    pickupPhoto: 'required',
  },
  {
    key: 'garden',
    serviceName: 'Garden Waste Collection',
    name: 'Land Mowing & Garden',
    priceKobo: 400_000,
    unit: 'per load',
    unitWord: 'loads',
    quantity: { min: 1, max: 10, step: 1 },
    pointsPerKg: 0,
    weighed: false,
    pickupPhoto: 'off',
  },
  {
    key: 'laundry',
    serviceName: 'Laundry Service',
    name: 'Laundry & Dry Cleaning',
    priceKobo: 100_000,
    unit: 'per kg',
    unitWord: 'kg',
    quantity: { min: 1, max: 200, step: 0.5 },
    pointsPerKg: 0,
    weighed: true,
    pickupPhoto: 'off',
  },
  {
    key: 'office',
    serviceName: 'Office Cleaning',
    name: 'Office & Commercial Cleaning',
    priceKobo: 450_000,
    unit: 'per hour',
    unitWord: 'hours',
    quantity: { min: 1, max: 12, step: 1 },
    pointsPerKg: 0,
    weighed: false,
    pickupPhoto: 'off',
  },
];

/** The default service as the price list shows a service (naira, the API's shape). */
export const DEFAULT_SERVICE_PRICE: ServicePrice = {
  serviceName: DEFAULT_SERVICE.serviceName,
  price: koboToNaira(DEFAULT_SERVICE.priceKobo),
  unit: DEFAULT_SERVICE.unit,
};

/** A seeded service's price in kobo by key, else the default service's (the app's fallback, without a round trip through naira). */
export function fallbackPriceKobo(key: string): number {
  return SEED_SERVICES.find((service) => service.key === key)?.priceKobo ?? DEFAULT_SERVICE.priceKobo;
}

/** Used when the pricing call fails (docs/product.md, Prices): the seeded services. */
export const FALLBACK_PRICES: PriceTable = Object.fromEntries(
  SEED_SERVICES.map(({ key, priceKobo, ...service }) => [key, { ...service, price: koboToNaira(priceKobo) }]),
);

function isPricingItem(item: unknown): item is ServicePrice & { key?: unknown } {
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

const CATALOG_FIELDS = ['name', 'unitWord', 'quantity', 'pointsPerKg', 'weighed', 'pickupPhoto'] as const;

/** The price list answer as a table by key; `null` when the response is not an array (a failure). */
export function toPriceTable(answer: unknown): PriceTable | null {
  if (!Array.isArray(answer)) return null;
  const table: Record<string, ServicePrice> = {};
  for (const item of answer) {
    if (!isPricingItem(item)) continue;
    const key = typeof item.key === 'string' && item.key !== '' ? item.key : serviceKey(item.serviceName);
    const entry: Record<string, unknown> = { serviceName: item.serviceName, price: item.price, unit: item.unit };
    for (const field of CATALOG_FIELDS) if (item[field] !== undefined) entry[field] = item[field];
    table[key] = entry as unknown as ServicePrice;
  }
  return table;
}

/** The table to use: the response's, or the fallback prices when the call failed or the response is not an array. */
export function priceTableOrFallback(answer: unknown): PriceTable {
  return toPriceTable(answer) ?? FALLBACK_PRICES;
}

/** The price of a service key; the default service when the key is unknown. */
export function priceFor(table: PriceTable, key: string): ServicePrice {
  return table[key] ?? DEFAULT_SERVICE_PRICE;
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
