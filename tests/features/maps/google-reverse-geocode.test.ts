// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  bestAddress,
  createGoogleReverseGeocoder,
  loadGoogleGeocoding,
  type GeocodingLibrary,
} from '../../../src/features/maps/google-reverse-geocode';

// Google's script never loads in tests: the loader fails as it does offline.
vi.mock('@googlemaps/js-api-loader', () => ({
  setOptions: vi.fn(),
  importLibrary: vi.fn(() => Promise.reject(new Error('network'))),
}));

const YABA = { lat: 6.5095, lng: 3.3711 };
const offlineLabel = vi.fn(async () => 'Near Yaba, Lagos');

/** A local stand-in for the Maps JavaScript API's Geocoder, answering what it is given. */
function fakeGeocoding(answer: () => Promise<{ results: unknown[] }>) {
  const geocode = vi.fn(answer);
  const library = {
    Geocoder: class {
      geocode = geocode;
    },
  } as unknown as GeocodingLibrary;
  return { library, geocode };
}

describe('Google reverse geocoding (at its seam)', () => {
  it('asks for the point in Nigeria and answers the first street address, skipping plus codes', async () => {
    const google = fakeGeocoding(async () => ({
      results: [
        { formatted_address: 'G8X9+Q6 Lagos, Nigeria', types: ['plus_code'] },
        { formatted_address: '3 Herbert Macaulay Way, Yaba, Lagos 101245, Nigeria', types: ['street_address'] },
        { formatted_address: 'Yaba, Lagos, Nigeria', types: ['sublocality'] },
      ],
    }));
    const describe = createGoogleReverseGeocoder(async () => google.library, offlineLabel);
    expect(await describe(YABA)).toBe('3 Herbert Macaulay Way, Yaba, Lagos 101245, Nigeria');
    expect(google.geocode).toHaveBeenCalledWith({ location: YABA, region: 'ng' });
  });

  it('nothing useful, an error, or a response too slow: the offline label instead', async () => {
    const nothing = fakeGeocoding(async () => ({
      results: [{ formatted_address: 'G8X9+Q6 Lagos, Nigeria', types: ['plus_code'] }],
    }));
    expect(await createGoogleReverseGeocoder(async () => nothing.library, offlineLabel)(YABA)).toBe('Near Yaba, Lagos');
    const refused = fakeGeocoding(() => Promise.reject(new Error('OVER_QUERY_LIMIT')));
    expect(await createGoogleReverseGeocoder(async () => refused.library, offlineLabel)(YABA)).toBe('Near Yaba, Lagos');
    const slow = fakeGeocoding(() => new Promise(() => undefined));
    expect(await createGoogleReverseGeocoder(async () => slow.library, offlineLabel, 20)(YABA)).toBe(
      'Near Yaba, Lagos',
    );
    expect(offlineLabel).toHaveBeenCalledWith(YABA);
  });

  it("a Maps script that cannot load (offline) gives the offline label; the loader says 'Failed to load Google Maps...'", async () => {
    const load = loadGoogleGeocoding('key');
    await expect(load()).rejects.toThrow('Failed to load Google Maps. Please check your connection.');
    expect(await createGoogleReverseGeocoder(load, offlineLabel)(YABA)).toBe('Near Yaba, Lagos');
  });

  it('bestAddress is null when no response is an address', () => {
    expect(bestAddress([])).toBeNull();
    expect(bestAddress([{ formatted_address: '', types: ['route'] }])).toBeNull();
  });
});
