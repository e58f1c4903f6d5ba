/**
 * Dispatch (docs/driver.md): offers of pending tasks to online drivers, one open offer of a
 * task at a time (the partial unique index task_offers_one_open), each answered once by a
 * conditional update, and the task taken by exactly one driver (an update that needs the task
 * still pending and driverless). The round itself is server/dispatch/dispatch-jobs.ts.
 */
import type { Queryable } from './connection';

export async function setDriverOnline(db: Queryable, driverId: string, online: boolean): Promise<void> {
  await db.query('update drivers set online = $2 where id = $1', [driverId, online]);
}

/** Open offers that ran out, and those of tasks someone took meanwhile (an operator's assign, a cancel). */
export async function closeStaleOffers(db: Queryable, now: Date): Promise<void> {
  await db.query(`update task_offers set outcome = 'expired' where outcome is null and expires_at <= $1`, [now]);
  await db.query(
    `update task_offers o set outcome = 'taken' from tasks t
      where o.outcome is null and t.id = o.task_id and (t.status <> 'pending' or t.driver_id is not null)`,
  );
}

export interface DispatchTaskRow {
  id: string;
  lat: number;
  lng: number;
  amount_kobo: number;
  dispatch_started_at: Date | null;
}

/**
 * Pending, driverless tasks that are due (at once, or 2 hours before their window) with no open
 * offer, the one due first first.
 */
export async function selectTasksToOffer(db: Queryable, now: Date): Promise<DispatchTaskRow[]> {
  return db.query<DispatchTaskRow>(
    `select t.id, t.lat, t.lng, t.amount_kobo, t.dispatch_started_at from tasks t
      where t.status = 'pending' and t.driver_id is null
        and (t.scheduled_start is null or t.scheduled_start <= $1::timestamptz + interval '2 hours')
        and not exists (select 1 from task_offers o where o.task_id = t.id and o.outcome is null)
      order by coalesce(t.scheduled_start, t.created_at), t.id
      for update of t skip locked`,
    [now],
  );
}

/** The round's tasks that waited no driver before: their wait starts now. */
export async function startDispatch(db: Queryable, taskIds: readonly string[], now: Date): Promise<void> {
  if (taskIds.length === 0) return;
  await db.query('update tasks set dispatch_started_at = $2 where id = any($1) and dispatch_started_at is null', [
    taskIds,
    now,
  ]);
}

/**
 * Pending, driverless tasks first offered `minutes` ago or more whose client was not told yet:
 * marked told (once per task), their ids answered.
 */
export async function markDriversBusyTold(db: Queryable, now: Date, minutes: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `update tasks set drivers_busy_told_at = $1
      where status = 'pending' and driver_id is null and drivers_busy_told_at is null
        and dispatch_started_at <= $1::timestamptz - make_interval(mins => $2::int)
      returning id`,
    [now, minutes],
  );
  return rows.map((row) => row.id);
}

export interface AvailableDriverRow {
  id: string;
  lat: number;
  lng: number;
}

/**
 * Online drivers with nothing in hand: no task they hold (assigned or on the way, whenever it is
 * due) and no open offer. A driver is offered one task at a time and never a second one.
 */
export async function selectAvailableDrivers(db: Queryable): Promise<AvailableDriverRow[]> {
  return db.query<AvailableDriverRow>(
    `select d.id, d.lat, d.lng from drivers d
      where d.online and d.active
        and not exists (select 1 from tasks t where t.driver_id = d.id and t.status in ('driver-assigned', 'on-going'))
        and not exists (select 1 from task_offers o where o.driver_id = d.id and o.outcome is null)
      order by d.id`,
  );
}

/** Who was offered these tasks before (declined, let expire, withdrawn): they are not asked again. */
export async function selectOfferedPairs(
  db: Queryable,
  taskIds: readonly string[],
): Promise<{ task_id: string; driver_id: string }[]> {
  if (taskIds.length === 0) return [];
  return db.query('select task_id, driver_id from task_offers where task_id = any($1)', [taskIds]);
}

export interface NewOffer {
  taskId: string;
  driverId: string;
  distanceM: number;
}

/** The round's offers in one statement; those made (a task with an open offer already is skipped). */
export async function insertOffers(
  db: Queryable,
  offers: readonly NewOffer[],
  now: Date,
  expiresAt: Date,
): Promise<{ task_id: string; driver_id: string }[]> {
  if (offers.length === 0) return [];
  return db.query<{ task_id: string; driver_id: string }>(
    `insert into task_offers (id, task_id, driver_id, offered_at, expires_at, distance_m)
     select gen_random_uuid()::text, o.task_id, o.driver_id, $4, $5, o.distance_m
       from unnest($1::text[], $2::text[], $3::int[]) as o(task_id, driver_id, distance_m)
     on conflict (task_id) where outcome is null do nothing returning task_id, driver_id`,
    [
      offers.map((offer) => offer.taskId),
      offers.map((offer) => offer.driverId),
      offers.map((offer) => offer.distanceM),
      now,
      expiresAt,
    ],
  );
}

export interface OfferRow {
  task_id: string;
  expires_at: Date;
  distance_m: number;
  service_name: string;
  type: string;
  quantity: number;
  unit: string;
  amount_kobo: number;
  address: string;
  lat: number;
  lng: number;
  scheduled_start: Date | null;
  scheduled_end: Date | null;
}

export async function selectOpenOffers(db: Queryable, driverId: string, now: Date): Promise<OfferRow[]> {
  return db.query<OfferRow>(
    `select o.task_id, o.expires_at, o.distance_m, t.service_name, t.type, t.quantity, t.unit, t.amount_kobo,
            t.address, t.lat, t.lng, t.scheduled_start, t.scheduled_end
       from task_offers o join tasks t on t.id = o.task_id
      where o.driver_id = $1 and o.outcome is null and o.expires_at > $2
      order by o.expires_at, o.task_id`,
    [driverId, now],
  );
}

/**
 * The driver's phone shows the offer: it lasts `seconds` from now, never past the end it was
 * made with, and only the first showing counts. The offer's end (null: not open, or not theirs).
 */
export async function markOfferSeen(
  db: Queryable,
  taskId: string,
  driverId: string,
  now: Date,
  seconds: number,
): Promise<Date | null> {
  const [row] = await db.query<{ expires_at: Date }>(
    `update task_offers
        set seen_at = coalesce(seen_at, $3),
            expires_at = case when seen_at is null then least(expires_at, $3::timestamptz + make_interval(secs => $4)) else expires_at end
      where task_id = $1 and driver_id = $2 and outcome is null and expires_at > $3
      returning expires_at`,
    [taskId, driverId, now, seconds],
  );
  return row ? new Date(row.expires_at) : null;
}

/** 'accepted', or why not: never offered to this driver ('not-found'), or no longer open ('closed'). */
export type OfferAnswer = 'accepted' | 'declined' | 'not-found' | 'closed';

export async function declineOffer(db: Queryable, taskId: string, driverId: string, now: Date): Promise<OfferAnswer> {
  const rows = await db.query(
    `update task_offers set outcome = 'declined'
      where task_id = $1 and driver_id = $2 and outcome is null and expires_at > $3 returning id`,
    [taskId, driverId, now],
  );
  if (rows.length > 0) return 'declined';
  return (await wasOffered(db, taskId, driverId)) ? 'closed' : 'not-found';
}

async function wasOffered(db: Queryable, taskId: string, driverId: string): Promise<boolean> {
  const rows = await db.query('select 1 from task_offers where task_id = $1 and driver_id = $2 limit 1', [
    taskId,
    driverId,
  ]);
  return rows.length > 0;
}

/** The client chose 'Keep waiting': true when the task still waits for a driver. */
export async function markKeepWaiting(db: Queryable, taskId: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update tasks set keep_waiting_at = $2 where id = $1 and status = 'pending' and driver_id is null returning id`,
    [taskId, now],
  );
  return rows.length > 0;
}

/**
 * The client chose another window for a task no driver took: its dispatch starts afresh (the
 * wait, the radius, the prompt) and an open offer is withdrawn. True when it still waited.
 */
export async function moveWaitingTask(
  db: Queryable,
  taskId: string,
  window: { start: string; end: string },
): Promise<boolean> {
  const rows = await db.query(
    `update tasks set scheduled_start = $2, scheduled_end = $3, dispatch_started_at = null,
            drivers_busy_told_at = null, keep_waiting_at = null
      where id = $1 and status = 'pending' and driver_id is null returning id`,
    [taskId, window.start, window.end],
  );
  if (rows.length === 0) return false;
  await db.query(`update task_offers set outcome = 'taken' where task_id = $1 and outcome is null`, [taskId]);
  return true;
}
