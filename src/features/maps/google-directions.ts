/// <reference types="google.maps" />
/**
 * The Google adapter of Directions (VITE_GOOGLE_MAPS_API_KEY set): driving directions from the
 * driver to the task, with the Maps script loaded on first use; each failure has its message
 * (docs/product.md, 'Driver and chat').
 */
import { loadGoogleLibrary } from './google-library';
import { DIRECTIONS_FAILED, type Directions } from './directions';

export type RoutesLibrary = Pick<google.maps.RoutesLibrary, 'DirectionsService'>;

/** The routes library, loaded once (a failed load is tried again next time). */
export function loadGoogleRoutes(key: string): () => Promise<RoutesLibrary> {
  return loadGoogleLibrary<RoutesLibrary>(key, 'routes');
}

/** The DRIVING travel mode's value (the `google.maps.TravelMode` enum is not loaded in tests). */
const DRIVING = 'DRIVING' as google.maps.TravelMode;

export function createGoogleDirections(load: () => Promise<RoutesLibrary>): Directions {
  return {
    async route(from, to) {
      const routes = await load();
      const service = new routes.DirectionsService();
      const result = await new Promise<google.maps.DirectionsResult | null>((resolve) => {
        try {
          void service.route({ origin: from, destination: to, travelMode: DRIVING }, (answer, status) =>
            resolve(status === 'OK' ? answer : null),
          );
        } catch {
          resolve(null);
        }
      }).catch(() => null);
      const best = result?.routes[0];
      const leg = best?.legs[0];
      if (!best || !leg?.distance || !leg.duration) throw new Error(DIRECTIONS_FAILED);
      return {
        path: best.overview_path.map((point) => ({ lat: point.lat(), lng: point.lng() })),
        distanceMeters: leg.distance.value,
        durationSeconds: leg.duration.value,
        isApproximate: false,
      };
    },
  };
}
