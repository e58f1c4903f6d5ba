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
import { randomUUID } from 'node:crypto';
import { scheduleTag } from '../../src/shared/push-payload';
import { dueOccurrences, notCoveredText, type Occurrence } from '../../src/shared/schedules';
import { timesQuantity } from '../../src/shared/money';
import { ADVISORY_LOCKS, tryTransactionLock } from '../db/advisory-locks';
import type { Queryable } from '../db/connection';
import { priceForServiceKey } from '../db/pricing';
import { enqueueUserNotification } from '../db/push';
import { movedDatesOf, SCHEDULE_COLUMNS, type ScheduleRow, timesOf } from '../db/schedules';
import type { AppDeps } from '../context';
import { NotCovered, fulfilTaskOrderIn } from '../payments/fulfil';
import { startRepeating, type Repeating } from './repeating';

type TimesColumns = 'weekdays' | 'window_start_hour' | 'every_weeks' | 'starts_on_day';

/** `tick()`: how many dates it reached, or null when another server holds the lock. */
export type ScheduleJobs = Repeating<number | null>;

/** The task a covered date gets: its reference names the schedule and date (one task per date). */
export const scheduleReference = (scheduleId: string, date: string) => `schedule-${scheduleId}-${date}`;

async function pauseEndedPlans(tx: Queryable, now: Date): Promise<void> {
  await tx.query(
    `update schedules s set paused = 'plan-ended' from users u
      where u.id = s.user_id and s.paused is null
        and (u.subscription_plan is null or u.subscription_expires_at is null or u.subscription_expires_at <= $1)`,
    [now],
  );
}

/** One date: claims its run, then makes the covered task, or tells the client it is not covered. Whether it reached it. */
async function reach(tx: Queryable, schedule: ScheduleRow, date: Occurrence, now: Date): Promise<boolean> {
  const [claimed] = await tx.query<{ date: string }>(
    `insert into schedule_runs (schedule_id, date, outcome, window_start, window_end, at)
     values ($1, $2::date, 'created', $3, $4, $5) on conflict do nothing returning schedule_id`,
    [schedule.id, date.date, date.window.start, date.window.end, now],
  );
  if (!claimed) return false;
  const service = await priceForServiceKey(tx, schedule.type);
  const quantity = Number(schedule.quantity);
  try {
    const taskId = await fulfilTaskOrderIn(
      tx,
      {
        reference: scheduleReference(schedule.id, date.date),
        userId: schedule.user_id,
        address: schedule.address,
        addressDetails: schedule.address_details,
        lng: Number(schedule.lng),
        lat: Number(schedule.lat),
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
    await tx.query('update schedule_runs set task_id = $3 where schedule_id = $1 and date = $2::date', [
      schedule.id,
      date.date,
      taskId,
    ]);
    return true;
  } catch (error) {
    if (!(error instanceof NotCovered)) throw error;
  }
  const amountKobo = timesQuantity(service.priceKobo, quantity);
  const text = notCoveredText(date.date, amountKobo);
  await tx.query(`update schedule_runs set outcome = 'not-covered' where schedule_id = $1 and date = $2::date`, [
    schedule.id,
    date.date,
  ]);
  await tx.query(
    `with event as (
       insert into task_events (user_id, kind, schedule_id, service_type, service_name, amount_kobo, message, scheduled_start, scheduled_end)
       values ($1, 'schedule-not-covered', $2, $3, $4, $5, $6, $7, $8) returning user_id)
     update users set notification = true where id in (select user_id from event)`,
    [
      schedule.user_id,
      schedule.id,
      schedule.type,
      service.serviceName,
      amountKobo,
      text,
      date.window.start,
      date.window.end,
    ],
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
    await pauseEndedPlans(tx, now);
    const schedules = await tx.query<Pick<ScheduleRow, 'id' | TimesColumns>>(
      `select s.id, s.every_weeks, s.weekdays, s.window_start_hour, to_char(s.starts_on, 'YYYY-MM-DD') as starts_on_day
         from schedules s join users u on u.id = s.user_id
        where s.paused is null and u.subscription_expires_at > $1
        order by s.created_at, s.id`,
      [now],
    );
    const moves = await movedDatesOf(
      tx,
      schedules.map((schedule) => schedule.id),
      now,
    );
    let reached = 0;
    for (const candidate of schedules) {
      if (dueOccurrences(timesOf(candidate), now, moves.get(candidate.id)).length === 0) continue;
      // Locked, then read again: a move or skip committed meanwhile counts, one waiting comes after.
      const [schedule] = await tx.query<ScheduleRow>(
        `select ${SCHEDULE_COLUMNS} from schedules where id = $1 and paused is null for update`,
        [candidate.id],
      );
      if (!schedule) continue;
      const due = dueOccurrences(timesOf(schedule), now, (await movedDatesOf(tx, [schedule.id], now)).get(schedule.id));
      const skipped = await tx.query<{ date: string }>(
        `select to_char(date, 'YYYY-MM-DD') as date from schedule_skips where schedule_id = $1`,
        [schedule.id],
      );
      const skips = new Set(skipped.map((row) => row.date));
      for (const date of due) {
        if (skips.has(date.date)) continue;
        const savepoint = `date_${randomUUID().replaceAll('-', '')}`;
        await tx.query(`savepoint ${savepoint}`);
        try {
          if (await reach(tx, schedule, date, now)) reached += 1;
          await tx.query(`release savepoint ${savepoint}`);
        } catch (error) {
          await tx.query(`rollback to savepoint ${savepoint}`);
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
