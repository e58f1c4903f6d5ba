/** The address search of this build: Google Places when a key is set, else the offline gazetteer (each loaded on first use). */
import { config } from '../../shared/config';
import type { PlaceSearch } from './place-search';

export function createPlaceSearch(googleKey: string | undefined = config.googleMapsApiKey): PlaceSearch {
  const adapter: Promise<PlaceSearch> = googleKey
    ? import('./google-place-search').then((google) => google.createGooglePlaceSearch(google.loadGooglePlaces(googleKey)))
    : import('./gazetteer-search').then((gazetteer) => gazetteer.createGazetteerSearch());
  return {
    suggest: async (query) => (await adapter).suggest(query),
    choose: async (suggestion) => (await adapter).choose(suggestion),
  };
}
