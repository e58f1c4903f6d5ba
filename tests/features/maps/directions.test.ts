// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { DIRECTIONS_FAILED } from '../../../src/features/maps/directions';
import { createDirections } from '../../../src/features/maps/configured-directions';
import {
  createGoogleDirections,
  loadGoogleRoutes,
  type RoutesLibrary,
} from '../../../src/features/maps/google-directions';
import { createStraightLineDirections } from '../../../src/features/maps/straight-line-directions';
import { estimateDrivingSeconds, haversineMeters } from '../../../src/shared/geo';

// The Maps script is never fetched in tests: the loader is replaced at its seam.
vi.mock('@googlemaps/js-api-loader', () => ({
  setOptions: vi.fn(),
  importLibrary: vi.fn(() => Promise.reject(new Error('network'))),
}));

const DRIVER = { lat: 6.5158, lng: 3.3782 };
const TASK = { lat: 6.4926, lng: 3.3553 };
const latLng = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng });

function fakeRoutes(answer: (request: unknown, callback: (result: unknown, status: string) => void) => void) {
  const route = vi.fn(answer);
  const library = {
    DirectionsService: class {
      route = route;
    },
  } as unknown as RoutesLibrary;
  return { library, route };
}

describe('directions without a Google key: the straight line, labelled approximate', () => {
  it('draws A to B with the haversine distance and the estimated driving duration', async () => {
    const route = await createStraightLineDirections().route(DRIVER, TASK);
    expect(route.path).toEqual([DRIVER, TASK]);
    expect(route.distanceMeters).toBeCloseTo(haversineMeters(DRIVER, TASK), 6);
    expect(route.durationSeconds).toBe(estimateDrivingSeconds(haversineMeters(DRIVER, TASK)));
    expect(route.isApproximate).toBe(true);
  });

  it('is what a build without VITE_GOOGLE_MAPS_API_KEY uses (and it never loads Google)', async () => {
    const route = await createDirections(undefined).route(DRIVER, TASK);
    expect(route.isApproximate).toBe(true);
    expect(importLibrary).not.toHaveBeenCalled();
  });
});

describe('Google driving directions (at their seam)', () => {
  it('asks for a DRIVING route from the driver to the task and reads the path, distance and duration', async () => {
    const google = fakeRoutes((_request, callback) =>
      callback(
        {
          routes: [
            {
              overview_path: [latLng(6.5158, 3.3782), latLng(6.5, 3.37), latLng(6.4926, 3.3553)],
              legs: [{ distance: { value: 4820 }, duration: { value: 960 } }],
            },
          ],
        },
        'OK',
      ),
    );
    const route = await createGoogleDirections(async () => google.library).route(DRIVER, TASK);
    expect(google.route).toHaveBeenCalledWith(
      { origin: DRIVER, destination: TASK, travelMode: 'DRIVING' },
      expect.any(Function),
    );
    expect(route).toEqual({
      path: [DRIVER, { lat: 6.5, lng: 3.37 }, TASK],
      distanceMeters: 4820,
      durationSeconds: 960,
      isApproximate: false,
    });
  });

  it("a route Google cannot give (ZERO_RESULTS, an error, a throw) says 'Could not load directions. Please try again.'", async () => {
    const answers = [
      fakeRoutes((_request, callback) => callback(null, 'ZERO_RESULTS')),
      fakeRoutes((_request, callback) => callback({ routes: [] }, 'OK')),
      fakeRoutes(() => {
        throw new Error('boom');
      }),
    ];
    for (const google of answers) {
      await expect(createGoogleDirections(async () => google.library).route(DRIVER, TASK)).rejects.toThrow(
        DIRECTIONS_FAILED,
      );
    }
    expect(DIRECTIONS_FAILED).toBe('Could not load directions. Please try again.');
  });

  it("loads the routes library with the key; a script that cannot load says 'Failed to load Google Maps. Please check your connection.' and is tried again", async () => {
    const load = loadGoogleRoutes('test-key');
    await expect(load()).rejects.toThrow('Failed to load Google Maps. Please check your connection.');
    expect(setOptions).toHaveBeenCalledWith({ key: 'test-key', v: 'weekly' });
    expect(importLibrary).toHaveBeenCalledWith('routes');
    await expect(load()).rejects.toThrow('Failed to load Google Maps. Please check your connection.');
    expect(importLibrary).toHaveBeenCalledTimes(2);
  });

  it('a build with a key routes through Google', async () => {
    vi.mocked(importLibrary).mockClear();
    await expect(createDirections('test-key').route(DRIVER, TASK)).rejects.toThrow(
      'Failed to load Google Maps. Please check your connection.',
    );
    expect(importLibrary).toHaveBeenCalledWith('routes');
  });
});
