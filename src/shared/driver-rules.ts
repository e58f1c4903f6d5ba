/**
 * The driver's app's pure rules (docs/driver.md): the offer's countdown, how often positions
 * go out, the order queued work is sent in, a screen's age, and the earnings sums. No DOM:
 * the server uses the earnings sums too.
 */

/**
 * A quantity with its unit, as the driver reads it: '3 kg', '1 item', '2 items', '1 pickup',
 * '2 bags' (the unit is the service's, 'per kg', 'per item', 'per pickup', 'per bag').
 */
export function quantityText(quantity: number, unit: string): string {
  const word = unit.replace(/^per\s+/, '').trim() || 'pickup';
  if (word === 'kg') return `${quantity} kg`;
  const singular = word.replace(/s$/, '');
  return `${quantity} ${quantity === 1 ? singular : `${singular}s`}`;
}

/** A batch of positions: a phone offline for an hour at one point a minute sends about 60. */
export const MAX_POSITIONS_PER_BATCH = 500;

/**
 * Whole seconds left of an offer at `now`, the server's time (never below 0): rounded down, so
 * the card never shows more time than is left.
 */
export function secondsLeft(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.floor((end - now) / 1000));
}

/**
 * How far the server's clock is ahead of the phone's, from an answer carrying the server's time
 * (`serverNow`) to a request sent at `sentAt` (phone time). The server answered after the request
 * left, so this is at least the true offset: a countdown with it never shows more time than is left.
 */
export function clockOffsetMs(serverNow: string, sentAt: number): number | null {
  const server = Date.parse(serverNow);
  return Number.isNaN(server) ? null : server - sentAt;
}

/** Moving, a position is taken every 5 s; standing still, every 60 s. */
export function positionIntervalMs(moving: boolean): number {
  return moving ? 5_000 : 60_000;
}

/**
 * How often the kept positions go to the server: every 30 s while moving (the client's map reads
 * every 30 s), every 120 s on a poor network, and each sample at once standing still (one a minute).
 */
export function positionSendMs(moving: boolean, poorNetwork: boolean): number {
  if (!moving) return 0;
  return poorNetwork ? 120_000 : 30_000;
}

/** Faster than a walk (m/s): the phone is in a moving vehicle. */
export const MOVING_SPEED = 1.5;

/** Whether the phone moves: its own speed when it gives one, else the distance between two fixes over the time. */
export function isMoving(speed: number | null | undefined, metres: number | null, seconds: number): boolean {
  if (typeof speed === 'number' && Number.isFinite(speed)) return speed >= MOVING_SPEED;
  if (metres === null || seconds <= 0) return false;
  return metres / seconds >= MOVING_SPEED;
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

/** The first of the month in Lagos that starts the month of `time`. */
export function lagosMonthStart(time: number): number {
  const lagos = new Date(time + LAGOS_OFFSET_MS);
  return Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), 1) - LAGOS_OFFSET_MS;
}

/** What a task earned (kobo). */
export interface EarnedKobo {
  share: number;
  fee: number;
  extra: number;
}

/**
 * What a completed or cancelled task earned the driver: the ledger's rows when it has any
 * (driver_earnings), else today's computation (the share of what the client finally paid for a
 * completed task; nothing for a cancelled one).
 */
export function taskEarnedKobo(
  task: {
    status: string;
    paidKobo: number;
    ledger: { share: number | null; fee: number | null; extra: number | null } | null;
  },
  share: number,
): EarnedKobo {
  if (task.ledger) return { share: task.ledger.share ?? 0, fee: task.ledger.fee ?? 0, extra: task.ledger.extra ?? 0 };
  return { share: task.status === 'completed' ? driverShareKobo(task.paidKobo, share) : 0, fee: 0, extra: 0 };
}

export interface PeriodKobo extends EarnedKobo {
  tasks: number;
}

const WEEKS_IN_STATEMENT = 5;

/** Where the sums of `now` start: the earliest of the month's start and the statement's oldest week. */
export function historySumsSince(now: number): number {
  return Math.min(lagosMonthStart(now), lagosWeekStart(now) - (WEEKS_IN_STATEMENT - 1) * 7 * DAY_MS);
}

/**
 * Today, this week, this month (Lagos) and the weekly statement (this week and the 4 before,
 * newest first) of what ended tasks earned, as of `now`.
 */
export function sumHistory(
  tasks: ReadonlyArray<{ endedAt: number; earned: EarnedKobo }>,
  now: number,
): { today: PeriodKobo; week: PeriodKobo; month: PeriodKobo; weeks: Array<PeriodKobo & { start: number }> } {
  const empty = (): PeriodKobo => ({ tasks: 0, share: 0, fee: 0, extra: 0 });
  const add = (period: PeriodKobo, earned: EarnedKobo) => {
    period.tasks += 1;
    period.share += earned.share;
    period.fee += earned.fee;
    period.extra += earned.extra;
  };
  const today = empty();
  const month = empty();
  const thisWeek = lagosWeekStart(now);
  const weeks = Array.from({ length: WEEKS_IN_STATEMENT }, (_, index) => ({
    start: thisWeek - index * 7 * DAY_MS,
    ...empty(),
  }));
  for (const { endedAt, earned } of tasks) {
    if (endedAt > now) continue;
    if (endedAt >= lagosDayStart(now)) add(today, earned);
    if (endedAt >= lagosMonthStart(now)) add(month, earned);
    const week = weeks.find((candidate) => endedAt >= candidate.start);
    if (week) add(week, earned);
  }
  const { start: _start, ...week } = weeks[0]!;
  return { today, week, month, weeks };
}

/** Photo proof (docs/driver.md 'Photo proof'): the app shrinks to this longest side... */
export const PHOTO_MAX_SIDE = 1280;
/** ...and to at most this many bytes (JPEG or WebP)... */
export const PHOTO_TARGET_BYTES = 150 * 1024;
/** ...and the server takes at most this many (room for an encoder that overshoots a little). */
export const PHOTO_MAX_BYTES = 200 * 1024;
/** The photo's data URL at most: 'data:image/webp;base64,' and the base64 of PHOTO_MAX_BYTES. */
export const PHOTO_MAX_DATA_URL = 32 + Math.ceil(PHOTO_MAX_BYTES / 3) * 4;

/** The quality steps the app tries, best first, until the photo fits PHOTO_TARGET_BYTES. */
export const PHOTO_QUALITIES = [0.82, 0.7, 0.58, 0.46, 0.34] as const;

/** The size to draw a w×h photo at: the longest side at most PHOTO_MAX_SIDE, never enlarged. */
export function photoSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
