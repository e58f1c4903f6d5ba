/**
 * One name per service on every screen (docs/product.md, "Statuses and service names"): the
 * names of the dashboard's service grid. The price list and the
 * tasks the server stores carry the price list's names ('Bulk Waste Removal'); they are
 * shown by their service key ('bulk') as the offering's name ('Bulk Waste Pickup').
 */
import { FALLBACK_PRICES, type PriceTable } from './pricing';
import { DEFAULT_SERVICE, serviceKey } from './service-key';

export interface ServiceOffering {
  /** The display name. */
  name: string;
  /** The service key (the tag handed to the create screen). */
  tag: string;
}

/**
 * The services offered, in the catalog's order (the price list's, docs/product.md 'Prices'): an
 * admin's new service is offered as soon as the app has read the list. A list kept from before
 * the catalog carries no names: the seeded services' names then.
 */
export function serviceOffering(table: PriceTable): ServiceOffering[] {
  return Object.entries(table).map(([tag, price]) => ({
    tag,
    name: price.name ?? FALLBACK_PRICES[tag]?.name ?? price.serviceName,
  }));
}

/** The seeded services' offering (before the price list is read). */
export const SERVICE_OFFERING: readonly ServiceOffering[] = serviceOffering(FALLBACK_PRICES);

const DISPLAY_NAMES: ReadonlyMap<string, string> = new Map(
  SERVICE_OFFERING.map((service) => [service.tag, service.name]),
);

/** The display name of a service tag (in `table` when given); 'Default Service' for 'default' or any unknown tag. */
export function serviceDisplayName(serviceType: string, table?: PriceTable): string {
  return table?.[serviceType]?.name ?? DISPLAY_NAMES.get(serviceType) ?? DEFAULT_SERVICE.serviceName;
}

/**
 * The display name of a task: by the key of its price-list name, else by its `type` (the
 * tag it was booked with); a service the offering does not know keeps its own name.
 */
export function taskServiceName(task: { serviceName?: string | null; type?: string | null }): string {
  const stored = task.serviceName?.trim() ?? '';
  return (
    DISPLAY_NAMES.get(serviceKey(stored)) ??
    DISPLAY_NAMES.get(task.type?.trim() ?? '') ??
    (stored || DEFAULT_SERVICE.serviceName)
  );
}
