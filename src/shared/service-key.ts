const DROPPED_WORDS = new Set(['waste', 'removal', 'collection', 'service', 'pickup', 'cleaning']);

/**
 * A price-list name's key when nothing says it (docs/product.md, Prices): a price list kept
 * from before the catalog carried no keys. The name is lower-cased, the words waste, removal,
 * collection, service, pickup and cleaning are dropped and spaces become hyphens ('Bulk Waste
 * Removal' is 'bulk'). The catalog's own key wins wherever it is known.
 */
export function serviceKey(serviceName: string): string {
  return serviceName
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '' && !DROPPED_WORDS.has(word))
    .join('-');
}

/** The price used whenever the service is unknown or prices fail to load (kobo, as every constant). */
export const DEFAULT_SERVICE = { serviceName: 'Default Service', priceKobo: 300_000, unit: 'per pickup' } as const;
