/// <reference types="google.maps" />
/**
 * The Google adapter (VITE_GOOGLE_MAPS_API_KEY set): Places autocomplete restricted to
 * Nigeria with the place types geocode and establishment, then the chosen place's details
 * (geometry). The Maps script loads on first use through @googlemaps/js-api-loader.
 */
import { loadGoogleLibrary } from './google-library';
import type { LatLng, PlaceSearch } from './place-search';

export const AUTOCOMPLETE_OPTIONS = {
  componentRestrictions: { country: 'ng' },
  types: ['geocode', 'establishment'],
} as const;

export type PlacesLibrary = Pick<
  google.maps.PlacesLibrary,
  'AutocompleteService' | 'PlacesService' | 'AutocompleteSessionToken'
>;

export function loadGooglePlaces(key: string): () => Promise<PlacesLibrary> {
  return loadGoogleLibrary<PlacesLibrary>(key, 'places');
}

/** `describe` labels a point (Google reverse geocoding, see google-reverse-geocode.ts). */
export function createGooglePlaceSearch(
  load: () => Promise<PlacesLibrary>,
  describe: (point: LatLng) => Promise<string>,
): PlaceSearch {
  let session: google.maps.places.AutocompleteSessionToken | undefined;
  return {
    async suggest(query) {
      const places = await load();
      session ??= new places.AutocompleteSessionToken();
      const answer = await new places.AutocompleteService().getPlacePredictions({
        input: query,
        sessionToken: session,
        ...AUTOCOMPLETE_OPTIONS,
        types: [...AUTOCOMPLETE_OPTIONS.types],
      });
      return answer.predictions.map((prediction) => ({
        id: prediction.place_id,
        primary: prediction.structured_formatting.main_text,
        secondary: prediction.structured_formatting.secondary_text ?? '',
      }));
    },
    async choose(suggestion) {
      const places = await load();
      const sessionToken = session;
      session = undefined;
      const service = new places.PlacesService(document.createElement('div'));
      const place = await new Promise<google.maps.places.PlaceResult | null>((resolve) =>
        service.getDetails(
          { placeId: suggestion.id, fields: ['geometry', 'formatted_address', 'name'], sessionToken },
          (result) => resolve(result),
        ),
      );
      const address = place?.formatted_address ?? [suggestion.primary, suggestion.secondary].filter(Boolean).join(', ');
      const location = place?.geometry?.location;
      return { address, location: location ? { lat: location.lat(), lng: location.lng() } : null };
    },
    describe,
  };
}
