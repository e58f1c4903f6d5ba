/**
 * Which of a driver's points are believed (issue 62, docs/security.md 'Positions'): a point
 * dated outside [now - 10 min, now + 2 min] is dropped, and one outside Nigeria or implying
 * more than 150 km/h from the previous believed point is refused. Only the rest are stored,
 * and only stored points move the driver and make a task 'arrived'.
 */
import { haversineMeters, isInNigeria } from '../../src/shared/geo';

/** Points older than this are dropped: the route is drawn from points that arrived in time. */
export const FRESH_POSITION_MINUTES = 10;
/** A phone's clock a little ahead is fine; a point further in the future is dropped. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** Faster than this from the previous point, a point is a jump no vehicle made. */
export const MAX_PLAUSIBLE_KMH = 150;

export interface Position {
  lat: number;
  lng: number;
  accuracy: number;
  at: Date;
}

export type RefusedReason = 'tooFast' | 'outsideNigeria';

export interface Screened {
  kept: Position[];
  /** Dated outside the window. */
  dropped: number;
  refused: Record<RefusedReason, number>;
}

/** km/h from `from` to `to`; a jump at the same instant is infinitely fast (standing still is 0). */
function speedKmh(from: Position, to: Position): number {
  const metres = haversineMeters(from, to);
  const hours = Math.abs(to.at.getTime() - from.at.getTime()) / 3_600_000;
  if (hours === 0) return metres === 0 ? 0 : Number.POSITIVE_INFINITY;
  return metres / 1000 / hours;
}

/**
 * Screens a batch against the previous stored point, in the order the points were taken: each
 * kept point becomes the previous one of the next.
 */
export function screenPositions(points: readonly Position[], previous: Position | undefined, now: Date): Screened {
  const earliest = now.getTime() - FRESH_POSITION_MINUTES * 60_000;
  const latest = now.getTime() + CLOCK_SKEW_MS;
  const screened: Screened = { kept: [], dropped: 0, refused: { tooFast: 0, outsideNigeria: 0 } };
  let last = previous;
  for (const point of [...points].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const at = point.at.getTime();
    if (at < earliest || at > latest) screened.dropped += 1;
    else if (!isInNigeria(point)) screened.refused.outsideNigeria += 1;
    else if (last && speedKmh(last, point) > MAX_PLAUSIBLE_KMH) screened.refused.tooFast += 1;
    else {
      screened.kept.push(point);
      last = point;
    }
  }
  return screened;
}
