import { useState } from 'react';
import { isSameLocation, type LatLng } from '../../../shared/driver-location';
import { usePolling } from '../../../lib/use-polling';
import { getDriverLocation } from '../../../lib/api/driver-location';

/** Driver location polling (docs/product.md, Driver and chat). */
export const DRIVER_LOCATION_REFRESH_MS = 30_000;

/**
 * The driver's location, read when the modal opens and every 30 s while the task has a
 * driverId; paused while the page is hidden or offline. A failed read keeps the last known
 * place and is only logged: the client is not told.
 */
export function useDriverLocation(driverId: string | null | undefined, load = getDriverLocation): LatLng | null {
  const [location, setLocation] = useState<LatLng | null>(null);
  usePolling(
    async () => {
      if (!driverId) return;
      try {
        const next = await load(driverId);
        if (next) setLocation((previous) => (isSameLocation(previous, next) ? previous : next));
      } catch (error) {
        console.warn('Could not refresh the driver location', error);
      }
    },
    DRIVER_LOCATION_REFRESH_MS,
    Boolean(driverId),
  );
  return driverId ? location : null;
}
