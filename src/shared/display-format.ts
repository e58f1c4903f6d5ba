/**
 * Amounts and Lagos dates as Nigerian English writes them ('1,500.00', '22 Nov 2026',
 * '14:05'), without Intl on the usual path: a page's first Intl formatter is a long task in
 * the first paint. What lies outside the plain range still goes to Intl
 * (docs/architecture.md, 'The first paint').
 */
import { DISPLAY_TIME_ZONE } from './time-zone';

/** West Africa Time: UTC+1 all year (no daylight saving), in Lagos since 1919. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const FIRST_PLAIN_TIME = Date.UTC(1920, 0, 1);
const LAST_PLAIN_TIME = Date.UTC(9999, 11, 31);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
/** Below this the amount in kobo is an exact integer (2^53 is about 9e15). */
const MAX_PLAIN_AMOUNT = 1e13;

let intlAmount: Intl.NumberFormat | undefined;
let intlDate: Intl.DateTimeFormat | undefined;
let intlTime: Intl.DateTimeFormat | undefined;

/** '1,234.50': thousands separators and two decimals, rounded as Intl rounds (1.005 → '1.01'). */
export function formatTwoDecimals(value: number): string {
  // Intl rounds the shortest decimal form of the number (1.005), not its binary value
  // (1.00499…, which toFixed rounds down): shifting the decimal form by two places does the same.
  const kobo = Math.abs(value) < MAX_PLAIN_AMOUNT ? Math.round(Number(`${Math.abs(value)}e2`)) : Number.NaN;
  if (!Number.isFinite(kobo)) {
    intlAmount ??= new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return intlAmount.format(value);
  }
  const whole = String(Math.floor(kobo / 100));
  let grouped = whole.slice(0, ((whole.length - 1) % 3) + 1);
  for (let at = grouped.length; at < whole.length; at += 3) grouped += `,${whole.slice(at, at + 3)}`;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}.${String(kobo % 100).padStart(2, '0')}`;
}

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
