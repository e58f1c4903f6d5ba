/** The price list every database starts with (the price-list names and the fallback prices of docs/product.md, Prices). */
import { randomUUID } from 'node:crypto';
import { nairaToKobo } from '../../src/shared/money';
import type { Queryable } from './connection';

export const SEED_PRICES = [
  { serviceName: 'Bulk Waste Removal', price: 5000, unit: 'per item' },
  { serviceName: 'Garden Waste Collection', price: 4000, unit: 'per load' },
  { serviceName: 'Household Waste Pickup', price: 1500, unit: 'per pickup' },
  { serviceName: 'Laundry Service', price: 1000, unit: 'per kg' },
  { serviceName: 'Office Cleaning', price: 4500, unit: 'per hour' },
  { serviceName: 'Recycling Collection', price: 1500, unit: 'per kg' },
] as const;

/** Inserts missing price-list entries; an operator's changes to existing ones are kept. */
export async function seedPrices(db: Queryable): Promise<void> {
  for (const item of SEED_PRICES) {
    await db.query(
      'insert into pricing (id, service_name, price_kobo, unit) values ($1, $2, $3, $4) on conflict (service_name) do nothing',
      [randomUUID(), item.serviceName, nairaToKobo(item.price), item.unit],
    );
  }
}
