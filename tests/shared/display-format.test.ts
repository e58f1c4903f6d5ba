import { describe, expect, it } from 'vitest';
import { formatLagosDate, formatLagosTime } from '../../src/shared/display-format';

// What the functions must equal: Intl's en-NG output (what the app showed before it stopped using Intl on the usual path).
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
