/** The price list: rows, their API shape (naira), and the server-side price of a service key (kobo). */
import { DEFAULT_SERVICE, serviceKey } from '../../src/shared/service-key';
import type { PricingItem } from '../../src/shared/contract';
import { koboToNaira, nairaToKobo } from '../../src/shared/money';
import type { Queryable } from './connection';

interface PricingRow {
  id: string;
  service_name: string;
  price_kobo: number;
  unit: string;
}

export interface ServicePrice {
  serviceName: string;
  /** The unit price. */
  priceKobo: number;
  unit: string;
}

function toPricingItem(row: PricingRow): PricingItem {
  return { _id: row.id, serviceName: row.service_name, price: koboToNaira(row.price_kobo), unit: row.unit };
}

async function pricingRows(db: Queryable): Promise<PricingRow[]> {
  return db.query<PricingRow>('select id, service_name, price_kobo, unit from pricing order by service_name, id');
}

/** The whole list, by service name (a stable order the client can cache and diff). */
export async function listPricing(db: Queryable): Promise<PricingItem[]> {
  return (await pricingRows(db)).map(toPricingItem);
}

/** Each service's unit price in kobo by service key, read as stored (the prerendered booking page's prices). */
export async function servicePricesKobo(db: Queryable): Promise<Record<string, number>> {
  return Object.fromEntries((await pricingRows(db)).map((row) => [serviceKey(row.service_name), row.price_kobo]));
}

/** The default service (what an unknown key costs), in kobo. */
export const DEFAULT_SERVICE_PRICE: ServicePrice = {
  serviceName: DEFAULT_SERVICE.serviceName,
  priceKobo: nairaToKobo(DEFAULT_SERVICE.price),
  unit: DEFAULT_SERVICE.unit,
};

/**
 * The price the server charges for a service key: the price-list item whose name maps to
 * that key, else the default service (the same fallback the client uses).
 */
export async function priceForServiceKey(db: Queryable, key: string): Promise<ServicePrice> {
  const row = (await pricingRows(db)).find((candidate) => serviceKey(candidate.service_name) === key);
  return row
    ? { serviceName: row.service_name, priceKobo: row.price_kobo, unit: row.unit }
    : { ...DEFAULT_SERVICE_PRICE };
}
