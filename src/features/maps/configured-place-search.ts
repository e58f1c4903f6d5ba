/**
 * The address search of this build: Google Places and reverse geocoding when a key is set,
 * else the offline gazetteer (each loaded on first use). With a key, a point that Google
 * cannot label (offline, blocked) still gets the gazetteer's 'Near ...' label.
 */
import { config } from '../../shared/config';
import type { PlaceSearch } from './place-search';

async function gazetteerSearch(): Promise<PlaceSearch> {
  return (await import('./gazetteer-search')).createGazetteerSearch();
}

async function googleSearch(key: string): Promise<PlaceSearch> {
  const [google, geocoding] = await Promise.all([import('./google-place-search'), import('./google-reverse-geocode')]);
  let offline: Promise<PlaceSearch> | undefined;
  const offlineLabel: PlaceSearch['describe'] = async (point) => (await (offline ??= gazetteerSearch())).describe(point);
  return google.createGooglePlaceSearch(google.loadGooglePlaces(key), geocoding.createGoogleReverseGeocoder(geocoding.loadGoogleGeocoding(key), offlineLabel));
}

export function createPlaceSearch(googleKey: string | undefined = config.googleMapsApiKey): PlaceSearch {
  // The adapter's code (not its data, not Google's script) starts loading now, so the first suggestion comes quickly.
  const adapter = googleKey ? googleSearch(googleKey) : gazetteerSearch();
  return {
    suggest: async (query) => (await adapter).suggest(query),
    choose: async (suggestion) => (await adapter).choose(suggestion),
    describe: async (point) => (await adapter).describe(point),
  };
}
