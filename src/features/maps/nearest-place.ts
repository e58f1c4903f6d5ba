/**
 * A label for any point, without a network: the nearest town, district or landmark of the
 * offline gazetteer ('Near Yaba, Lagos'), or how far the point is from it when nothing is
 * near ('About 35 km from Epe, Lagos'). Streets are left out: a street's pin is only its
 * middle, so 'near' it would often be wrong.
 */
import { haversineMeters } from '../../shared/geo';
import type { GazetteerPlace } from './gazetteer';
import type { LatLng } from './place-search';

/** Beyond this the point is not 'near' the place any more. */
export const NEAR_METERS = 15_000;

export function nearestPlace(
  places: readonly GazetteerPlace[],
  point: LatLng,
): { place: GazetteerPlace; meters: number } | null {
  let best: { place: GazetteerPlace; meters: number } | null = null;
  for (const place of places) {
    if (place.kind !== 'town' && place.kind !== 'landmark') continue;
    const meters = haversineMeters(point, place);
    if (!best || meters < best.meters) best = { place, meters };
  }
  return best;
}

/** 'Lagos' for 'Lagos State'; 'Abuja' for the Federal Capital Territory. */
export function shortStateName(stateName: string): string {
  return /capital territory/i.test(stateName) ? 'Abuja' : stateName.replace(/ State$/, '');
}

export function nearbyLabel(place: GazetteerPlace, meters: number): string {
  const state = shortStateName(place.stateName);
  const where = state && state !== place.name ? `${place.name}, ${state}` : place.name;
  return meters <= NEAR_METERS ? `Near ${where}` : `About ${Math.round(meters / 1000)} km from ${where}`;
}

/** The label of a point; null when the gazetteer has no town or landmark at all. */
export function labelOfPoint(places: readonly GazetteerPlace[], point: LatLng): string | null {
  const nearest = nearestPlace(places, point);
  return nearest ? nearbyLabel(nearest.place, nearest.meters) : null;
}
