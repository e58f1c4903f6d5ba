import { describe, expect, it } from 'vitest';
import { formatLagosDate, formatLagosTime, formatTwoDecimals } from '../../src/shared/display-format';

// What the functions must equal: Intl's en-NG output (what the app showed before it stopped using Intl on the usual path).
const intlAmount = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intlDate = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});
const intlTime = new Intl.DateTimeFormat('en-NG', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Africa/Lagos',
});

/** A small seeded generator, so a failure names the same numbers on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('formatTwoDecimals', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatTwoDecimals(0)).toBe('0.00');
    expect(formatTwoDecimals(125.5)).toBe('125.50');
    expect(formatTwoDecimals(1500)).toBe('1,500.00');
    expect(formatTwoDecimals(300000)).toBe('300,000.00');
    expect(formatTwoDecimals(1234567.891)).toBe('1,234,567.89');
    expect(formatTwoDecimals(-20)).toBe('-20.00');
  });

  it('rounds the decimal form of the number, as Intl does (1.005 is 1.01, where toFixed says 1.00)', () => {
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(formatTwoDecimals(1.005)).toBe('1.01');
    expect(formatTwoDecimals(1234.565)).toBe('1,234.57');
    expect(formatTwoDecimals(0.004)).toBe('0.00');
    expect(formatTwoDecimals(999.995)).toBe('1,000.00');
  });

  it('equals Intl en-NG for edge values, huge and tiny ones included', () => {
    const values = [
      -0,
      -0.001,
      0.001,
      1e-7,
      -1e-7,
      0.1 + 0.2,
      999.999,
      1e12 - 0.005,
      9_999_999_999_999.99,
      1e13,
      1e15 + 0.5,
      1e21,
      -1e21,
      2 ** 53,
      Number.MAX_VALUE,
    ];
    for (const value of values) expect(formatTwoDecimals(value), String(value)).toBe(intlAmount.format(value));
  });

  it('equals Intl en-NG for thousands of amounts of every size, to the kobo and past it', () => {
    const random = seeded(17);
    for (let index = 0; index < 5_000; index += 1) {
      const digits = Math.floor(random() * 13);
      const places = Math.floor(random() * 5);
      const value = Math.round(random() * 10 ** digits * 10 ** places) / 10 ** places;
      const signed = random() < 0.2 ? -value : value;
      expect(formatTwoDecimals(signed), String(signed)).toBe(intlAmount.format(signed));
    }
  });

  it('NaN and infinities read as Intl reads them', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(formatTwoDecimals(value)).toBe(intlAmount.format(value));
  });
});

describe('formatLagosDate and formatLagosTime', () => {
  it('show Lagos time (UTC+1): 23:30 UTC is 00:30 on the next Lagos day', () => {
    const time = Date.parse('2026-11-21T23:30:00.000Z');
    expect(formatLagosDate(time)).toBe('22 Nov 2026');
    expect(formatLagosTime(time)).toBe('00:30');
    expect(formatLagosDate(Date.parse('2026-09-05T12:00:00Z'))).toBe('5 Sept 2026');
  });

  it('equal Intl en-NG in Lagos every 97 minutes over three years (every month, hour and day change)', () => {
    const start = Date.UTC(2025, 0, 1);
    const end = Date.UTC(2028, 0, 1);
    for (let time = start; time < end; time += 97 * 60 * 1000) {
      expect(formatLagosDate(time)).toBe(intlDate.format(time));
      expect(formatLagosTime(time)).toBe(intlTime.format(time));
    }
  });

  it('equal Intl at random times from 1920 to 2200, and before 1920, where Lagos was not yet UTC+1', () => {
    const random = seeded(5);
    const from = Date.UTC(1920, 0, 1);
    const to = Date.UTC(2200, 0, 1);
    for (let index = 0; index < 5_000; index += 1) {
      const time = from + Math.floor(random() * (to - from));
      expect(formatLagosDate(time)).toBe(intlDate.format(time));
      expect(formatLagosTime(time)).toBe(intlTime.format(time));
    }
    for (const time of [Date.UTC(1910, 5, 1, 12, 10), Date.UTC(1900, 0, 1)]) {
      expect(formatLagosTime(time)).toBe(intlTime.format(time));
      expect(formatLagosDate(time)).toBe(intlDate.format(time));
    }
  });
});
