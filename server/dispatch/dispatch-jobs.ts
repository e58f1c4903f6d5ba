/**
 * Dispatch (docs/driver.md): every few seconds, under an advisory lock (one server at a time,
 * like the other jobs), closes offers that ran out or whose task was taken, then offers each
 * due pending task, the one due first first, to the nearest free driver within its radius (30 s
 * from when the phone shows it, 45 s at most), pushed to the driver's phone. The radius widens
 * as the task waits; dispatch never gives a task up (a task waiting too long shows in the
 * board's Needs attention lane and its client is told once).
 * Answers (accept, decline) are the drivers' own calls (server/dispatch/driver-app.routes.ts).
 */
import { haversineMeters } from '../../src/shared/geo';
import { isInServiceArea } from '../../src/shared/service-area';
import { ADVISORY_LOCKS, tryTransactionLock } from '../db/advisory-locks';
import { notifyDriver } from '../db/driver-push';
import { driverShareKobo } from '../../src/shared/driver-rules';
import {
  closeStaleOffers,
  markDriversBusyTold,
  insertOffers,
  type NewOffer,
  selectAvailableDrivers,
  selectOfferedPairs,
  selectTasksToOffer,
  startDispatch,
} from '../db/dispatch';
import type { AppDeps } from '../context';
import { enqueueTaskNotification } from '../db/push';
import { startRepeating, type Repeating } from '../repeating';

/** An offer lasts this long from the moment the driver's phone first shows it (POST /driver/offers/seen)... */
export const OFFER_SECONDS = 30;
/** ...and never longer than this after it was made (a phone that never shows it: in a pocket, no push). */
export const OFFER_MAX_SECONDS = 45;

/** `tick()`: how many offers it made, or null when another server holds the lock. */
export type DispatchJobs = Repeating<number | null>;

/**
 * How far from the pickup a task waiting `waitedMs` looks: `DISPATCH_RADIUS_KM`, twice that
 * after half of `DISPATCH_ATTENTION_MIN`, three times from then on (10, 20, 30 km by default).
 */
export function dispatchRadiusMeters(
  waitedMs: number,
  config: { dispatchRadiusKm: number; dispatchAttentionMin: number },
) {
  const step = (config.dispatchAttentionMin * 60_000) / 2;
  const widening = Math.min(2, Math.floor(Math.max(0, waitedMs) / step));
  return config.dispatchRadiusKm * 1000 * (1 + widening);
}

export async function runDispatchOnce(deps: AppDeps): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, ADVISORY_LOCKS.dispatch))) return null;
    const now = deps.now();
    await closeStaleOffers(tx, now);
    const tasks = await selectTasksToOffer(tx, now);
    const taskIds = tasks.map((task) => task.id);
    await startDispatch(tx, taskIds, now);
    const free = (await selectAvailableDrivers(tx))
      .map((driver) => ({ id: driver.id, at: { lat: driver.lat, lng: driver.lng } }))
      .filter((driver) => isInServiceArea(driver.at, deps.serviceArea.area));
    const askedBefore = new Set(
      (await selectOfferedPairs(tx, taskIds)).map((pair) => `${pair.task_id} ${pair.driver_id}`),
    );
    const taken = new Set<string>();
    const offers: NewOffer[] = [];
    for (const task of tasks) {
      if (taken.size === free.length) break;
      const started = task.dispatch_started_at ? new Date(task.dispatch_started_at).getTime() : now.getTime();
      const radius = dispatchRadiusMeters(now.getTime() - started, deps.config);
      const pickup = { lat: task.lat, lng: task.lng };
      let nearest: { id: string; distance: number } | null = null;
      for (const driver of free) {
        if (taken.has(driver.id) || askedBefore.has(`${task.id} ${driver.id}`)) continue;
        const distance = haversineMeters(driver.at, pickup);
        if (distance > radius) continue;
        if (!nearest || distance < nearest.distance || (distance === nearest.distance && driver.id < nearest.id))
          nearest = { id: driver.id, distance };
      }
      if (!nearest) continue;
      taken.add(nearest.id);
      offers.push({ taskId: task.id, driverId: nearest.id, distanceM: Math.round(nearest.distance) });
    }
    const expiresAt = new Date(now.getTime() + OFFER_MAX_SECONDS * 1000);
    const made = await insertOffers(tx, offers, now, expiresAt);
    const amountOf = new Map(tasks.map((task) => [task.id, task.amount_kobo]));
    for (const offer of made)
      await notifyDriver(tx, offer.driver_id, {
        kind: 'offer',
        taskId: offer.task_id,
        expiresAt,
        earningsKobo: driverShareKobo(amountOf.get(offer.task_id) ?? 0, deps.config.driverShare),
      });
    // Waiting DISPATCH_ATTENTION_MIN with no driver: the client is told once, with their choices.
    for (const taskId of await markDriversBusyTold(tx, now, deps.config.dispatchAttentionMin))
      await enqueueTaskNotification(tx, taskId, 'drivers-busy');
    return made.length;
  });
}

export function startDispatchJobs(deps: AppDeps, options: { intervalMs?: number } = {}): DispatchJobs {
  return startRepeating(() => runDispatchOnce(deps), {
    intervalMs: options.intervalMs ?? 5_000,
    onError: (error) => deps.log.child({ module: 'dispatch' }).error({ err: error }, 'run failed'),
  });
}
