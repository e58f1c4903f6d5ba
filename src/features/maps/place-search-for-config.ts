/**
 * The address search of this build: Google Places when a key is set, else the offline
 * gazetteer. The adapter loads on first use, or when `prepare` says it is about to be used
 * (the address field got focus), never while the screen paints.
 */
import { config } from '../../shared/config';
import type { PlaceSearch } from './place-search';

export interface PreparedPlaceSearch extends PlaceSearch {
  /** Starts loading the adapter (e.g. on focus of the address field); idempotent. */
  prepare(): void;
}

function loadAdapter(googleKey: string | undefined): Promise<PlaceSearch> {
  return googleKey
    ? import('./google-place-search').then((google) => google.createGooglePlaceSearch(google.loadGooglePlaces(googleKey)))
    : import('./gazetteer-search').then((gazetteer) => gazetteer.createGazetteerSearch());
}

export function createPlaceSearch(
  googleKey: string | undefined = config.googleMapsApiKey,
  load: (googleKey: string | undefined) => Promise<PlaceSearch> = loadAdapter,
): PreparedPlaceSearch {
  let adapter: Promise<PlaceSearch> | undefined;
  const ready = () => {
    // A failed load (no network) is tried again on the next use.
    adapter ??= load(googleKey).catch((error: unknown) => {
      adapter = undefined;
      throw error;
    });
    return adapter;
  };
  return {
    prepare: () => void ready().catch(() => undefined),
    suggest: async (query) => (await ready()).suggest(query),
    choose: async (suggestion) => (await ready()).choose(suggestion),
  };
}
