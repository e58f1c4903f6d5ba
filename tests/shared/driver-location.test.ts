import { describe, expect, it } from 'vitest';
import { isSameLocation, normalizeLocation } from '../../src/shared/driver-location';

const LEKKI = { lat: 6.4474, lng: 3.4723 };

describe('one normalization for every driver location shape (one function, used by markers and routing)', () => {
  it('reads the route logic array [longitude, latitude]', () => {
    expect(normalizeLocation([3.4723, 6.4474])).toEqual(LEKKI);
  });

  it('reads the marker logic object {latitude, longitude}', () => {
    expect(normalizeLocation({ latitude: 6.4474, longitude: 3.4723 })).toEqual(LEKKI);
  });

  it('reads {lat, lng}', () => {
    expect(normalizeLocation({ lat: 6.4474, lng: 3.4723 })).toEqual(LEKKI);
  });

  it("reads the server's GeoJSON point {type: 'Point', coordinates: [lng, lat]}", () => {
    expect(normalizeLocation({ type: 'Point', coordinates: [3.4723, 6.4474] })).toEqual(LEKKI);
  });

  it('reads a GeoJSON Feature and the driver location answer {driverId, location, updatedAt}', () => {
    expect(
      normalizeLocation({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Point', coordinates: [3.4723, 6.4474] },
      }),
    ).toEqual(LEKKI);
    expect(
      normalizeLocation({
        driverId: 'd1',
        location: { type: 'Point', coordinates: [3.4723, 6.4474] },
        updatedAt: '2026-11-22T10:00:00.000Z',
      }),
    ).toEqual(LEKKI);
  });

  it('accepts numeric strings (as some backends send them)', () => {
    expect(normalizeLocation({ latitude: '6.4474', longitude: '3.4723' })).toEqual(LEKKI);
    expect(normalizeLocation(['3.4723', '6.4474'])).toEqual(LEKKI);
  });

  it('gives null (no marker, no route) for a missing, malformed or out-of-range location', () => {
    for (const value of [
      null,
      undefined,
      '',
      'Lagos',
      42,
      [],
      [3.47],
      {},
      { lat: 6.4 },
      { lat: 'x', lng: 3 },
      { latitude: 95, longitude: 3 },
      [200, 6],
      [Number.NaN, 6],
      { type: 'Point', coordinates: [] },
    ]) {
      expect(normalizeLocation(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('keeps 0 as a real coordinate', () => {
    expect(normalizeLocation([0, 0])).toEqual({ lat: 0, lng: 0 });
  });

  it('compares places to about a centimetre', () => {
    expect(isSameLocation(LEKKI, { lat: 6.44740001, lng: 3.4723 })).toBe(true);
    expect(isSameLocation(LEKKI, { lat: 6.4475, lng: 3.4723 })).toBe(false);
    expect(isSameLocation(null, null)).toBe(true);
    expect(isSameLocation(LEKKI, null)).toBe(false);
  });
});
