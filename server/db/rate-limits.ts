/**
 * Rate-limit counters (table `rate_limits`, migration 003): one row per key holding the hits
 * of its current fixed window. A hit is one upsert on the primary key, so its cost does not
 * grow with the number of keys, and it is atomic across every server sharing the database.
 */
import type { Queryable } from './connection';

/**
 * Counts one hit for `key` when the key is under `limit` in its window (a window that has
 * ended starts over at 1); true when counted. A refused hit changes nothing: the update's
 * condition fails, so no row is written and none is returned.
 */
export async function takeHit(
  db: Queryable,
  key: string,
  limit: number,
  now: Date,
  windowEndsAt: Date,
): Promise<boolean> {
  return (await takeCountedHit(db, key, limit, now, windowEndsAt)) !== undefined;
}

/** As takeHit, answering the key's hits in its window with this one, or undefined when refused. */
export async function takeCountedHit(
  db: Queryable,
  key: string,
  limit: number,
  now: Date,
  windowEndsAt: Date,
): Promise<number | undefined> {
  const [row] = await db.query<{ hits: number }>(TAKE_HIT_SQL, [key, now, windowEndsAt, limit]);
  return row ? row.hits : undefined;
}

/** $1 key, $2 now, $3 the end of a window starting now, $4 the limit. Exported for the cost test. */
export const TAKE_HIT_SQL = `insert into rate_limits as counter (key, hits, window_ends_at) values ($1, 1, $3)
  on conflict (key) do update set
    hits = case when counter.window_ends_at <= $2 then 1 else counter.hits + 1 end,
    window_ends_at = case when counter.window_ends_at <= $2 then excluded.window_ends_at else counter.window_ends_at end
  where counter.window_ends_at <= $2 or counter.hits < $4
  returning hits`;

/** Whether `key` is at `limit` in its current window (nothing counted). */
export async function isAtLimit(db: Queryable, key: string, limit: number, now: Date): Promise<boolean> {
  const rows = await db.query('select 1 from rate_limits where key = $1 and window_ends_at > $2 and hits >= $3', [
    key,
    now,
    limit,
  ]);
  return rows.length === 1;
}

/** Takes back one hit of the key if still in its window (what was counted turned out not to count). */
export async function returnHit(db: Queryable, key: string, now: Date): Promise<void> {
  await db.query('update rate_limits set hits = hits - 1 where key = $1 and hits > 0 and window_ends_at > $2', [
    key,
    now,
  ]);
}

export async function clearHits(db: Queryable, key: string): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [key]);
}

/** Removes up to `batch` rows whose window has ended (through the window index); answers how many. */
export async function deleteEndedWindows(db: Queryable, now: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `delete from rate_limits where key in (
       select key from rate_limits where window_ends_at <= $1 order by window_ends_at limit $2
     ) returning 1`,
    [now, batch],
  );
  return rows.length;
}

/**
 * A token bucket on the same row (the generic cell rate algorithm): `window_ends_at` holds the
 * bucket's theoretical arrival time, when it would be full again. A take moves it one interval
 * on, and is refused (nothing written) while it lies more than `toleranceMs` (burst - 1
 * intervals) ahead of now. A row whose time has passed is a full bucket, so the sweep of ended
 * windows removes it as it removes an ended window.
 * $1 key, $2 now, $3 the interval (ms), $4 the tolerance (ms).
 */
const TAKE_TOKEN_SQL = `insert into rate_limits as counter (key, hits, window_ends_at)
    values ($1, 1, $2::timestamptz + $3::integer * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when counter.window_ends_at <= $2::timestamptz then 1 else counter.hits + 1 end,
    window_ends_at = greatest(counter.window_ends_at, $2::timestamptz) + $3::integer * interval '1 millisecond'
  where counter.window_ends_at <= $2::timestamptz + $4::integer * interval '1 millisecond'
  returning hits`;

/** Takes one token of `key`'s bucket: true when taken; else the time when one will be free. */
export async function takeBucketToken(
  db: Queryable,
  key: string,
  now: Date,
  intervalMs: number,
  toleranceMs: number,
): Promise<true | Date> {
  const taken = await db.query(TAKE_TOKEN_SQL, [key, now, intervalMs, toleranceMs]);
  if (taken.length > 0) return true;
  const [row] = await db.query<{ window_ends_at: Date }>('select window_ends_at from rate_limits where key = $1', [
    key,
  ]);
  // Refused, then swept or taken meanwhile: a token is free about now.
  return new Date(row ? new Date(row.window_ends_at).getTime() - toleranceMs : now.getTime());
}
