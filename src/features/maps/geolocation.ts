/**
 * 'Use my current location': the device's position from the Geolocation API, with high
 * accuracy (GPS rather than the cell tower, which can be a kilometre off) and a 10 s time-out,
 * and a clear message for each way it can fail. Pure but for the API it is handed.
 */
import { isInNigeria } from '../../shared/geo';
import type { LatLng } from './place-search';

export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };

export const GEOLOCATION_MESSAGES = {
  unsupported: 'This browser cannot share your location. Search for your address instead.',
  denied:
    'Location access is blocked. Allow location for this site in your browser settings, or search for your address.',
  unavailable: 'Your location is not available right now. Check that location (GPS) is on, or search for your address.',
  timedOut: 'Finding your location took too long. Try again, or search for your address.',
  outsideNigeria:
    'Your location is outside Nigeria, where GreenPick works. Search for the address of the pickup instead.',
} as const;

/** The message for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timed out). */
export function geolocationErrorMessage(code: number): string {
  if (code === 1) return GEOLOCATION_MESSAGES.denied;
  if (code === 3) return GEOLOCATION_MESSAGES.timedOut;
  return GEOLOCATION_MESSAGES.unavailable;
}

/** The device's position in Nigeria; rejects with an Error carrying one of GEOLOCATION_MESSAGES. */
export function currentPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error(GEOLOCATION_MESSAGES.unsupported));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => {
        const point = { lat: coords.latitude, lng: coords.longitude };
        if (isInNigeria(point)) resolve(point);
        else reject(new Error(GEOLOCATION_MESSAGES.outsideNigeria));
      },
      (error) => reject(new Error(geolocationErrorMessage(error.code))),
      GEOLOCATION_OPTIONS,
    );
  });
}
