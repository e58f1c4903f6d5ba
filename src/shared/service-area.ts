/**
 * Where GreenPick serves (docs/product.md, Create task): a GeoJSON MultiPolygon the server owns
 * (GET /client/service-area) and a name for it; the booking screen and the server ask the same
 * question of a point, so a place outside is refused before any payment and again on create.
 */

/** Rings of [lng, lat] positions, GeoJSON order; the first ring of a polygon is its outline, the others holes. */
export interface MultiPolygon {
  type: 'MultiPolygon';
  coordinates: number[][][][];
}

export interface ServiceArea {
  area: MultiPolygon;
  /** 'Lagos and Abuja'. */
  name: string;
}

/** 'We don't serve this area yet. We serve Lagos and Abuja.' */
export function outsideAreaMessage(name: string): string {
  return `We don't serve this area yet. We serve ${name}.`;
}

/** Even-odd ray casting: whether the point is inside the ring (a point on an edge may go either way). */
function inRing(lng: number, lat: number, ring: readonly number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > lat !== yj! > lat && lng < ((xj! - xi!) * (lat - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
}

export function isInServiceArea(point: { lat: number; lng: number }, area: MultiPolygon): boolean {
  return area.coordinates.some(
    ([outline, ...holes]) =>
      outline !== undefined &&
      inRing(point.lng, point.lat, outline) &&
      !holes.some((hole) => inRing(point.lng, point.lat, hole)),
  );
}

/** A MultiPolygon read from a file: each polygon a list of closed rings of at least 4 [lng, lat] positions. */
export function isMultiPolygon(value: unknown): value is MultiPolygon {
  if (typeof value !== 'object' || value === null) return false;
  const { type, coordinates } = value as Record<string, unknown>;
  return (
    type === 'MultiPolygon' &&
    Array.isArray(coordinates) &&
    coordinates.length > 0 &&
    coordinates.every(
      (polygon) =>
        Array.isArray(polygon) &&
        polygon.length > 0 &&
        polygon.every(
          (ring) =>
            Array.isArray(ring) &&
            ring.length >= 4 &&
            ring.every(
              (position) =>
                Array.isArray(position) &&
                position.length >= 2 &&
                position.every((value) => typeof value === 'number' && Number.isFinite(value)),
            ),
        ),
    )
  );
}
