/**
 * Directions behind one interface (docs/product.md, Driver and chat): a driving route from the
 * driver (A) to the task (B). Two adapters implement it: Google driving directions (with
 * VITE_GOOGLE_MAPS_API_KEY) and a straight line with an estimated driving time, labelled
 * approximate. Callers never ask for a route without both locations.
 */
import type { LatLng } from '../../shared/driver-location';

export const DIRECTIONS_FAILED = 'Could not load directions. Please try again.';

export interface Route {
  /** The line to draw, from A to B. */
  path: LatLng[];
  distanceMeters: number;
  durationSeconds: number;
  /** True for the straight-line estimate: the badges say so. */
  isApproximate: boolean;
}

export interface Directions {
  /** Rejects with an Error whose message is shown to the user. */
  route(from: LatLng, to: LatLng): Promise<Route>;
}
