// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  AUTOCOMPLETE_OPTIONS,
  createGooglePlaceSearch,
  loadGooglePlaces,
  type PlacesLibrary,
} from '../../../src/features/maps/google-place-search';

vi.mock('@googlemaps/js-api-loader', () => ({
  setOptions: vi.fn(),
  importLibrary: vi.fn(() => Promise.reject(new Error('network'))),
}));

const noLabel = async () => '';

function fakePlaces(details: unknown) {
  const getPlacePredictions = vi.fn(async () => ({
    predictions: [
      {
        place_id: 'p1',
        structured_formatting: { main_text: 'Ikeja City Mall', secondary_text: 'Obafemi Awolowo Way, Ikeja' },
      },
    ],
  }));
  const getDetails = vi.fn((_request: unknown, callback: (result: unknown) => void) => callback(details));
  const library = {
    AutocompleteService: class {
      getPlacePredictions = getPlacePredictions;
    },
    PlacesService: class {
      getDetails = getDetails;
    },
    AutocompleteSessionToken: class {},
  } as unknown as PlacesLibrary;
  return { library, getPlacePredictions, getDetails };
}

describe('the Google Places adapter (at its seam)', () => {
  it('asks for suggestions restricted to Nigeria with the types geocode and establishment', async () => {
    const places = fakePlaces(null);
    const search = createGooglePlaceSearch(async () => places.library, noLabel);
    expect(await search.suggest('ikeja')).toEqual([
      { id: 'p1', primary: 'Ikeja City Mall', secondary: 'Obafemi Awolowo Way, Ikeja' },
    ]);
    expect(places.getPlacePredictions).toHaveBeenCalledWith(
      expect.objectContaining({
        input: 'ikeja',
        componentRestrictions: { country: 'ng' },
        types: ['geocode', 'establishment'],
      }),
    );
    expect(AUTOCOMPLETE_OPTIONS.types).toEqual(['geocode', 'establishment']);
  });

  it('the chosen place gets its geometry; a place without geometry has no location', async () => {
    const withGeometry = fakePlaces({
      formatted_address: 'Ikeja City Mall, Lagos',
      geometry: { location: { lat: () => 6.61, lng: () => 3.35 } },
    });
    expect(
      await createGooglePlaceSearch(async () => withGeometry.library, noLabel).choose({
        id: 'p1',
        primary: 'Ikeja City Mall',
        secondary: '',
      }),
    ).toEqual({
      address: 'Ikeja City Mall, Lagos',
      location: { lat: 6.61, lng: 3.35 },
    });
    expect(withGeometry.getDetails).toHaveBeenCalledWith(
      expect.objectContaining({ placeId: 'p1', fields: ['geometry', 'formatted_address', 'name'] }),
      expect.any(Function),
    );
    const without = fakePlaces({ formatted_address: 'Somewhere' });
    expect(
      await createGooglePlaceSearch(async () => without.library, noLabel).choose({
        id: 'p2',
        primary: 'Somewhere',
        secondary: '',
      }),
    ).toEqual({ address: 'Somewhere', location: null });
  });

  it("a Maps script that cannot load gives 'Failed to load Google Maps. Please check your connection.'", async () => {
    const load = loadGooglePlaces('key');
    await expect(load()).rejects.toThrow('Failed to load Google Maps. Please check your connection.');
    await expect(createGooglePlaceSearch(load, noLabel).suggest('ikeja')).rejects.toThrow(
      'Failed to load Google Maps. Please check your connection.',
    );
  });
});
