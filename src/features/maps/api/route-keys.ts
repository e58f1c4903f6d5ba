/**
 * The maps feature's one query: a driving route from the directions service (Google or the
 * fallback), not our API, so its key lives with the feature rather than in src/lib/api.
 */
import type { LatLng } from '../../../shared/driver-location';

/** ~1 m: a location refresh that did not move the driver asks for no new route. */
const pointKey = (point: LatLng | null) => (point ? `${point.lat.toFixed(5)},${point.lng.toFixed(5)}` : null);

export const routeKeys = {
  all: ['route'] as const,
  between: (from: LatLng | null, to: LatLng | null) => [...routeKeys.all, pointKey(from), pointKey(to)] as const,
};
