/** The price list: rows, their API shape, and the server-side price of a service key. */
import { DEFAULT_SERVICE, serviceKey } from '../../src/shared/service-key';
import type { PricingItem } from '../../src/shared/contract';
import type { Queryable } from './connection';

interface PricingRow {
  id: string;
  service_name: string;
  price: string | number;
  unit: string;
}

export interface ServicePrice {
  serviceName: string;
  /** Naira. */
  price: number;
  unit: string;
}

function toPricingItem(row: PricingRow): PricingItem {
  return { _id: row.id, serviceName: row.service_name, price: Number(row.price), unit: row.unit };
}

/** The whole list, by service name (a stable order the client can cache and diff). */
export async function listPricing(db: Queryable): Promise<PricingItem[]> {
  const rows = await db.query<PricingRow>(
    'select id, service_name, price, unit from pricing order by service_name, id',
  );
  return rows.map(toPricingItem);
}

/**
 * The price the server charges for a service key: the price-list item whose name maps to
 * that key, else the default service (the same fallback the client uses).
 */
export async function priceForServiceKey(db: Queryable, key: string): Promise<ServicePrice> {
  const items = await listPricing(db);
  const item = items.find((candidate) => serviceKey(candidate.serviceName) === key);
  return item ? { serviceName: item.serviceName, price: item.price, unit: item.unit } : { ...DEFAULT_SERVICE };
}
