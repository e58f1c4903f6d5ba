import { useQuery } from '@tanstack/react-query';
import type { LatLng } from '../../../shared/driver-location';
import { driverLocationQuery, getDriverLocation } from '../../../lib/api/driver-location';

/**
 * The driver's location while the modal is open and the task has a driverId (polled every
 * 30 s, src/lib/api/driver-location.ts). A failed query keeps the last known place and is only
 * logged: the client is not told.
 */
export function useDriverLocation(driverId: string | null | undefined, load = getDriverLocation): LatLng | null {
  const query = useQuery({
    ...driverLocationQuery(driverId ?? '', async (id) => {
      try {
        return await load(id);
      } catch (error) {
        console.warn('Could not refresh the driver location', error);
        throw error;
      }
    }),
    enabled: Boolean(driverId),
  });
  return driverId ? (query.data ?? null) : null;
}
