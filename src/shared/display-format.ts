/**
 * Lagos dates as Nigerian English writes them ('22 Nov 2026', '14:05'; amounts are
 * src/shared/money.ts's), without Intl on the usual path: a page's first Intl formatter is a long task in
 * the first paint. What lies outside the plain range still goes to Intl
 * (docs/architecture.md, 'The first paint').
 */
import { DISPLAY_TIME_ZONE } from './time-zone';

/** West Africa Time: UTC+1 all year (no daylight saving), in Lagos since 1919. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const FIRST_PLAIN_TIME = Date.UTC(1920, 0, 1);
const LAST_PLAIN_TIME = Date.UTC(9999, 11, 31);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

let intlDate: Intl.DateTimeFormat | undefined;
let intlTime: Intl.DateTimeFormat | undefined;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The date's calendar fields in Lagos, or null outside the range where Lagos is plainly UTC+1. */
function lagosFields(time: number): Date | null {
  return time >= FIRST_PLAIN_TIME && time <= LAST_PLAIN_TIME ? new Date(time + LAGOS_OFFSET_MS) : null;
}

/** '22 Nov 2026' in Lagos. */
export function formatLagosDate(time: number): string {
  const lagos = lagosFields(time);
  if (!lagos) {
    intlDate ??= new Intl.DateTimeFormat('en-NG', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: DISPLAY_TIME_ZONE,
    });
    return intlDate.format(time);
  }
  return `${lagos.getUTCDate()} ${MONTHS[lagos.getUTCMonth()]} ${lagos.getUTCFullYear()}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Fri 5 Dec' in Lagos (a day within the year people talk about: plans, pickups). */
export function formatLagosDay(time: number): string {
  const lagos = new Date(time + LAGOS_OFFSET_MS);
  return `${WEEKDAYS[lagos.getUTCDay()]} ${lagos.getUTCDate()} ${MONTHS[lagos.getUTCMonth()]}`;
}

/** Hour and minute in Lagos, 24-hour: '14:05', '00:30'. */
export function formatLagosTime(time: number): string {
  const lagos = lagosFields(time);
  if (!lagos) {
    intlTime ??= new Intl.DateTimeFormat('en-NG', {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: DISPLAY_TIME_ZONE,
    });
    return intlTime.format(time);
  }
  return `${twoDigits(lagos.getUTCHours())}:${twoDigits(lagos.getUTCMinutes())}`;
}
