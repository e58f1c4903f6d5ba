import { describe, expect, it } from 'vitest';
import { sampleSchedule } from '../../../sample-data';
import type { Task } from '../../../../src/shared/contract';
import { windowOn } from '../../../../src/shared/schedules';
import {
  comingDates,
  nextPickup,
  uncoveredPickups,
  windowHoursText,
} from '../../../../src/features/tasks/schedules/schedule-rules';
import { notCoveredText } from '../../../../src/shared/schedules';

// Tue 25 Nov 2026, 12:00 Lagos.
const NOW = new Date('2026-11-25T11:00:00Z');

const schedule = sampleSchedule;

describe('recurring pickups on the device', () => {
  it('lists the coming dates without the skipped and the reached ones, none while paused', () => {
    const fridays = schedule({
      skipped: ['2026-11-27'],
      runs: [{ date: '2026-12-04', window: windowOn('2026-12-04', 10), outcome: 'created', taskId: 't1' }],
    });
    expect(comingDates(fridays, NOW).map((each) => each.date)).toEqual(['2026-12-11', '2026-12-18']);
    expect(comingDates(schedule({ paused: 'client' }), NOW)).toEqual([]);
  });

  it('finds the next pickup of all running schedules', () => {
    const next = nextPickup([schedule(), schedule({ _id: 's2', weekdays: [4], windowStartHour: 16 })], NOW);
    expect(next?.schedule._id).toBe('s2');
    expect(next?.date).toBe('2026-11-26');
    expect(nextPickup([schedule({ paused: 'plan-ended' })], NOW)).toBeNull();
  });

  it('offers to pay for a date not covered while it can still be booked and was not booked since', () => {
    const run = {
      date: '2026-11-27',
      window: windowOn('2026-11-27', 10),
      outcome: 'not-covered',
      taskId: null,
    } as const;
    const uncovered = schedule({ runs: [run] });
    expect(uncoveredPickups([uncovered], [], NOW)).toHaveLength(1);
    expect(uncoveredPickups([schedule({ runs: [run], skipped: ['2026-11-27'] })], [], NOW)).toEqual([]);
    // Less than 2 hours before its window it cannot be booked any more.
    expect(uncoveredPickups([uncovered], [], new Date('2026-11-27T08:00:00Z'))).toEqual([]);
    const booked = { type: 'household', status: 'pending', scheduledFor: run.window } as Task;
    expect(uncoveredPickups([uncovered], [booked], NOW)).toEqual([]);
    expect(uncoveredPickups([uncovered], [{ ...booked, status: 'cancelled' }], NOW)).toHaveLength(1);
  });

  it('words the window and the notice', () => {
    expect(windowHoursText(8)).toBe('08:00-10:00');
    expect(windowHoursText(16)).toBe('16:00-18:00');
    expect(notCoveredText('2026-11-28', 150_000)).toBe(
      'Your Saturday pickup is not covered this month: pay ₦1,500.00 to keep it',
    );
    expect(notCoveredText('2026-11-27', 225_050)).toBe(
      'Your Friday pickup is not covered this month: pay ₦2,250.50 to keep it',
    );
  });
});
