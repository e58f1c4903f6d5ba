/**
 * When a pickup can be booked (docs/product.md, Create task): 'As soon as possible', or a
 * 2-hour window from 08:00 to 18:00 Lagos time, from the first window starting at least 2 hours
 * from now, up to 14 days ahead. Pure functions of `now`, so the booking screen works offline
 * from the device's clock and the server checks the same list.
 */
import { formatLagosDay } from './display-format';

export interface PickupWindow {
  /** ISO instants. */
  start: string;
  end: string;
}

/** Lagos hours at which a window starts (each lasts 2 hours). */
export const WINDOW_START_HOURS = [8, 10, 12, 14, 16] as const;
export const WINDOW_HOURS = 2;
export const MIN_LEAD_MS = 2 * 60 * 60 * 1000;
export const DAYS_AHEAD = 14;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = HOUR_MS;

/** Every window offered at `now`, earliest first. */
export function offeredWindows(now: Date): PickupWindow[] {
  const earliest = now.getTime() + MIN_LEAD_MS;
  const lagosToday = Math.floor((now.getTime() + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS;
  const windows: PickupWindow[] = [];
  for (let day = 0; day <= DAYS_AHEAD; day += 1) {
    for (const hour of WINDOW_START_HOURS) {
      const start = lagosToday + day * DAY_MS + hour * HOUR_MS - LAGOS_OFFSET_MS;
      if (start < earliest) continue;
      windows.push({
        start: new Date(start).toISOString(),
        end: new Date(start + WINDOW_HOURS * HOUR_MS).toISOString(),
      });
    }
  }
  return windows;
}

/** Whether `window` is one of those offered at `now` (same instants, whatever the ISO spelling). */
export function isOfferedWindow(window: PickupWindow, now: Date): boolean {
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return false;
  return offeredWindows(now).some((offered) => Date.parse(offered.start) === start && Date.parse(offered.end) === end);
}

const hourText = (time: number) => `${String(new Date(time + LAGOS_OFFSET_MS).getUTCHours()).padStart(2, '0')}:00`;

/** 'Fri 28 Nov, 10:00-12:00' (Lagos). */
export function windowText(window: PickupWindow): string {
  const start = Date.parse(window.start);
  return `${formatLagosDay(start)}, ${hourText(start)}-${hourText(Date.parse(window.end))}`;
}

/** The Lagos days offered, each with its windows (for a day picker, then a window picker). */
export function offeredDays(now: Date): { day: string; windows: PickupWindow[] }[] {
  const days: { day: string; windows: PickupWindow[] }[] = [];
  for (const window of offeredWindows(now)) {
    const day = formatLagosDay(Date.parse(window.start));
    const last = days.at(-1);
    if (last?.day === day) last.windows.push(window);
    else days.push({ day, windows: [window] });
  }
  return days;
}
