/**
 * The driver's app's pure rules (docs/driver.md): the offer's countdown, how often positions
 * go out, the order queued work is sent in, a screen's age, and the earnings sums. No DOM:
 * the server uses the earnings sums too.
 */

/** A batch of positions: a phone offline for an hour at one point a minute sends about 60. */
export const MAX_POSITIONS_PER_BATCH = 500;

/** Whole seconds left of an offer at `now` (never below 0); rounded up, so '1' shows until it ends. */
export function secondsLeft(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** Positions go out every 10 s while a task is on the way, every 60 s otherwise (online). */
export function positionIntervalMs(onTheWay: boolean): number {
  return onTheWay ? 10_000 : 60_000;
}

/**
 * The next batch of queued positions: the oldest first, at most `max` (the server takes 500),
 * in the order they were taken even when the store's order says otherwise.
 */
export function nextBatch<T extends { id?: number }>(points: readonly T[], max: number): T[] {
  return [...points].sort((a, b) => (a.id ?? 0) - (b.id ?? 0)).slice(0, max);
}

/** What to do with a queued action after a try: a network failure waits, an answer (2xx or 4xx) settles it. */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'offline' };

/**
 * Sends queued work in order: the oldest first, each once; stops at the first network failure
 * (what follows waits behind it, so nothing overtakes), goes on past a refusal (the server
 * judged it; the driver sees the refusal). Returns what was done with each.
 */
export async function sendInOrder<T extends { id?: number; refusal?: string }>(
  queue: readonly T[],
  send: (item: T) => Promise<SendOutcome>,
): Promise<Array<{ item: T; outcome: SendOutcome }>> {
  const done: Array<{ item: T; outcome: SendOutcome }> = [];
  for (const item of [...queue].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    // Refused before: it waits for the driver to try again, it is not sent by itself.
    if (item.refusal !== undefined) continue;
    const outcome = await send(item);
    done.push({ item, outcome });
    if (outcome.kind === 'offline') break;
  }
  return done;
}

/**
 * Signing out drops the steps still waiting for the network: what the driver is told first
 * (null when nothing would be lost). The Online / Offline switch does not count: signing out
 * takes the driver offline anyway.
 */
export function signOutLoses(queue: readonly { kind: string; refusal?: string }[]): string | null {
  const waiting = queue.filter((item) => item.kind !== 'availability' && item.refusal === undefined).length;
  if (waiting === 0) return null;
  return waiting === 1
    ? '1 change waits for the network and is lost if you sign out now.'
    : `${waiting} changes wait for the network and are lost if you sign out now.`;
}

/** 'Updated just now', 'Updated 5 min ago', 'Updated 2 h ago', 'Updated 3 days ago'. */
export function ageText(savedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - savedAt) / 60_000);
  if (minutes < 1) return 'Updated just now';
  if (minutes < 60) return `Updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Updated ${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `Updated ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

/** The driver's share of a price, in whole kobo (`DRIVER_SHARE`, 0 to 1). */
export function driverShareKobo(priceKobo: number, share: number): number {
  return Math.round(priceKobo * share);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** Midnight in Lagos that starts the day of `time`. */
export function lagosDayStart(time: number): number {
  return Math.floor((time + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS - LAGOS_OFFSET_MS;
}

/** Monday midnight in Lagos that starts the week of `time`. */
export function lagosWeekStart(time: number): number {
  const dayStart = lagosDayStart(time);
  // 1 Jan 1970 was a Thursday: day number 0 is a Thursday, so Monday is (days + 3) % 7 == 0.
  const weekday = (Math.round((dayStart + LAGOS_OFFSET_MS) / DAY_MS) + 3) % 7;
  return dayStart - weekday * DAY_MS;
}

export interface Completion {
  completedAt: number;
  earningsKobo: number;
}

/** Tasks and kobo completed today and this week (Lagos; the week from Monday), as of `now`. */
export function sumEarnings(
  completions: readonly Completion[],
  now: number,
): { today: { tasks: number; kobo: number }; week: { tasks: number; kobo: number } } {
  const today = { tasks: 0, kobo: 0 };
  const week = { tasks: 0, kobo: 0 };
  const dayStart = lagosDayStart(now);
  const weekStart = lagosWeekStart(now);
  for (const { completedAt, earningsKobo } of completions) {
    if (completedAt > now) continue;
    if (completedAt >= weekStart) {
      week.tasks += 1;
      week.kobo += earningsKobo;
    }
    if (completedAt >= dayStart) {
      today.tasks += 1;
      today.kobo += earningsKobo;
    }
  }
  return { today, week };
}
