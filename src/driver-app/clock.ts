/**
 * The server's time on this phone (docs/driver.md, 'The offer'): each answer carrying the
 * server's time (`serverNow`) measures the phone clock's offset again, so an offer's countdown
 * runs on the server's clock, never showing more time than is left.
 */
import { clockOffsetMs } from '../shared/driver-rules';

let offsetMs = 0;

/** Takes the offset from an answer with `serverNow` to a request sent at `sentAt` (phone time). */
export function measureClock(serverNow: string, sentAt: number): void {
  const measured = clockOffsetMs(serverNow, sentAt);
  if (measured !== null) offsetMs = measured;
}

/** The server's time now, as well as the phone knows it (ms since the epoch). */
export function serverTime(phoneNow = Date.now()): number {
  return phoneNow + offsetMs;
}
