/**
 * The address search of this build: Google's with a key (the gazetteer still labels points
 * Google cannot), else the offline gazetteer. The adapter loads on first use or when the
 * address field gets focus, never while the screen paints (docs/architecture.md, 'The first
 * paint').
 */
import { config } from '../../shared/config';
import type { PlaceSearch } from './place-search';

export interface PreparedPlaceSearch extends PlaceSearch {
  /** Starts loading the adapter (e.g. on focus of the address field); idempotent. */
  prepare(): void;
}

async function gazetteerSearch(): Promise<PlaceSearch> {
  return (await import('./gazetteer-search')).createGazetteerSearch();
}

async function googleSearch(key: string): Promise<PlaceSearch> {
  const [google, geocoding] = await Promise.all([import('./google-place-search'), import('./google-reverse-geocode')]);
  let offline: Promise<PlaceSearch> | undefined;
  const offlineLabel: PlaceSearch['describe'] = async (point) => {
    offline ??= gazetteerSearch();
    return (await offline).describe(point);
  };
  return google.createGooglePlaceSearch(
    google.loadGooglePlaces(key),
    geocoding.createGoogleReverseGeocoder(geocoding.loadGoogleGeocoding(key), offlineLabel),
  );
}

function loadAdapter(googleKey: string | undefined): Promise<PlaceSearch> {
  return googleKey ? googleSearch(googleKey) : gazetteerSearch();
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
    describe: async (point) => (await ready()).describe(point),
  };
}
