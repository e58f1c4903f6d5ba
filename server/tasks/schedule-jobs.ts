/**
 * The recurring pickups' scheduler (docs/product.md, Recurring pickups): every minute, under an
 * advisory lock (one server at a time, like the simulator), it pauses the schedules of plans that
 * ended and reaches each due date (dueOccurrences: 24 h before the window, or at once when
 * sooner) of the running ones. A date's run row and its task (covered by the plan, through the
 * covered-booking path) or its 'not covered' bell event and push are written together; the run's
 * key (schedule, date) makes each date once, whatever other servers or a restart do. A date the
 * client moved is reached in its new window (the run keeps the date's own day as its key); a
 * schedule with a date due is locked first, so a move or skip of it lands before or after, never
 * in between.
 */
import { scheduleTag } from '../../src/shared/push-payload';
import { dueOccurrences, notCoveredText, type Occurrence } from '../../src/shared/schedules';
import { timesQuantity } from '../../src/shared/money';
import { ADVISORY_LOCKS, tryTransactionLock } from '../db/advisory-locks';
import { inSavepoint, type Queryable } from '../db/connection';
import { priceForServiceKey } from '../db/pricing';
import { enqueueUserNotification } from '../db/push';
import {
  claimRun,
  lockRunningSchedule,
  markRunNotCovered,
  pauseEndedPlanSchedules,
  runningScheduleTimes,
  setRunTask,
  skippedDates,
} from '../db/schedule-runs';
import { movedDatesOf, type ScheduleRow, timesOf } from '../db/schedules';
import { insertBellEvent } from '../db/task-events';
import type { AppDeps } from '../context';
import { NotCovered, fulfilTaskOrderIn } from '../payments/fulfil';
import { startRepeating, type Repeating } from '../repeating';

/** `tick()`: how many dates it reached, or null when another server holds the lock. */
export type ScheduleJobs = Repeating<number | null>;

/** The task a covered date gets: its reference names the schedule and date (one task per date). */
export const scheduleReference = (scheduleId: string, date: string) => `schedule-${scheduleId}-${date}`;

/** One date: claims its run, then makes the covered task, or tells the client it is not covered. Whether it reached it. */
async function reach(tx: Queryable, schedule: ScheduleRow, date: Occurrence, now: Date): Promise<boolean> {
  if (!(await claimRun(tx, { scheduleId: schedule.id, date: date.date, window: date.window, at: now }))) return false;
  const service = await priceForServiceKey(tx, schedule.type);
  const quantity = schedule.quantity;
  try {
    const taskId = await fulfilTaskOrderIn(
      tx,
      {
        reference: scheduleReference(schedule.id, date.date),
        userId: schedule.user_id,
        address: schedule.address,
        addressDetails: schedule.address_details,
        lng: schedule.lng,
        lat: schedule.lat,
        type: schedule.type,
        serviceName: service.serviceName,
        unit: service.unit,
        amountKobo: 0,
        unitPriceKobo: service.priceKobo,
        quantity,
        coveredQuantity: quantity,
        scheduledFor: date.window,
      },
      now,
    );
    await setRunTask(tx, schedule.id, date.date, taskId);
    return true;
  } catch (error) {
    if (!(error instanceof NotCovered)) throw error;
  }
  const amountKobo = timesQuantity(service.priceKobo, quantity);
  const text = notCoveredText(date.date, amountKobo);
  await markRunNotCovered(tx, schedule.id, date.date);
  await insertBellEvent(
    tx,
    { userId: schedule.user_id },
    {
      kind: 'schedule-not-covered',
      scheduleId: schedule.id,
      service: { type: schedule.type, name: service.serviceName },
      amountKobo,
      message: text,
      scheduledFor: date.window,
    },
  );
  await enqueueUserNotification(tx, schedule.user_id, 'schedule-not-covered', { text, tag: scheduleTag(schedule.id) });
  return true;
}

/**
 * One round in one transaction: a server stopped mid-round leaves nothing half made (the next
 * round, here or elsewhere, does it all). A date that fails is rolled back to its savepoint and
 * logged, so one bad schedule does not hold up the others.
 */
export async function runScheduleJobsOnce(deps: AppDeps): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, ADVISORY_LOCKS.scheduleJobs))) return null;
    const now = deps.now();
    await pauseEndedPlanSchedules(tx, now);
    const schedules = await runningScheduleTimes(tx, now);
    const moves = await movedDatesOf(
      tx,
      schedules.map((schedule) => schedule.id),
      now,
    );
    let reached = 0;
    for (const candidate of schedules) {
      if (dueOccurrences(timesOf(candidate), now, moves.get(candidate.id)).length === 0) continue;
      // Locked, then read again: a move or skip committed meanwhile counts, one waiting comes after.
      const schedule = await lockRunningSchedule(tx, candidate.id);
      if (!schedule) continue;
      const due = dueOccurrences(timesOf(schedule), now, (await movedDatesOf(tx, [schedule.id], now)).get(schedule.id));
      const skips = await skippedDates(tx, schedule.id);
      for (const date of due) {
        if (skips.has(date.date)) continue;
        try {
          if (await inSavepoint(tx, () => reach(tx, schedule, date, now))) reached += 1;
        } catch (error) {
          deps.log
            .child({ module: 'schedules' })
            .error({ err: error, scheduleId: schedule.id, date: date.date }, 'could not book a date');
        }
      }
    }
    return reached;
  });
}

export function startScheduleJobs(deps: AppDeps, options: { intervalMs?: number } = {}): ScheduleJobs {
  const log = deps.log.child({ module: 'schedules' });
  const jobs = startRepeating(() => runScheduleJobsOnce(deps), {
    intervalMs: options.intervalMs ?? 60_000,
    onError: (error) => log.error({ err: error }, 'run failed'),
  });
  // At start too: a date whose window is near is not left waiting a minute.
  void jobs.tick().catch((error: unknown) => log.error({ err: error }, 'run failed'));
  return jobs;
}
