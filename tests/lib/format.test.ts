import { describe, expect, it } from 'vitest';
import { formatCoordinates, formatDate, formatDateTime, formatDecimal, formatNaira, formatTime } from '../../src/lib/format';

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
