import { describe, expect, it } from 'vitest';
import {
  CITY_DRIVING_SPEED_KMH,
  ROAD_DETOUR_FACTOR,
  estimateDrivingSeconds,
  formatDistance,
  formatDuration,
  haversineMeters,
  offsetByMeters,
} from '../../src/shared/geo';

const YABA = { lat: 6.5158, lng: 3.3782 };
const SURULERE = { lat: 6.4926, lng: 3.3553 };

describe('haversine distance', () => {
  it('is zero for the same place and symmetric', () => {
    expect(haversineMeters(YABA, YABA)).toBe(0);
    expect(haversineMeters(YABA, SURULERE)).toBeCloseTo(haversineMeters(SURULERE, YABA), 6);
  });

  it('measures Yaba to Surulere at about 3.6 km', () => {
    expect(haversineMeters(YABA, SURULERE)).toBeGreaterThan(3_550);
    expect(haversineMeters(YABA, SURULERE)).toBeLessThan(3_650);
  });

  it('measures one degree of latitude at about 111.2 km', () => {
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
  });

  it('measures Lagos to Abuja at about 530 km', () => {
    const distance = haversineMeters({ lat: 6.5244, lng: 3.3792 }, { lat: 9.0765, lng: 7.3986 });
    expect(distance / 1000).toBeGreaterThan(520);
    expect(distance / 1000).toBeLessThan(540);
  });
});

describe('estimated driving duration of a straight-line route', () => {
  it('adds the road detour and drives at city speed', () => {
    expect(ROAD_DETOUR_FACTOR).toBe(1.3);
    expect(CITY_DRIVING_SPEED_KMH).toBe(25);
    // 10 km straight = 13 km of road at 25 km/h = 31.2 min
    expect(estimateDrivingSeconds(10_000)).toBe(1872);
    expect(estimateDrivingSeconds(0)).toBe(0);
  });

  it('grows with the distance', () => {
    expect(estimateDrivingSeconds(2_000)).toBeLessThan(estimateDrivingSeconds(4_000));
  });
});

describe('badge texts', () => {
  it('distance in metres under 1 km, km with one decimal under 10 km, whole km beyond', () => {
    expect(formatDistance(847)).toBe('850 m');
    expect(formatDistance(3_612)).toBe('3.6 km');
    expect(formatDistance(12_400)).toBe('12 km');
  });

  it('duration in minutes (at least 1), then hours and minutes', () => {
    expect(formatDuration(10)).toBe('1 min');
    expect(formatDuration(25 * 60)).toBe('25 min');
    expect(formatDuration(65 * 60)).toBe('1 h 5 min');
    expect(formatDuration(120 * 60)).toBe('2 h');
  });
});

describe('moving a point by metres (the pin by keyboard)', () => {
  it('10 m north and 100 m east land that far away, in that direction', () => {
    const yaba = { lat: 6.5095, lng: 3.3711 };
    const north = offsetByMeters(yaba, 10, 0);
    expect(north.lng).toBe(yaba.lng);
    expect(north.lat).toBeGreaterThan(yaba.lat);
    expect(haversineMeters(yaba, north)).toBeCloseTo(10, 1);
    const east = offsetByMeters(yaba, 0, 100);
    expect(east.lat).toBe(yaba.lat);
    expect(east.lng).toBeGreaterThan(yaba.lng);
    expect(haversineMeters(yaba, east)).toBeCloseTo(100, 0);
    const southWest = offsetByMeters(yaba, -100, -100);
    expect(southWest.lat).toBeLessThan(yaba.lat);
    expect(southWest.lng).toBeLessThan(yaba.lng);
  });
});
