import { onlineManager, queryOptions } from '@tanstack/react-query';
import type { DriverLocationResponse } from '../../shared/contract';
import { isSameLocation, normalizeLocation, type LatLng } from '../../shared/driver-location';
import { http } from '../http';

export const driverLocationKeys = {
  all: ['driverLocation'] as const,
  of: (driverId: string) => [...driverLocationKeys.all, driverId] as const,
};

/** Driver location polling (docs/product.md, Driver and chat). */
export const DRIVER_LOCATION_REFRESH_MS = 30_000;

/** GET /driver/location/{driverId}: where the driver is, normalized (null when the response has no usable location). */
export async function getDriverLocation(driverId: string): Promise<LatLng | null> {
  const response = await http.get(`driver/location/${encodeURIComponent(driverId)}`).json<DriverLocationResponse>();
  return normalizeLocation(response.data);
}

/**
 * The driver's location, polled every 30 s while shown (not while the page is hidden or offline). A
 * response without a usable location, or a failed one, keeps the last known place.
 */
export function driverLocationQuery(driverId: string, load = getDriverLocation) {
  return queryOptions({
    queryKey: driverLocationKeys.of(driverId),
    queryFn: () => load(driverId),
    // Not retried: the 30 s poll is the retry.
    retry: false,
    refetchInterval: () => (onlineManager.isOnline() ? DRIVER_LOCATION_REFRESH_MS : false),
    // The same place keeps the same object (the map does not redraw); no place keeps the last one.
    structuralSharing: (previous: unknown, next: unknown) => {
      const last = (previous ?? null) as LatLng | null;
      const fresh = next as LatLng | null;
      if (!fresh) return last;
      return isSameLocation(last, fresh) ? last : fresh;
    },
  });
}
