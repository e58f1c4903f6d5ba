/**
 * Dispatch (docs/driver.md): every few seconds, under an advisory lock (one server at a time,
 * like the other jobs), closes offers that ran out or whose task was taken, then offers each
 * due pending task to the nearest available driver inside the service area for 30 s. A task no
 * one accepted within 10 minutes of its first offer goes on the operator's attention list.
 * Answers (accept, decline) are the drivers' own calls (server/routes/driver-app.ts).
 */
import { haversineMeters } from '../../src/shared/geo';
import { isInServiceArea } from '../../src/shared/service-area';
import { ADVISORY_LOCKS, tryTransactionLock } from '../db/advisory-locks';
import { upsertAttention } from '../db/attention';
import { notifyDriver } from '../db/driver-push';
import { driverShareKobo } from '../../src/shared/driver-rules';
import {
  closeStaleOffers,
  giveUpDispatch,
  insertOffer,
  selectAvailableDrivers,
  selectTasksToOffer,
  startDispatch,
} from '../db/dispatch';
import type { AppDeps } from '../context';
import { startRepeating, type Repeating } from './repeating';

/** An offer lasts this long from the moment the driver's phone first shows it (POST /driver/offers/seen)... */
export const OFFER_SECONDS = 30;
/** ...and never longer than this after it was made (a phone that never shows it: in a pocket, no push). */
export const OFFER_MAX_SECONDS = 45;
export const DISPATCH_GIVE_UP_MINUTES = 10;
export const NO_DRIVER_ACCEPTED = 'no driver accepted';

/** `tick()`: how many offers it made, or null when another server holds the lock. */
export type DispatchJobs = Repeating<number | null>;

export async function runDispatchOnce(deps: AppDeps): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, ADVISORY_LOCKS.dispatch))) return null;
    const now = deps.now();
    await closeStaleOffers(tx, now);
    const expiresAt = new Date(now.getTime() + OFFER_MAX_SECONDS * 1000);
    const offeredNow = new Set<string>();
    let offers = 0;
    for (const task of await selectTasksToOffer(tx, now)) {
      const started = task.dispatch_started_at ? new Date(task.dispatch_started_at) : now;
      if (now.getTime() - started.getTime() >= DISPATCH_GIVE_UP_MINUTES * 60_000) {
        await giveUpDispatch(tx, task.id, now);
        await upsertAttention(tx, {
          reference: task.reference,
          purpose: 'task',
          userId: task.user_id,
          reason: NO_DRIVER_ACCEPTED,
          request: { taskId: task.id, serviceName: task.service_name, address: task.address },
        });
        continue;
      }
      const pickup = { lat: task.lat, lng: task.lng };
      const nearest = (await selectAvailableDrivers(tx, task.id, now))
        .map((driver) => ({ id: driver.id, at: { lat: driver.lat, lng: driver.lng } }))
        .filter((driver) => !offeredNow.has(driver.id) && isInServiceArea(driver.at, deps.serviceArea.area))
        .map((driver) => ({ id: driver.id, distance: haversineMeters(driver.at, pickup) }))
        .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))[0];
      await startDispatch(tx, task.id, now);
      if (!nearest) continue;
      const offered = await insertOffer(tx, {
        taskId: task.id,
        driverId: nearest.id,
        now,
        expiresAt,
        distanceM: Math.round(nearest.distance),
      });
      if (offered) {
        await notifyDriver(tx, nearest.id, {
          kind: 'offer',
          taskId: task.id,
          expiresAt,
          earningsKobo: driverShareKobo(task.amount_kobo, deps.config.driverShare),
        });
        offeredNow.add(nearest.id);
        offers += 1;
      }
    }
    return offers;
  });
}

export function startDispatchJobs(deps: AppDeps, options: { intervalMs?: number } = {}): DispatchJobs {
  return startRepeating(() => runDispatchOnce(deps), {
    intervalMs: options.intervalMs ?? 5_000,
    onError: (error) => deps.log.child({ module: 'dispatch' }).error({ err: error }, 'run failed'),
  });
}
