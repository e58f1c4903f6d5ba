/** The one naira formatter, the one date formatter (times shown in Lagos time) and the one coordinates formatter of the app. */
import { DISPLAY_TIME_ZONE } from '../shared/time-zone';

const naira = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₦ with thousands separators and 2 decimals: 1500 → '₦1,500.00'. */
export function formatNaira(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}₦${naira.format(Math.abs(amount))}`;
}

/** A number with 2 decimals and thousands separators (balances, points). */
export function formatDecimal(value: number): string {
  return naira.format(value);
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone: DISPLAY_TIME_ZONE });
const timeFormat = new Intl.DateTimeFormat('en-NG', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: DISPLAY_TIME_ZONE });

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '22 Nov 2026'; '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** Hour and minute, 24-hour: '14:05'. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? timeFormat.format(date) : '';
}

/** '22 Nov 2026, 14:05'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = formatDate(value);
  return date ? `${date}, ${formatTime(value)}` : '';
}

/** 'latitude, longitude' to `decimals` places: the create screen shows 6 ('6.596500, 3.342100'), history cards 4 (docs/product.md, Create task and History). */
export function formatCoordinates({ lat, lng }: { lat: number; lng: number }, decimals: number): string {
  return `${lat.toFixed(decimals)}, ${lng.toFixed(decimals)}`;
}
