import { describe, expect, it } from 'vitest';
import { isOfferedWindow, offeredDays, offeredWindows, windowText } from '../../src/shared/pickup-windows';

describe('pickup windows (Lagos time)', () => {
  it('from the first window starting at least 2 hours from now, 08:00-18:00 in 2-hour windows, up to 14 days ahead', () => {
    // Wed 25 Nov 2026, 09:30 in Lagos.
    const now = new Date('2026-11-25T08:30:00Z');
    const windows = offeredWindows(now);
    expect(windows.slice(0, 3).map(windowText)).toEqual([
      'Wed 25 Nov, 12:00-14:00',
      'Wed 25 Nov, 14:00-16:00',
      'Wed 25 Nov, 16:00-18:00',
    ]);
    expect(windows[0]).toEqual({ start: '2026-11-25T11:00:00.000Z', end: '2026-11-25T13:00:00.000Z' });
    expect(windowText(windows.at(-1)!)).toBe('Wed 9 Dec, 16:00-18:00');
    expect(windows).toHaveLength(3 + 14 * 5);
  });

  it('a window starting exactly 2 hours from now is offered; late in the evening the first is tomorrow 08:00', () => {
    expect(windowText(offeredWindows(new Date('2026-11-25T07:00:00Z'))[0]!)).toBe('Wed 25 Nov, 10:00-12:00');
    // 23:30 Lagos: 22:30 UTC.
    expect(windowText(offeredWindows(new Date('2026-11-25T22:30:00Z'))[0]!)).toBe('Thu 26 Nov, 08:00-10:00');
    // 00:30 Lagos on the 26th is still a Lagos 26th (UTC says the 25th).
    const days = offeredDays(new Date('2026-11-25T23:30:00Z'));
    expect(days[0]).toMatchObject({ day: 'Thu 26 Nov' });
    expect(days[0]!.windows).toHaveLength(5);
  });

  it('the server accepts only an offered window, in any ISO spelling', () => {
    const now = new Date('2026-11-25T08:30:00Z');
    expect(isOfferedWindow({ start: '2026-11-26T09:00:00Z', end: '2026-11-26T11:00:00Z' }, now)).toBe(true);
    expect(isOfferedWindow({ start: '2026-11-26T10:00:00+01:00', end: '2026-11-26T12:00:00+01:00' }, now)).toBe(true);
    expect(isOfferedWindow({ start: '2026-11-25T09:00:00Z', end: '2026-11-25T11:00:00Z' }, now)).toBe(false);
    expect(isOfferedWindow({ start: '2026-11-26T09:30:00Z', end: '2026-11-26T11:30:00Z' }, now)).toBe(false);
    expect(isOfferedWindow({ start: '2026-11-26T09:00:00Z', end: '2026-11-26T12:00:00Z' }, now)).toBe(false);
    expect(isOfferedWindow({ start: '2026-12-10T07:00:00Z', end: '2026-12-10T09:00:00Z' }, now)).toBe(false);
    expect(isOfferedWindow({ start: 'tomorrow', end: 'later' }, now)).toBe(false);
  });
});
