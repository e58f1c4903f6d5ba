import type { DriverLocationAnswer } from '../../shared/contract';
import { normalizeLocation, type LatLng } from '../../shared/driver-location';
import { http } from '../http';

/** GET /driver/location/{driverId}: where the driver is, normalized (null when the answer has no usable location). Not retried: the 30 s poll is the retry. */
export async function getDriverLocation(driverId: string): Promise<LatLng | null> {
  const answer = await http
    .get(`driver/location/${encodeURIComponent(driverId)}`, { retry: 0 })
    .json<DriverLocationAnswer>();
  return normalizeLocation(answer.data);
}
