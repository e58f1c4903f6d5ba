/**
 * Positions are kept POSITIONS_KEEP_DAYS (default 30) and then deleted: every hour, under an
 * advisory lock (one server at a time), in batches so no statement holds the table for long.
 */
import { ADVISORY_LOCKS, tryTransactionLock } from '../db/advisory-locks';
import { deletePositionsBefore } from '../db/drivers';
import type { AppDeps } from '../context';
import { startRepeating, type Repeating } from '../repeating';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one statement deletes at most. */
const BATCH = 10_000;
/** Batches one round deletes at most (the next round goes on). */
const MAX_BATCHES = 50;

/** `tick()`: positions deleted, or null when another server holds the lock. */
export type PositionJobs = Repeating<number | null>;

export async function deleteOldPositions(deps: AppDeps): Promise<number | null> {
  const before = new Date(deps.now().getTime() - deps.config.positionsKeepDays * DAY_MS);
  let deleted = 0;
  for (let round = 0; round < MAX_BATCHES; round += 1) {
    const count = await deps.db.transaction(async (tx) =>
      (await tryTransactionLock(tx, ADVISORY_LOCKS.positionJobs)) ? deletePositionsBefore(tx, before, BATCH) : null,
    );
    if (count === null) return round === 0 ? null : deleted;
    deleted += count;
    if (count < BATCH) break;
  }
  return deleted;
}

export function startPositionJobs(deps: AppDeps, options: { intervalMs?: number } = {}): PositionJobs {
  return startRepeating(() => deleteOldPositions(deps), {
    intervalMs: options.intervalMs ?? 60 * 60_000,
    onError: (error) => deps.log.child({ module: 'positions' }).error({ err: error }, 'deleting old positions failed'),
  });
}
