/**
 * Straight-line geometry for the route map when no directions service is configured: the
 * haversine (great-circle) distance and an estimated driving time, both shown labelled
 * approximate.
 */
import type { LatLng } from './driver-location';

const EARTH_RADIUS_METERS = 6_371_000;

/** Roads are longer than the straight line: a usual detour factor for city driving. */
export const ROAD_DETOUR_FACTOR = 1.3;
/** A typical average driving speed in Lagos traffic. */
export const CITY_DRIVING_SPEED_KMH = 25;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Nigeria's bounding box, roughly: enough to catch swapped or foreign coordinates. */
export const NIGERIA_BOUNDS = { minLat: 4.0, maxLat: 14.0, minLng: 2.5, maxLng: 15.0 } as const;

/** Whether a point lies in Nigeria's bounding box (the server refuses tasks elsewhere). */
export function isInNigeria({ lat, lng }: LatLng): boolean {
  return (
    lat >= NIGERIA_BOUNDS.minLat &&
    lat <= NIGERIA_BOUNDS.maxLat &&
    lng >= NIGERIA_BOUNDS.minLng &&
    lng <= NIGERIA_BOUNDS.maxLng
  );
}

/** The label of a point no place name is known for (yet): 'Pinned location 6.509500, 3.371100'. */
export function pinnedPointLabel({ lat, lng }: LatLng): string {
  return `Pinned location ${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** Great-circle distance in metres. */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Estimated driving time (seconds) over a straight-line distance: detour factor at city speed. */
export function estimateDrivingSeconds(straightLineMeters: number): number {
  const roadMeters = straightLineMeters * ROAD_DETOUR_FACTOR;
  return Math.round(roadMeters / ((CITY_DRIVING_SPEED_KMH * 1000) / 3600));
}

/** '850 m', '4.2 km', '12 km'. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters / 10) * 10} m`;
  const km = meters / 1000;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** '1 min' at least, '25 min', '1 h 5 min'. */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The point `north` metres north and `east` metres east of `point` (negative: south, west); fine for the few hundred metres a pin moves. */
export function offsetByMeters(point: LatLng, north: number, east: number): LatLng {
  const metersPerDegree = (Math.PI / 180) * EARTH_RADIUS_METERS;
  return {
    lat: point.lat + north / metersPerDegree,
    lng: point.lng + east / (metersPerDegree * Math.cos(radians(point.lat))),
  };
}
