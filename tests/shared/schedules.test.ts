import { describe, expect, it } from 'vitest';
import {
  dueOccurrences,
  everyWeeksText,
  firstDate,
  lagosDate,
  moveWindowProblem,
  occurrences,
  plannedDates,
  weekdayOf,
  weekdaysText,
  windowOn,
} from '../../src/shared/schedules';

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

  it('every 2 weeks: the weeks an even number of weeks from the first date, several weekdays too', () => {
    // Set on Wednesday 25 Nov for Mondays and Fridays: Friday 27 Nov is the first date.
    const start = firstDate({ weekdays: [1, 5], windowStartHour: 10 }, NOW);
    expect(start).toBe('2026-11-27');
    const times = { weekdays: [1, 5] as const, windowStartHour: 10, everyWeeks: 2 as const, startsOn: start };
    expect(occurrences(times, NOW).map((each) => each.date)).toEqual([
      '2026-11-27',
      '2026-12-07',
      '2026-12-11',
      '2026-12-21',
    ]);
    expect(occurrences(times, NOW, 36).map((each) => each.date)).toEqual([
      '2026-11-27',
      '2026-12-07',
      '2026-12-11',
      '2026-12-21',
      '2026-12-25',
    ]);
    expect(occurrences(times, NOW, 36).map((each) => each.date)).not.toContain('2026-12-14');
    // Set on a Saturday: the first week is the next one, whole.
    const saturday = new Date('2026-11-28T11:00:00Z');
    const fromSaturday = { ...times, startsOn: firstDate(times, saturday) };
    expect(fromSaturday.startsOn).toBe('2026-11-30');
    expect(occurrences(fromSaturday, saturday).map((each) => each.date)).toEqual([
      '2026-11-30',
      '2026-12-04',
      '2026-12-14',
      '2026-12-18',
    ]);
    // Weekly (or a list cached before intervals) is every week.
    expect(occurrences({ ...times, everyWeeks: 1 }, NOW)).toHaveLength(8);
    expect(everyWeeksText(2)).toBe('Every 2 weeks');
    expect(everyWeeksText()).toBe('Every week');
  });

  it('a moved date comes in its new window, once, and the others stay', () => {
    const fridays = { weekdays: [5] as const, windowStartHour: 10 };
    // Friday 4 Dec moved to Tuesday 1 Dec, 14:00-16:00.
    const moved = [
      { date: '2026-12-04', window: { start: '2026-12-01T13:00:00.000Z', end: '2026-12-01T15:00:00.000Z' } },
    ];
    const planned = plannedDates(fridays, moved, NOW);
    expect(planned.map((each) => [each.date, each.window.start, each.movedFrom?.start ?? null])).toEqual([
      ['2026-11-27', '2026-11-27T09:00:00.000Z', null],
      ['2026-12-04', '2026-12-01T13:00:00.000Z', '2026-12-04T09:00:00.000Z'],
      ['2026-12-11', '2026-12-11T09:00:00.000Z', null],
      ['2026-12-18', '2026-12-18T09:00:00.000Z', null],
    ]);
    // Due 24 hours before its new window, not its own.
    expect(dueOccurrences(fridays, new Date('2026-11-30T13:00:00Z'), moved).map((each) => each.date)).toEqual([
      '2026-12-04',
    ]);
    expect(dueOccurrences(fridays, new Date('2026-12-03T10:00:00Z'), moved)).toEqual([]);
    // Once its new window has started it is gone, whatever its own day.
    expect(plannedDates(fridays, moved, new Date('2026-12-01T13:00:00Z')).map((each) => each.date)).toEqual([
      '2026-12-11',
      '2026-12-18',
      '2026-12-25',
    ]);
  });

  it('a date moves only to a window the booking offers', () => {
    const at = (start: string, hours = 2) => ({
      start,
      end: new Date(Date.parse(start) + hours * 3_600_000).toISOString(),
    });
    expect(moveWindowProblem(at('2026-12-01T13:00:00Z'), NOW)).toBeNull();
    expect(moveWindowProblem(at('2026-11-24T09:00:00Z'), NOW)).toBe(
      'Choose a window starting at least 2 hours from now',
    );
    // Today 12:00-14:00 has begun; 14:00 is 2 hours away, which the booking offers.
    expect(moveWindowProblem(at('2026-11-25T11:00:00Z'), NOW)).toBe(
      'Choose a window starting at least 2 hours from now',
    );
    expect(moveWindowProblem(at('2026-11-25T13:00:00Z'), NOW)).toBeNull();
    expect(moveWindowProblem(at('2026-12-09T07:00:00Z'), NOW)).toBeNull();
    expect(moveWindowProblem(at('2026-12-10T07:00:00Z'), NOW)).toBe('Choose a window within the next 14 days');
    expect(moveWindowProblem(at('2026-12-01T08:00:00Z'), NOW)).toMatch(/^window must be a 2-hour pickup window/);
    expect(moveWindowProblem(at('2026-12-01T13:00:00Z', 3), NOW)).toMatch(/^window must be a 2-hour pickup window/);
  });
});
