import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCoordinates,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatNaira,
  formatTime,
} from '../../src/lib/format';

describe('naira and dates', () => {
  it('naira with ₦, thousands separators and 2 decimals', () => {
    expect(formatNaira(1500)).toBe('₦1,500.00');
    expect(formatNaira(300000)).toBe('₦300,000.00');
    expect(formatNaira(0.5)).toBe('₦0.50');
    expect(formatNaira(-20)).toBe('-₦20.00');
  });

  it('balances with 2 decimals', () => {
    expect(formatDecimal(125.5)).toBe('125.50');
  });

  it('dates and hour:minute in Lagos time', () => {
    const iso = '2026-11-22T13:05:00.000Z';
    expect(formatDate(iso)).toBe('22 Nov 2026');
    expect(formatTime(iso)).toBe('14:05');
    expect(formatDateTime(iso)).toBe('22 Nov 2026, 14:05');
  });

  it('a missing or invalid date gives an empty text', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('coordinates', () => {
  it("'latitude, longitude' to the screen's decimals: 6 on the create screen, 4 on history cards", () => {
    const place = { lat: 6.5965, lng: 3.3421 };
    expect(formatCoordinates(place, 6)).toBe('6.596500, 3.342100');
    expect(formatCoordinates({ lat: 6.515849, lng: 3.37821 }, 4)).toBe('6.5158, 3.3782');
  });
});

describe('times are Lagos times whatever zone the device is in', () => {
  const deviceZone = process.env.TZ;
  beforeAll(() => {
    // A device in New York (UTC-5 in November): Node applies a changed TZ at once.
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  it('a task booked at 00:30 in Lagos shows 00:30 on that Lagos day, not 18:30 the day before', () => {
    const iso = '2026-11-21T23:30:00.000Z';
    // The device really is in New York here: its own clock says 18:30 on the 21st.
    expect(new Date(iso).getHours()).toBe(18);
    expect(formatDate(iso)).toBe('22 Nov 2026');
    expect(formatTime(iso)).toBe('00:30');
    expect(formatDateTime(iso)).toBe('22 Nov 2026, 00:30');
  });
});
