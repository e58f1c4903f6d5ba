/**
 * Recurring pickups (docs/product.md, Recurring pickups): a plan holder's service, place and
 * quantity on some weekdays in one 2-hour window. Pure functions of `now`, so the server's
 * scheduler and the app (offline too, from the device's clock) agree on the dates.
 */
import type { PickupWindow } from './pickup-windows';
import { WINDOW_HOURS, WINDOW_START_HOURS } from './pickup-windows';
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

export interface ScheduleTimes {
  weekdays: readonly Weekday[];
  /** The Lagos hour the window starts (one of WINDOW_START_HOURS). */
  windowStartHour: number;
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

/** The schedule's dates whose window starts after `now`, for `days` Lagos days from today, earliest first. */
export function occurrences(times: ScheduleTimes, now: Date, days = UPCOMING_DAYS): Occurrence[] {
  const today = Date.parse(`${lagosDate(now.getTime())}T00:00:00Z`);
  const found: Occurrence[] = [];
  for (let day = 0; day < days; day += 1) {
    const date = new Date(today + day * DAY_MS).toISOString().slice(0, 10);
    if (!times.weekdays.includes(weekdayOf(date))) continue;
    const window = windowOn(date, times.windowStartHour);
    if (Date.parse(window.start) > now.getTime()) found.push({ date, window });
  }
  return found;
}

/** The dates whose task the scheduler makes now: the window starts within CREATE_LEAD_MS and has not started. */
export function dueOccurrences(times: ScheduleTimes, now: Date): Occurrence[] {
  return occurrences(times, now, 3).filter((each) => Date.parse(each.window.start) - now.getTime() <= CREATE_LEAD_MS);
}

/** 'Fridays', 'Mondays and Thursdays', 'Mondays, Wednesdays and Fridays'. */
export function weekdaysText(weekdays: readonly Weekday[]): string {
  const names = [...weekdays].sort((a, b) => a - b).map((day) => `${WEEKDAY_NAMES[day]}s`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** 'Your Friday pickup is not covered this month: pay ₦1,500.00 to keep it' (the date's Lagos weekday). */
export function notCoveredText(date: string, priceKobo: number): string {
  return `Your ${WEEKDAY_NAMES[weekdayOf(date)]} pickup is not covered this month: pay ${formatNaira(priceKobo)} to keep it`;
}
