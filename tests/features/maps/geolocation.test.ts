import { describe, expect, it, vi } from 'vitest';
import {
  GEOLOCATION_MESSAGES,
  GEOLOCATION_OPTIONS,
  currentPosition,
  geolocationErrorMessage,
} from '../../../src/features/maps/geolocation';

/** A stand-in for navigator.geolocation that answers with a position or an error code. */
function device(answer: { lat: number; lng: number } | { code: number }) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null, _options?: PositionOptions) => {
      if ('code' in answer)
        failure?.({
          code: answer.code,
          message: '',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
      else
        success({
          coords: { latitude: answer.lat, longitude: answer.lng, accuracy: 8 },
          timestamp: 0,
        } as GeolocationPosition);
    },
  );
  return { geolocation: { getCurrentPosition } as unknown as Geolocation, getCurrentPosition };
}

describe("'Use my current location'", () => {
  it('asks for a high-accuracy, fresh position with a 10 s time-out', async () => {
    const { geolocation, getCurrentPosition } = device({ lat: 6.5095, lng: 3.3711 });
    expect(await currentPosition(geolocation)).toEqual({ lat: 6.5095, lng: 3.3711 });
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
    expect(GEOLOCATION_OPTIONS.timeout).toBe(10_000);
  });

  it.each([
    [
      1,
      'Location access is blocked. Allow location for this site in your browser settings, or search for your address.',
    ],
    [2, 'Your location is not available right now. Check that location (GPS) is on, or search for your address.'],
    [3, 'Finding your location took too long. Try again, or search for your address.'],
  ])('error code %i has a clear message', async (code, message) => {
    expect(geolocationErrorMessage(code)).toBe(message);
    await expect(currentPosition(device({ code }).geolocation)).rejects.toThrow(message);
  });

  it('a browser without geolocation, and a position outside Nigeria, say so', async () => {
    await expect(currentPosition(undefined)).rejects.toThrow(GEOLOCATION_MESSAGES.unsupported);
    await expect(currentPosition(device({ lat: 51.5072, lng: -0.1276 }).geolocation)).rejects.toThrow(
      GEOLOCATION_MESSAGES.outsideNigeria,
    );
  });
});
