/// <reference types="google.maps" />
/**
 * Google reverse geocoding (VITE_GOOGLE_MAPS_API_KEY set): the street address of a point, from
 * the Maps JavaScript API's Geocoder (the browser key works there; the REST geocoding service
 * refuses browser-restricted keys). Offline, slow or with nothing useful, the offline label
 * is used instead ('Near Yaba, Lagos'), so a point always gets a label.
 */
import { loadGoogleLibrary } from './google-library';
import type { LatLng } from './place-search';

export type GeocodingLibrary = Pick<google.maps.GeocodingLibrary, 'Geocoder'>;

/** Longer than this, the offline label is shown instead. */
export const REVERSE_GEOCODE_TIMEOUT_MS = 6_000;

export function loadGoogleGeocoding(key: string): () => Promise<GeocodingLibrary> {
  return loadGoogleLibrary<GeocodingLibrary>(key, 'geocoding');
}

/** The first response that is an address, not a plus code ('6FR5+XX Lagos'). */
export function bestAddress(
  results: readonly Pick<google.maps.GeocoderResult, 'formatted_address' | 'types'>[],
): string | null {
  const found = results.find((result) => result.formatted_address && !result.types?.includes('plus_code'));
  return found?.formatted_address ?? null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Reverse geocoding took too long')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function createGoogleReverseGeocoder(
  load: () => Promise<GeocodingLibrary>,
  offlineLabel: (point: LatLng) => Promise<string>,
  timeoutMs = REVERSE_GEOCODE_TIMEOUT_MS,
): (point: LatLng) => Promise<string> {
  return async (point) => {
    try {
      const geocoding = await withTimeout(load(), timeoutMs);
      const answer = await withTimeout(new geocoding.Geocoder().geocode({ location: point, region: 'ng' }), timeoutMs);
      const address = bestAddress(answer.results);
      if (address) return address;
    } catch {
      // Offline, blocked, over quota or too slow: the gazetteer's label below.
    }
    return offlineLabel(point);
  };
}
