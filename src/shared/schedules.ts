/**
 * Recurring pickups (docs/product.md, Recurring pickups): a plan holder's service, place and
 * quantity on some weekdays in one 2-hour window. Pure functions of `now`, so the server's
 * scheduler and the app (offline too, from the device's clock) agree on the dates.
 */
import type { PickupWindow } from './pickup-windows';
import { DAYS_AHEAD, isOfferedWindow, MIN_LEAD_MS, WINDOW_HOURS, WINDOW_START_HOURS } from './pickup-windows';
import { formatNaira } from './money';

/** ISO weekdays: 1 Monday ... 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** The scheduler makes a pickup's task this long before its window (or at once when sooner). */
export const CREATE_LEAD_MS = 24 * 60 * 60 * 1000;
/** How far ahead the app and the server list a schedule's dates (and a date can be skipped). */
export const UPCOMING_DAYS = 28;
/** A client keeps at most this many schedules. */
export const MAX_SCHEDULES = 10;

/** How often a schedule's weekdays come round: every week, or every 2 weeks. */
export type EveryWeeks = 1 | 2;
export const EVERY_WEEKS: readonly EveryWeeks[] = [1, 2];
export const isEveryWeeks = (value: unknown): value is EveryWeeks => value === 1 || value === 2;

export interface ScheduleTimes {
  weekdays: readonly Weekday[];
  /** The Lagos hour the window starts (one of WINDOW_START_HOURS). */
  windowStartHour: number;
  /** Absent: every week (a list cached before intervals existed). */
  everyWeeks?: EveryWeeks;
  /** The schedule's first Lagos day: every 2 weeks counts its weeks (Monday to Sunday) from this one's. */
  startsOn?: string;
}

/** One date of a schedule (its own Lagos day) that the client moved to another window. */
export interface MovedDate {
  date: string;
  window: PickupWindow;
}

/** One date of a schedule: its Lagos day ('2026-11-28') and its window. */
export interface Occurrence {
  date: string;
  window: PickupWindow;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = HOUR_MS;

export const isWindowStartHour = (hour: number): boolean => (WINDOW_START_HOURS as readonly number[]).includes(hour);

/** The Lagos day of an instant, '2026-11-28'. */
export function lagosDate(time: number): string {
  return new Date(time + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The window of a schedule on a Lagos day ('2026-11-28'). */
export function windowOn(date: string, windowStartHour: number): PickupWindow {
  const start = Date.parse(`${date}T00:00:00Z`) + windowStartHour * HOUR_MS - LAGOS_OFFSET_MS;
  return { start: new Date(start).toISOString(), end: new Date(start + WINDOW_HOURS * HOUR_MS).toISOString() };
}

/** The ISO weekday of a Lagos day. */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/** The Monday of a Lagos day's week, as a UTC midnight. */
const mondayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) - (weekdayOf(date) - 1) * DAY_MS;

/** Whether a Lagos day is one of the schedule's: its weekday, and for every 2 weeks an even week from the start. */
export function isScheduleDate(times: ScheduleTimes, date: string): boolean {
  if (!times.weekdays.includes(weekdayOf(date))) return false;
  if ((times.everyWeeks ?? 1) === 1 || !times.startsOn) return true;
  if (date < times.startsOn) return false;
  const weeks = Math.round((mondayOf(date) - mondayOf(times.startsOn)) / (7 * DAY_MS));
  return weeks % times.everyWeeks! === 0;
}

/** The first date of a schedule set at `now`: its first weekday whose window has not started. */
export function firstDate(times: { weekdays: readonly number[]; windowStartHour: number }, now: Date): string {
  const weekdays = times.weekdays as readonly Weekday[];
  return occurrences({ weekdays, windowStartHour: times.windowStartHour }, now, 8)[0]!.date;
}

/** The schedule's dates whose window starts after `now`, for `days` Lagos days from today, earliest first. */
export function occurrences(times: ScheduleTimes, now: Date, days = UPCOMING_DAYS): Occurrence[] {
  const today = Date.parse(`${lagosDate(now.getTime())}T00:00:00Z`);
  const found: Occurrence[] = [];
  for (let day = 0; day < days; day += 1) {
    const date = new Date(today + day * DAY_MS).toISOString().slice(0, 10);
    if (!isScheduleDate(times, date)) continue;
    const window = windowOn(date, times.windowStartHour);
    if (Date.parse(window.start) > now.getTime()) found.push({ date, window });
  }
  return found;
}

/** A date as it will happen: in its own window, or in the one the client moved it to (`movedFrom` then says its own). */
export interface PlannedDate extends Occurrence {
  movedFrom?: PickupWindow;
}

/**
 * The schedule's dates whose window (moved or not) starts after `now`, earliest first: its own
 * dates for `days` Lagos days from today less the moved ones, and the moved ones in their new
 * window (one the booking offers, so within the days listed).
 */
export function plannedDates(
  times: ScheduleTimes,
  moved: readonly MovedDate[],
  now: Date,
  days = UPCOMING_DAYS,
): PlannedDate[] {
  const movedDays = new Set(moved.map((each) => each.date));
  const own: PlannedDate[] = occurrences(times, now, days).filter((each) => !movedDays.has(each.date));
  const shifted = moved
    .filter((each) => Date.parse(each.window.start) > now.getTime() && isScheduleDate(times, each.date))
    .map((each) => ({ date: each.date, window: each.window, movedFrom: windowOn(each.date, times.windowStartHour) }));
  return [...own, ...shifted].sort((a, b) => Date.parse(a.window.start) - Date.parse(b.window.start));
}

/** The dates whose task the scheduler makes now: the window starts within CREATE_LEAD_MS and has not started. */
export function dueOccurrences(times: ScheduleTimes, now: Date, moved: readonly MovedDate[] = []): PlannedDate[] {
  return plannedDates(times, moved, now, 3).filter(
    (each) => Date.parse(each.window.start) - now.getTime() <= CREATE_LEAD_MS,
  );
}

/** 'Fridays', 'Mondays and Thursdays', 'Mondays, Wednesdays and Fridays'. */
export function weekdaysText(weekdays: readonly Weekday[]): string {
  const names = [...weekdays].sort((a, b) => a - b).map((day) => `${WEEKDAY_NAMES[day]}s`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Why a date cannot be moved to `window` at `now` (the booking's windows), or null. */
export function moveWindowProblem(window: PickupWindow, now: Date): string | null {
  if (isOfferedWindow(window, now)) return null;
  const start = Date.parse(window.start);
  if (start < now.getTime() + MIN_LEAD_MS) return 'Choose a window starting at least 2 hours from now';
  const daysAhead = (Date.parse(lagosDate(start)) - Date.parse(lagosDate(now.getTime()))) / DAY_MS;
  if (daysAhead > DAYS_AHEAD) return `Choose a window within the next ${DAYS_AHEAD} days`;
  return 'window must be a 2-hour pickup window starting at 08:00, 10:00, 12:00, 14:00 or 16:00 (Lagos)';
}

/** 'Every week' or 'Every 2 weeks'. */
export const everyWeeksText = (everyWeeks: EveryWeeks = 1): string =>
  everyWeeks === 1 ? 'Every week' : `Every ${everyWeeks} weeks`;

/** 'Your Friday pickup is not covered this month: pay ₦1,500.00 to keep it' (the date's Lagos weekday). */
export function notCoveredText(date: string, priceKobo: number): string {
  return `Your ${WEEKDAY_NAMES[weekdayOf(date)]} pickup is not covered this month: pay ${formatNaira(priceKobo)} to keep it`;
}
