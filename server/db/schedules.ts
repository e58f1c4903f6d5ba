/**
 * Recurring pickups' SQL (migrations 016 and 024): schedules, the dates a client skipped or
 * moved to another window, and the dates the scheduler reached (runs, one per schedule and date
 * by their primary key), with the API shape (`Schedule` of the contract) built from them and
 * today's prices.
 */
import { randomUUID } from 'node:crypto';
import type { Schedule, SchedulePause, ScheduleRun } from '../../src/shared/contract';
import { koboToNaira, timesQuantity } from '../../src/shared/money';
import {
  type EveryWeeks,
  type MovedDate,
  type ScheduleTimes,
  type Weekday,
  lagosDate,
  plannedDates,
  UPCOMING_DAYS,
} from '../../src/shared/schedules';
import { DEFAULT_SERVICE } from '../../src/shared/service-key';
import type { Queryable } from './connection';
import { type CatalogRow, catalogRows } from './pricing';

export interface ScheduleRow {
  id: string;
  user_id: string;
  type: string;
  quantity: number;
  address: string;
  address_details: string;
  lat: number;
  lng: number;
  weekdays: number[];
  window_start_hour: number;
  every_weeks: number;
  /** starts_on as 'YYYY-MM-DD' (SCHEDULE_COLUMNS), whichever driver reads it. */
  starts_on_day: string;
  paused: SchedulePause | null;
  created_at: Date;
}

/** What every read of a schedule row selects (`returning` too). */
export const SCHEDULE_COLUMNS = `*, to_char(starts_on, 'YYYY-MM-DD') as starts_on_day`;

interface MoveRow {
  schedule_id: string;
  date: string;
  window_start: Date;
  window_end: Date;
}

interface RunRow {
  schedule_id: string;
  date: string;
  outcome: ScheduleRun['outcome'];
  task_id: string | null;
  window_start: Date;
  window_end: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Dates come back as 'YYYY-MM-DD' whichever driver reads them. */
const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD') as ${column.split('.').pop()}`;

export const timesOf = (
  row: Pick<ScheduleRow, 'weekdays' | 'window_start_hour' | 'every_weeks' | 'starts_on_day'>,
): ScheduleTimes & { weekdays: Weekday[]; everyWeeks: EveryWeeks; startsOn: string } => ({
  weekdays: row.weekdays.map(Number) as Weekday[],
  windowStartHour: row.window_start_hour,
  everyWeeks: row.every_weeks === 2 ? 2 : 1,
  startsOn: row.starts_on_day,
});

const movedOf = (rows: readonly MoveRow[]): MovedDate[] =>
  rows.map((row) => ({
    date: row.date,
    window: { start: new Date(row.window_start).toISOString(), end: new Date(row.window_end).toISOString() },
  }));

/** The offered service of a key (the default service when none), as tasks are priced: kobo. */
function serviceOf(
  prices: readonly CatalogRow[],
  type: string,
): { serviceName: string; priceKobo: number; unit: string } {
  const row = prices.find((candidate) => candidate.key === type && candidate.active);
  return row ? { serviceName: row.service_name, priceKobo: row.price_kobo, unit: row.unit } : DEFAULT_SERVICE;
}

function toSchedule(
  row: ScheduleRow,
  skips: readonly string[],
  moves: readonly MoveRow[],
  runs: readonly RunRow[],
  prices: readonly CatalogRow[],
  now: Date,
): Schedule {
  const service = serviceOf(prices, row.type);
  const quantity = row.quantity;
  const reached = new Set(runs.map((run) => run.date));
  const skipped = new Set(skips);
  const times = timesOf(row);
  const moved = movedOf(moves);
  const next = row.paused
    ? undefined
    : plannedDates(times, moved, now).find((each) => !skipped.has(each.date) && !reached.has(each.date));
  return {
    _id: row.id,
    type: row.type,
    serviceName: service.serviceName,
    unit: service.unit,
    quantity,
    address: row.address,
    addressDetails: row.address_details,
    location: { type: 'Point', coordinates: [row.lng, row.lat] },
    weekdays: times.weekdays,
    windowStartHour: times.windowStartHour,
    everyWeeks: times.everyWeeks,
    startsOn: times.startsOn,
    moved,
    paused: row.paused,
    skipped: [...skips],
    runs: runs.map((run) => ({
      date: run.date,
      window: { start: new Date(run.window_start).toISOString(), end: new Date(run.window_end).toISOString() },
      outcome: run.outcome,
      taskId: run.task_id,
    })),
    next: next ? { date: next.date, window: next.window } : null,
    price: koboToNaira(timesQuantity(service.priceKobo, quantity)),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The user's schedules, oldest first, each with its skips from today and its runs of the last 28 days and later. */
export async function listSchedules(db: Queryable, userId: string, now: Date): Promise<Schedule[]> {
  const rows = await db.query<ScheduleRow>(
    `select ${SCHEDULE_COLUMNS} from schedules where user_id = $1 order by created_at, id`,
    [userId],
  );
  return schedulesOf(db, rows, now);
}

async function schedulesOf(db: Queryable, rows: readonly ScheduleRow[], now: Date): Promise<Schedule[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const today = lagosDate(now.getTime());
  const since = lagosDate(now.getTime() - UPCOMING_DAYS * DAY_MS);
  const [skips, moves, runs, prices] = await Promise.all([
    db.query<{ schedule_id: string; date: string }>(
      `select schedule_id, ${DATE('date')} from schedule_skips where schedule_id = any($1) and date >= $2::date order by date`,
      [ids, today],
    ),
    movesOf(db, ids, now),
    db.query<RunRow>(
      `select schedule_id, ${DATE('date')}, outcome, task_id, window_start, window_end from schedule_runs
        where schedule_id = any($1) and date >= $2::date order by date`,
      [ids, since],
    ),
    catalogRows(db),
  ]);
  return rows.map((row) =>
    toSchedule(
      row,
      skips.filter((skip) => skip.schedule_id === row.id).map((skip) => skip.date),
      moves.filter((move) => move.schedule_id === row.id),
      runs.filter((run) => run.schedule_id === row.id),
      prices,
      now,
    ),
  );
}

/** The caller's schedule (another user's is as good as missing). */
export async function findSchedule(db: Queryable, userId: string, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.query<ScheduleRow>(
    `select ${SCHEDULE_COLUMNS} from schedules where id = $1 and user_id = $2`,
    [id, userId],
  );
  return row;
}

/**
 * The caller's schedule, its row locked until the transaction ends: a change to one date and the
 * scheduler reaching that date (which locks the row too) happen one after the other.
 */
export async function lockSchedule(tx: Queryable, userId: string, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await tx.query<ScheduleRow>(
    `select ${SCHEDULE_COLUMNS} from schedules where id = $1 and user_id = $2 for update`,
    [id, userId],
  );
  return row;
}

/**
 * Moves of the schedules whose date is in the last UPCOMING_DAYS or later: a date is moved only
 * while coming, to a window at most 2 weeks ahead, so an older move's window is past.
 */
async function movesOf(db: Queryable, scheduleIds: readonly string[], now: Date): Promise<MoveRow[]> {
  return db.query<MoveRow>(
    `select schedule_id, ${DATE('date')}, window_start, window_end from schedule_moves
      where schedule_id = any($1) and date >= $2::date order by date`,
    [scheduleIds, lagosDate(now.getTime() - UPCOMING_DAYS * DAY_MS)],
  );
}

/** Each schedule's moved dates (see movesOf), by schedule id. */
export async function movedDatesOf(
  db: Queryable,
  scheduleIds: readonly string[],
  now: Date,
): Promise<Map<string, MovedDate[]>> {
  const rows = await movesOf(db, scheduleIds, now);
  return new Map(scheduleIds.map((id) => [id, movedOf(rows.filter((row) => row.schedule_id === id))] as const));
}

export async function setMove(db: Queryable, scheduleId: string, date: string, window: MovedDate['window']) {
  await db.query(
    `insert into schedule_moves (schedule_id, date, window_start, window_end) values ($1, $2::date, $3, $4)
     on conflict (schedule_id, date) do update set window_start = excluded.window_start, window_end = excluded.window_end,
       created_at = now()`,
    [scheduleId, date, window.start, window.end],
  );
}

export async function removeMove(db: Queryable, scheduleId: string, date: string): Promise<void> {
  await db.query('delete from schedule_moves where schedule_id = $1 and date = $2::date', [scheduleId, date]);
}

export async function scheduleOf(db: Queryable, row: ScheduleRow, now: Date): Promise<Schedule> {
  const [schedule] = await schedulesOf(db, [row], now);
  return schedule!;
}

export interface NewSchedule {
  userId: string;
  type: string;
  quantity: number;
  address: string;
  addressDetails: string;
  lat: number;
  lng: number;
  weekdays: readonly number[];
  windowStartHour: number;
  everyWeeks: EveryWeeks;
  /** The first date ('YYYY-MM-DD'). */
  startsOn: string;
}

/** The new schedule, or null when the user already has `max` (counted under the user's row lock). */
export async function insertSchedule(tx: Queryable, schedule: NewSchedule, max: number): Promise<ScheduleRow | null> {
  await tx.query('select id from users where id = $1 for update', [schedule.userId]);
  const [count] = await tx.query<{ count: number }>('select count(*)::int as count from schedules where user_id = $1', [
    schedule.userId,
  ]);
  if ((count?.count ?? 0) >= max) return null;
  const [row] = await tx.query<ScheduleRow>(
    `insert into schedules (id, user_id, type, quantity, address, address_details, lat, lng, weekdays, window_start_hour,
                            every_weeks, starts_on)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::int[], $10, $11, $12::date) returning ${SCHEDULE_COLUMNS}`,
    [
      randomUUID(),
      schedule.userId,
      schedule.type,
      schedule.quantity,
      schedule.address,
      schedule.addressDetails,
      schedule.lat,
      schedule.lng,
      [...schedule.weekdays].sort((a, b) => a - b),
      schedule.windowStartHour,
      schedule.everyWeeks,
      schedule.startsOn,
    ],
  );
  return row!;
}

export async function setSchedulePaused(
  db: Queryable,
  id: string,
  paused: SchedulePause | null,
): Promise<ScheduleRow | undefined> {
  const [row] = await db.query<ScheduleRow>(
    `update schedules set paused = $2 where id = $1 returning ${SCHEDULE_COLUMNS}`,
    [id, paused],
  );
  return row;
}

/** Renewing a plan resumes the schedules its end paused (run in the subscription's transaction). */
export async function resumePlanEndedSchedules(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`update schedules set paused = null where user_id = $1 and paused = 'plan-ended'`, [userId]);
}

/** The dates of a schedule the scheduler reached ('YYYY-MM-DD') and what became of each. */
export async function runOutcomes(db: Queryable, scheduleId: string): Promise<Map<string, ScheduleRun['outcome']>> {
  const rows = await db.query<{ date: string; outcome: ScheduleRun['outcome'] }>(
    `select ${DATE('date')}, outcome from schedule_runs where schedule_id = $1`,
    [scheduleId],
  );
  return new Map(rows.map((row) => [row.date, row.outcome]));
}

export async function addSkip(db: Queryable, scheduleId: string, date: string): Promise<void> {
  await db.query('insert into schedule_skips (schedule_id, date) values ($1, $2::date) on conflict do nothing', [
    scheduleId,
    date,
  ]);
}

export async function isSkipped(db: Queryable, scheduleId: string, date: string): Promise<boolean> {
  const rows = await db.query('select 1 from schedule_skips where schedule_id = $1 and date = $2::date', [
    scheduleId,
    date,
  ]);
  return rows.length > 0;
}

export async function removeSkip(db: Queryable, scheduleId: string, date: string): Promise<void> {
  await db.query('delete from schedule_skips where schedule_id = $1 and date = $2::date', [scheduleId, date]);
}

/** Its skips and runs go with it; the tasks it made stay (runs only point at them). */
export async function deleteSchedule(db: Queryable, id: string): Promise<void> {
  await db.query('delete from schedules where id = $1', [id]);
}
