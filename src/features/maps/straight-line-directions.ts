import { estimateDrivingSeconds, haversineMeters } from '../../shared/geo';
import type { Directions } from './directions';

/** No directions service: the straight line A to B, its haversine length and an estimated driving time. */
export function createStraightLineDirections(): Directions {
  return {
    async route(from, to) {
      const distanceMeters = haversineMeters(from, to);
      return {
        path: [from, to],
        distanceMeters,
        durationSeconds: estimateDrivingSeconds(distanceMeters),
        isApproximate: true,
      };
    },
  };
}
