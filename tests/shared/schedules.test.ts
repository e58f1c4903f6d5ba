import { describe, expect, it } from 'vitest';
import { dueOccurrences, lagosDate, occurrences, weekdayOf, weekdaysText, windowOn } from '../../src/shared/schedules';

// Tue 25 Nov 2026, 12:00 Lagos (11:00 UTC).
const NOW = new Date('2026-11-25T11:00:00Z');

describe('recurring pickup dates', () => {
  it('reads Lagos days and weekdays', () => {
    expect(lagosDate(Date.parse('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(windowOn('2026-11-28', 10)).toEqual({ start: '2026-11-28T09:00:00.000Z', end: '2026-11-28T11:00:00.000Z' });
  });

  it('lists the weekdays of the next 28 days whose window has not started', () => {
    const fridays = occurrences({ weekdays: [5], windowStartHour: 10 }, NOW);
    expect(fridays.map((each) => each.date)).toEqual(['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18']);
    // Today's 10:00 window has started at 12:00; the 14:00 one has not.
    expect(occurrences({ weekdays: [3], windowStartHour: 10 }, NOW)[0].date).toBe('2026-12-02');
    expect(occurrences({ weekdays: [3], windowStartHour: 14 }, NOW)[0].date).toBe('2026-11-25');
  });

  it('makes a task 24 hours before its window, or at once when sooner', () => {
    expect(dueOccurrences({ weekdays: [3, 4], windowStartHour: 14 }, NOW).map((each) => each.date)).toEqual([
      '2026-11-25',
    ]);
    const later = new Date('2026-11-25T13:00:00Z');
    expect(dueOccurrences({ weekdays: [3, 4], windowStartHour: 14 }, later).map((each) => each.date)).toEqual([
      '2026-11-26',
    ]);
    expect(dueOccurrences({ weekdays: [5], windowStartHour: 8 }, NOW)).toEqual([]);
  });

  it('names the weekdays', () => {
    expect(weekdaysText([5])).toBe('Fridays');
    expect(weekdaysText([4, 1])).toBe('Mondays and Thursdays');
    expect(weekdaysText([1, 3, 5])).toBe('Mondays, Wednesdays and Fridays');
  });
});
