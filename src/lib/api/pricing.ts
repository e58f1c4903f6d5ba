import { queryOptions } from '@tanstack/react-query';
import type { PricingItem } from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/cached-responses';
import { getCachedResponse } from '../../shared/offline-db';
import { FALLBACK_PRICES, priceTableOrFallback, toPriceTable, type PriceTable } from '../../shared/pricing';
import { http } from '../http';
import { readQueryData, type QueryData } from './query-data';
import { signedInQuery } from './signed-in';

export const priceKeys = {
  all: ['prices'] as const,
  /** From the network (or the worker's kept answer): the one paid from. */
  table: () => [...priceKeys.all, 'table'] as const,
  /** Kept on this device for the token's user, painted first. */
  device: (subject: string | null) => [...priceKeys.all, 'device', subject] as const,
};

/** GET /admin/pricing (bearer token): the price list (cached for offline use by the service worker). */
export function getPricing(): Promise<QueryData<PricingItem[]>> {
  return readQueryData<PricingItem[]>(http.get('admin/pricing'));
}

/**
 * The price table by service key; the fallback prices when the call fails or the response is
 * not a list (docs/product.md, Prices: a pricing failure is never shown).
 */
export async function getPriceTable(): Promise<QueryData<PriceTable>> {
  try {
    const response = await getPricing();
    return { data: priceTableOrFallback(response.data), cachedAt: response.cachedAt };
  } catch {
    return { data: FALLBACK_PRICES, cachedAt: null };
  }
}

/** The price table; a navigation's route loader starts it. Payment uses only this one. */
export function priceTableQuery() {
  return queryOptions({ queryKey: priceKeys.table(), queryFn: getPriceTable, refetchOnMount: false });
}

/** Where the service worker caches the price list's response (src/shared/cached-responses.ts: GET admin/pricing, no body). */
const PRICING_CACHE_KEY = 'admin/pricing';

/**
 * The price table the service worker cached on this device for the token's user, or null (none
 * cached, no token, no IndexedDB). Painted at once while the network responds; never paid from.
 */
export async function getCachedPriceTable(token: string | null): Promise<PriceTable | null> {
  const userId = decodeJwtSubject(token);
  if (!userId) return null;
  try {
    const cached = await getCachedResponse<{ data?: unknown }>(userId, PRICING_CACHE_KEY);
    return toPriceTable(cached?.body?.data);
  } catch {
    return null;
  }
}

/** The device's price table, read once per session: IndexedDB needs no network. */
export function cachedPriceTableQuery() {
  return queryOptions({
    ...signedInQuery(priceKeys.device, getCachedPriceTable),
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
}
