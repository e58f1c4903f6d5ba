/**
 * The recurring pickups' scheduler's statements (server/tasks/schedule-jobs.ts): which schedules
 * run, each date's run row (its key, schedule and date, makes each date once) and what became
 * of it. The scheduler calls them inside its one transaction.
 */
import type { Queryable } from './connection';
import { SCHEDULE_COLUMNS, type ScheduleRow } from './schedules';

type TimesColumns = 'weekdays' | 'window_start_hour' | 'every_weeks' | 'starts_on_day';

/** Pauses the schedules of clients whose plan ended by `now` (resumed on renewal). */
export async function pauseEndedPlanSchedules(tx: Queryable, now: Date): Promise<void> {
  await tx.query(
    `update schedules s set paused = 'plan-ended' from users u
      where u.id = s.user_id and s.paused is null
        and (u.subscription_plan is null or u.subscription_expires_at is null or u.subscription_expires_at <= $1)`,
    [now],
  );
}

/** The running schedules of clients with a running plan, with what their dates need: oldest first. */
export function runningScheduleTimes(tx: Queryable, now: Date): Promise<Pick<ScheduleRow, 'id' | TimesColumns>[]> {
  return tx.query<Pick<ScheduleRow, 'id' | TimesColumns>>(
    `select s.id, s.every_weeks, s.weekdays, s.window_start_hour, to_char(s.starts_on, 'YYYY-MM-DD') as starts_on_day
       from schedules s join users u on u.id = s.user_id
      where s.paused is null and u.subscription_expires_at > $1
      order by s.created_at, s.id`,
    [now],
  );
}

/** Locks a running schedule for the rest of the transaction, read again (undefined once paused or gone). */
export async function lockRunningSchedule(tx: Queryable, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await tx.query<ScheduleRow>(
    `select ${SCHEDULE_COLUMNS} from schedules where id = $1 and paused is null for update`,
    [id],
  );
  return row;
}

/** The dates ('YYYY-MM-DD') the client skipped. */
export async function skippedDates(tx: Queryable, scheduleId: string): Promise<Set<string>> {
  const rows = await tx.query<{ date: string }>(
    `select to_char(date, 'YYYY-MM-DD') as date from schedule_skips where schedule_id = $1`,
    [scheduleId],
  );
  return new Set(rows.map((row) => row.date));
}

/** Claims a date's run ('created'): false when it was claimed already, here or by another server. */
export async function claimRun(
  tx: Queryable,
  run: { scheduleId: string; date: string; window: { start: string; end: string }; at: Date },
): Promise<boolean> {
  const claimed = await tx.query(
    `insert into schedule_runs (schedule_id, date, outcome, window_start, window_end, at)
     values ($1, $2::date, 'created', $3, $4, $5) on conflict do nothing returning schedule_id`,
    [run.scheduleId, run.date, run.window.start, run.window.end, run.at],
  );
  return claimed.length > 0;
}

/** The task a date's run made. */
export async function setRunTask(
  tx: Queryable,
  scheduleId: string,
  date: string,
  taskId: string | null,
): Promise<void> {
  await tx.query('update schedule_runs set task_id = $3 where schedule_id = $1 and date = $2::date', [
    scheduleId,
    date,
    taskId,
  ]);
}

/** The plan did not cover the date: no task was made. */
export async function markRunNotCovered(tx: Queryable, scheduleId: string, date: string): Promise<void> {
  await tx.query(`update schedule_runs set outcome = 'not-covered' where schedule_id = $1 and date = $2::date`, [
    scheduleId,
    date,
  ]);
}
