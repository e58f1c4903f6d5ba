/**
 * What the app shows of recurring pickups, from the cached list and the device's clock (so it
 * holds offline): each schedule's coming dates, the next pickup of all, and the dates the plan
 * did not cover that can still be paid for.
 */
import type { Schedule, ScheduleRun, Task } from '../../../shared/contract';
import { MIN_LEAD_MS } from '../../../shared/pickup-windows';
import { type PlannedDate, plannedDates } from '../../../shared/schedules';

/** The schedule's dates in their windows, moved ones in their new one (a list cached before moves has none). */
export const datesOf = (schedule: Schedule, now: Date): PlannedDate[] =>
  plannedDates(schedule, schedule.moved ?? [], now);

/** The schedule's dates neither skipped nor reached by the scheduler yet; none while paused. */
export function comingDates(schedule: Schedule, now: Date): PlannedDate[] {
  if (schedule.paused) return [];
  const reached = new Set(schedule.runs.map((run) => run.date));
  return datesOf(schedule, now).filter((each) => !reached.has(each.date) && !schedule.skipped.includes(each.date));
}

export interface NextPickup extends PlannedDate {
  schedule: Schedule;
}

/** The earliest coming date of all running schedules. */
export function nextPickup(schedules: readonly Schedule[], now: Date): NextPickup | null {
  let next: NextPickup | null = null;
  for (const schedule of schedules) {
    const first = comingDates(schedule, now)[0];
    if (first && (!next || first.window.start < next.window.start)) next = { schedule, ...first };
  }
  return next;
}

export interface UncoveredPickup {
  schedule: Schedule;
  run: ScheduleRun;
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * Dates the plan did not cover whose window can still be booked (2 hours ahead), not skipped,
 * and not booked by the client since (a task of the service in that window).
 */
export function uncoveredPickups(schedules: readonly Schedule[], tasks: readonly Task[], now: Date): UncoveredPickup[] {
  const found: UncoveredPickup[] = [];
  for (const schedule of schedules) {
    for (const run of schedule.runs) {
      if (run.outcome !== 'not-covered' || schedule.skipped.includes(run.date)) continue;
      if (Date.parse(run.window.start) - now.getTime() < MIN_LEAD_MS) continue;
      const isBooked = tasks.some(
        (task) =>
          task.type === schedule.type &&
          task.status !== 'cancelled' &&
          task.scheduledFor != null &&
          sameInstant(task.scheduledFor.start, run.window.start),
      );
      if (!isBooked) found.push({ schedule, run });
    }
  }
  return found.sort((a, b) => Date.parse(a.run.window.start) - Date.parse(b.run.window.start));
}

/** '10:00-12:00' of a schedule's window start hour. */
export function windowHoursText(startHour: number): string {
  const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  return `${pad(startHour)}-${pad(startHour + 2)}`;
}
