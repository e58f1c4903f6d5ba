/** The one naira formatter, the one date formatter (times shown in Lagos time) and the one coordinates formatter of the app. */
import { formatLagosDate, formatLagosTime } from '../shared/display-format';
import { formatKoboAmount, formatNaira as formatKobo, nairaToKobo } from '../shared/money';

/** A naira amount of the API with ₦, thousands separators and 2 decimals: 1500 → '₦1,500.00' (src/shared/money.ts). */
export function formatNaira(amount: number): string {
  return formatKobo(nairaToKobo(amount));
}

/** A number of naira or tokens with 2 decimals and thousands separators (balances, points). */
export function formatDecimal(value: number): string {
  return formatKoboAmount(nairaToKobo(value));
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '22 Nov 2026'; '' for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? formatLagosDate(date.getTime()) : '';
}

/** Hour and minute, 24-hour: '14:05'. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? formatLagosTime(date.getTime()) : '';
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
