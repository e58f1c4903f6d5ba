/**
 * Service name to key (docs/product.md, Prices): the six price-list names map to fixed keys;
 * any other name is lower-cased, the words waste, removal, collection, service, pickup and
 * cleaning are dropped and spaces become hyphens. Shared by the app and the server.
 */
const FIXED_KEYS: Record<string, string> = {
  'Bulk Waste Removal': 'bulk',
  'Garden Waste Collection': 'garden',
  'Household Waste Pickup': 'household',
  'Laundry Service': 'laundry',
  'Office Cleaning': 'office',
  'Recycling Collection': 'recycling',
};

const DROPPED_WORDS = new Set(['waste', 'removal', 'collection', 'service', 'pickup', 'cleaning']);

export function serviceKey(serviceName: string): string {
  const fixed = FIXED_KEYS[serviceName.trim()];
  if (fixed) return fixed;
  return serviceName
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '' && !DROPPED_WORDS.has(word))
    .join('-');
}

/** The price used whenever the service is unknown or prices fail to load. */
export const DEFAULT_SERVICE = { serviceName: 'Default Service', price: 3000, unit: 'per pickup' } as const;
