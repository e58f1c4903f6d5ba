/**
 * The one reading of a location (docs/product.md, "Where we differ..."): the spec's route logic
 * reads `[longitude, latitude]`, its marker logic `{latitude, longitude}`, other code
 * `{lat, lng}`, and the server answers a GeoJSON point (alone or inside the driver location
 * answer). Markers and routing both call `normalizeLocation`, so they can never disagree.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function point(lat: unknown, lng: unknown): LatLng | null {
  const latitude = toNumber(lat);
  const longitude = toNumber(lng);
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { lat: latitude, lng: longitude };
}

/**
 * `{lat, lng}` from any known shape: `[lng, lat]`, `{latitude, longitude}`, `{lat, lng}`,
 * a GeoJSON Point or Feature, or an object carrying one of these as `location`
 * (the server's `{driverId, location, updatedAt}`). Anything else, or coordinates out of
 * range, is `null` (no marker, no route).
 */
export function normalizeLocation(value: unknown): LatLng | null {
  if (value == null) return null;
  if (Array.isArray(value)) return value.length >= 2 ? point(value[1], value[0]) : null;
  if (typeof value !== 'object') return null;
  const shape = value as Record<string, unknown>;
  if (shape.type === 'Point' && Array.isArray(shape.coordinates)) return normalizeLocation(shape.coordinates);
  if (shape.type === 'Feature') return normalizeLocation(shape.geometry);
  if ('latitude' in shape || 'longitude' in shape) return point(shape.latitude, shape.longitude);
  if ('lat' in shape || 'lng' in shape) return point(shape.lat, shape.lng);
  if ('location' in shape) return normalizeLocation(shape.location);
  return null;
}

/** Same place (to about a centimetre): a refresh that did not move the driver changes nothing. */
export function isSameLocation(a: LatLng | null, b: LatLng | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a.lat - b.lat) < 1e-7 && Math.abs(a.lng - b.lng) < 1e-7;
}

/**
 * What a task's route map shows: the driver coming ('live', with distance and time), arrived
 * (no 'Distance 0 m'), no driver yet, or the task over (only where it was; never 'Waiting for
 * the driver's location').
 */
export type RouteMode = 'live' | 'arrived' | 'unassigned' | 'ended';
