/**
 * SQL of the operator commands and the demo driver simulator. A change the client is told
 * about writes its bell event in the same transaction: here for the simulator's and the
 * referral reward, in server/console/commands.ts for the operator's, which knows the status before
 * the change (docs/architecture.md, 'The live Home and the bell').
 */
import { randomUUID } from 'node:crypto';
import type { TaskStatus } from '../../src/shared/contract';
import type { Queryable } from './connection';
import { locationKey, publishInvalidation, threadKey } from './poll-cache';
import { addPoints } from './points';
import { insertReferralRewardEvent } from './task-events';
import { enqueueArrivals, enqueueTaskNotification } from './push';

export interface OpsTaskRow {
  id: string;
  status: TaskStatus;
  reference: string;
  address: string;
  address_details: string;
  lat: number;
  lng: number;
  datetime: Date;
  type: string;
  service_name: string;
  amount_kobo: number;
  unit: string;
  /** The driver typed the client's right code (the code itself never leaves for an operator). */
  code_entered: boolean;
  quantity: number;
  scheduled_start: Date | null;
  scheduled_end: Date | null;
  recycled_kg: number | null;
  arrived_at: Date | null;
  user_id: string;
  client_firstname: string;
  client_lastname: string;
  client_email: string;
  driver_id: string | null;
  driver_firstname: string | null;
  driver_lastname: string | null;
  driver_phone: string | null;
  created_at: Date;
  /** The open offer (dispatch is waiting for this driver's answer), if any. */
  offer_driver_id: string | null;
  offer_driver_firstname: string | null;
  offer_driver_lastname: string | null;
  offer_expires_at: Date | null;
  /** When the task entered its current status (its newest status event, else its booking). */
  status_since: Date;
  /** The driver's newest 'I've arrived' refused as too far from the pin, and how far (metres). */
  far_arrival_at: Date | null;
  far_arrival_m: number | null;
  /** Since when the client has been asked to pay for more than booked, while they have not answered. */
  extra_awaiting_since: Date | null;
  /** The board's reads only: why it needs attention (null: it does not), and how many rows matched. */
  attention?: AttentionReason | null;
  total?: number;
}

/** Why a task is in the board's Needs attention lane (docs/operations.md 'The board'). */
export type AttentionReason =
  | 'no-driver'
  | 'far-arrival'
  | 'extra-awaiting'
  | 'arrived-not-completed'
  | 'late'
  | 'cancelled-under-driver';

export interface BoardFilter {
  now: Date;
  attentionMinutes: number;
  open: boolean;
  status: TaskStatus | null;
  /** Matched against the address, the client's name, the driver's name, the task id ... */
  search: string | null;
  /** ... and, as digits without the country code, the client's phone. */
  searchDigits: string | null;
  service: string | null;
  day: string | null;
  driverId: string | null;
  attentionOnly: boolean;
  /** null: every row. */
  limit: number | null;
  offset: number;
}

export interface OpsDriverRow {
  id: string;
  firstname: string;
  lastname: string;
  phone: string;
  lat: number;
  lng: number;
  location_updated_at: Date;
  active_tasks: number;
  photo_url: string;
  vehicle: string;
  plate: string;
  rating_sum: number;
  rating_count: number;
  active: boolean;
  online: boolean;
  /** Tasks it completed since midnight in Lagos. */
  tasks_today: number;
  /** Offers it accepted and answered (accepted, declined or let expire). */
  offers_accepted: number;
  offers_answered: number;
  /** Sent a point that could not be true in the last 24 hours (server/dispatch/positions.ts). */
  implausible_positions: boolean;
}

const TASK_SELECT = `select t.id, t.status, t.reference, t.address, t.address_details, t.lat, t.lng, t.datetime, t.type, t.service_name,
    t.amount_kobo, t.unit, t.quantity, t.scheduled_start, t.scheduled_end, t.code_entered_at is not null as code_entered, t.recycled_kg, t.arrived_at, t.user_id, u.firstname as client_firstname, u.lastname as client_lastname,
    u.email as client_email, t.driver_id, d.firstname as driver_firstname, d.lastname as driver_lastname, d.phone as driver_phone,
    t.created_at, o.driver_id as offer_driver_id, od.firstname as offer_driver_firstname, od.lastname as offer_driver_lastname,
    o.expires_at as offer_expires_at, t.far_arrival_at, t.far_arrival_m,
    case when t.extra_status = 'awaiting' then t.extra_at end as extra_awaiting_since,
    coalesce((select max(e.created_at) from task_events e where e.task_id = t.id and e.kind = 'status' and e.status = t.status),
      t.created_at) as status_since
  from tasks t join users u on u.id = t.user_id left join drivers d on d.id = t.driver_id
    left join task_offers o on o.task_id = t.id and o.outcome is null left join drivers od on od.id = o.driver_id`;

/** Today's midnight in Lagos (UTC+1 all year), whatever the database session's time zone. */
const LAGOS_MIDNIGHT = `((date_trunc('day', (now() at time zone 'UTC') + interval '1 hour') - interval '1 hour') at time zone 'UTC')`;

const DRIVER_SELECT = `select d.id, d.firstname, d.lastname, d.phone, d.lat, d.lng, d.location_updated_at,
    d.photo_url, d.vehicle, d.plate, d.rating_sum, d.rating_count, d.active, d.online,
    coalesce(d.implausible_at > now() - interval '24 hours', false) as implausible_positions,
    (select count(*)::int from tasks t where t.driver_id = d.id and t.status in ('driver-assigned', 'on-going')) as active_tasks,
    (select count(*)::int from tasks t where t.driver_id = d.id and t.status = 'completed'
       and t.completed_at >= ${LAGOS_MIDNIGHT}) as tasks_today,
    (select count(*)::int from task_offers o where o.driver_id = d.id and o.outcome = 'accepted') as offers_accepted,
    (select count(*)::int from task_offers o where o.driver_id = d.id and o.outcome in ('accepted', 'declined', 'expired'))
      as offers_answered
  from drivers d`;

/** `open`: only tasks not completed or cancelled yet. */
export function selectTasks(db: Queryable, status?: TaskStatus, open = false): Promise<OpsTaskRow[]> {
  return db.query<OpsTaskRow>(
    `${TASK_SELECT} where ($1::text is null or t.status = $1)
       and (not $2::boolean or t.status in ('pending', 'driver-assigned', 'on-going'))
     order by t.datetime desc, t.id`,
    [status ?? null, open],
  );
}

/**
 * The reasons of the Needs attention lane, first that applies: no driver accepted for
 * DISPATCH_ATTENTION_MIN ($2 minutes); the driver's 'I've arrived' refused as too far and no
 * arrival since; an extra the client has not answered for 10 minutes; arrived 20 minutes ago
 * and not completed; late (the window ended, or as soon as possible and booked 60 minutes
 * ago); cancelled by the client with a driver on it in the last 2 hours (the driver should
 * hear it from us).
 */
const ATTENTION = `case
    when t.status = 'pending' and t.driver_id is null
      and t.dispatch_started_at <= $1::timestamptz - make_interval(mins => $2::int) then 'no-driver'
    when t.status in ('driver-assigned', 'on-going') and t.arrived_at is null and t.far_arrival_at is not null
      then 'far-arrival'
    when t.status in ('driver-assigned', 'on-going') and t.extra_status = 'awaiting'
      and t.extra_at <= $1::timestamptz - interval '10 minutes' then 'extra-awaiting'
    when t.status in ('driver-assigned', 'on-going') and t.arrived_at <= $1::timestamptz - interval '20 minutes'
      then 'arrived-not-completed'
    when t.status in ('pending', 'driver-assigned', 'on-going')
      and coalesce(t.scheduled_end, t.created_at + interval '60 minutes') < $1::timestamptz then 'late'
    when t.status = 'cancelled' and t.driver_id is not null and t.cancelled_by = 'client'
      and exists (select 1 from task_events e where e.task_id = t.id and e.kind = 'status' and e.status = 'cancelled'
                    and e.created_at > $1::timestamptz - interval '2 hours') then 'cancelled-under-driver'
  end`;

/** A task's due time in Lagos (UTC+1 all year), as a date. */
const DUE = 'coalesce(t.scheduled_start, t.created_at)';

/**
 * The board (`GET /ops/tasks`): the tasks matching the filter, due first, one page of them with
 * how many matched and why each needs attention. The page is chosen on ids first, so the task's
 * full row (its status time, its offer) is read for that page only.
 */
export function selectBoardTasks(db: Queryable, filter: BoardFilter): Promise<OpsTaskRow[]> {
  return db.query<OpsTaskRow>(
    `with matched as (
       select t.id, ${DUE} as due, ${ATTENTION} as attention
         from tasks t join users u on u.id = t.user_id left join drivers d on d.id = t.driver_id
        where ($3::text is null or t.status = $3)
          and (not $4::boolean or t.status in ('pending', 'driver-assigned', 'on-going'))
          and ($5::text is null or t.id = $5 or t.address ilike '%' || $5 || '%' escape '\\'
               or (u.firstname || ' ' || u.lastname) ilike '%' || $5 || '%' escape '\\'
               or (d.firstname || ' ' || d.lastname) ilike '%' || $5 || '%' escape '\\'
               or ($6::text is not null and u.phonenumber like '%' || $6 || '%'))
          and ($7::text is null or t.type = $7)
          and ($8::date is null or ((${DUE} at time zone 'UTC') + interval '1 hour')::date = $8::date)
          and ($9::text is null or t.driver_id = $9)
     ), page as (
       select id, attention, due, count(*) over ()::int as total from matched
        where not $10::boolean or attention is not null
        order by due, id limit $11 offset $12
     )
     select b.*, p.attention, p.total from (${TASK_SELECT} where t.id in (select id from page)) b
       join page p on p.id = b.id order by p.due, p.id`,
    [
      filter.now,
      filter.attentionMinutes,
      filter.status,
      filter.open,
      filter.search === null ? null : likeLiteral(filter.search),
      filter.searchDigits,
      filter.service,
      filter.day,
      filter.driverId,
      filter.attentionOnly,
      filter.limit,
      filter.offset,
    ],
  );
}

/** `like` takes % and _ as wildcards: a search for them means the characters. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A client's tasks (the console's client page), newest first, at most 200. */
export function selectTasksOfClient(db: Queryable, userId: string): Promise<OpsTaskRow[]> {
  return db.query<OpsTaskRow>(`${TASK_SELECT} where t.user_id = $1 order by t.datetime desc, t.id limit 200`, [userId]);
}

export async function selectTask(db: Queryable, id: string): Promise<OpsTaskRow | undefined> {
  const [row] = await db.query<OpsTaskRow>(`${TASK_SELECT} where t.id = $1`, [id]);
  return row;
}

export function selectDrivers(db: Queryable): Promise<OpsDriverRow[]> {
  return db.query<OpsDriverRow>(`${DRIVER_SELECT} order by d.firstname, d.lastname, d.id`);
}

/** The simulator's drivers: the demo's, while no one has signed in as them. */
const SIMULATED = 'd.demo and d.signed_in_at is null';

export function selectSimulatedDrivers(db: Queryable): Promise<OpsDriverRow[]> {
  return db.query<OpsDriverRow>(`${DRIVER_SELECT} where ${SIMULATED} order by d.firstname, d.lastname, d.id`);
}

export async function selectDriver(db: Queryable, id: string): Promise<OpsDriverRow | undefined> {
  const [row] = await db.query<OpsDriverRow>(`${DRIVER_SELECT} where d.id = $1`, [id]);
  return row;
}

/** The statements of matchIds, one fixed pair per table (a table's name cannot be a parameter). */
const ID_MATCHES = {
  tasks: {
    exact: 'select id from tasks where id = $1',
    prefix: 'select id from tasks where starts_with(id, $1) order by id limit 2',
  },
  drivers: {
    exact: 'select id from drivers where id = $1',
    prefix: 'select id from drivers where starts_with(id, $1) order by id limit 2',
  },
} as const;

/** Ids equal to `idOrPrefix`, else the (at most two) ids starting with it. */
export async function matchIds(db: Queryable, table: keyof typeof ID_MATCHES, idOrPrefix: string): Promise<string[]> {
  const exact = await db.query<{ id: string }>(ID_MATCHES[table].exact, [idOrPrefix]);
  if (exact.length) return [exact[0].id];
  const rows = await db.query<{ id: string }>(ID_MATCHES[table].prefix, [idOrPrefix]);
  return rows.map((row) => row.id);
}

/**
 * Why the driver cannot take a task now (inactive, offline, on another task), or null. Locks
 * the driver's row first, in a statement of its own: two assignments of one driver at once
 * (two dispatchers, two instances) check one after the other, the second seeing the first.
 */
export async function driverUnavailable(db: Queryable, driverId: string, taskId: string): Promise<string | null> {
  await db.query('select id from drivers where id = $1 for update', [driverId]);
  const [row] = await db.query<{ active: boolean; online: boolean; busy: boolean }>(
    `select d.active, d.online, exists (select 1 from tasks t where t.driver_id = d.id and t.id <> $2
              and t.status in ('driver-assigned', 'on-going')) as busy
       from drivers d where d.id = $1`,
    [driverId, taskId],
  );
  if (!row?.active) return 'This driver is deactivated';
  if (!row.online) return 'This driver is offline';
  if (row.busy) return 'This driver is on another task';
  return null;
}

export async function countCompletedTasks(db: Queryable, userId: string, exceptTaskId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from tasks where user_id = $1 and status = 'completed' and id <> $2`,
    [userId, exceptTaskId],
  );
  return row.count;
}

/** Marks the referred user's reward as given; answers the referrer only the first time. */
export async function claimReferralReward(db: Queryable, referredUserId: string): Promise<string | null> {
  const [row] = await db.query<{ referred_by: string }>(
    `update users set referral_rewarded = true
      where id = $1 and referred_by is not null and referral_rewarded = false
      returning referred_by`,
    [referredUserId],
  );
  return row?.referred_by ?? null;
}

/** Credits the reward (naira-equivalent tokens, from the configuration); its event turns the referrer's dot on. */
export async function creditReferrer(db: Queryable, referrerId: string, amountKobo: number): Promise<void> {
  if (amountKobo > 0) await addPoints(db, { userId: referrerId, kind: 'referral', amountKobo });
  await insertReferralRewardEvent(db, referrerId, amountKobo);
}

export async function updateDriverLocation(db: Queryable, driverId: string, lat: number, lng: number): Promise<void> {
  await db.query('update drivers set lat = $2, lng = $3, location_updated_at = now() where id = $1', [
    driverId,
    lat,
    lng,
  ]);
  await markArrivals(db, driverId);
  await publishInvalidation(db, [locationKey(driverId)]);
  await enqueueArrivals(db, driverId);
}

/** How near the pin a driver has arrived (metres): the task page then says 'Your driver has arrived'. */
export const ARRIVED_WITHIN_METRES = 100;

/** Each active task of the driver whose pin it is now within ARRIVED_WITHIN_METRES of has arrived (once). */
export async function markArrivals(db: Queryable, driverId: string): Promise<void> {
  await db.query(
    `update tasks t set arrived_at = now() from drivers d
      where d.id = $1 and t.driver_id = d.id and t.status in ('driver-assigned', 'on-going') and t.arrived_at is null
        and sqrt(power((d.lat - t.lat) * 111320, 2) + power((d.lng - t.lng) * 111320 * cos(radians(t.lat)), 2)) <= $2`,
    [driverId, ARRIVED_WITHIN_METRES],
  );
}

export async function insertDriver(
  db: Queryable,
  driver: {
    firstname: string;
    lastname: string;
    phone: string;
    lat: number;
    lng: number;
    vehicle?: string;
    plate?: string;
    photoUrl?: string;
  },
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into drivers (id, firstname, lastname, phone, lat, lng, vehicle, plate, photo_url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      driver.firstname,
      driver.lastname,
      driver.phone,
      driver.lat,
      driver.lng,
      driver.vehicle ?? '',
      driver.plate ?? '',
      // Without a photo of its own, the server draws the driver's initials (GET /driver/photo/<id>).
      driver.photoUrl || `/driver/photo/${id}`,
    ],
  );
  return id;
}

// ---- the simulator ----

export interface WaitingTaskRow {
  id: string;
  lat: number;
  lng: number;
  address: string;
  address_details: string;
  client_firstname: string;
}

/**
 * Paid (a 'task' payment use for its reference, or covered in full by a plan) pending tasks without a driver, created before
 * `createdBefore`; a scheduled one only once its window starts before `dueBy`.
 */
export function selectTasksAwaitingDriver(db: Queryable, createdBefore: Date, dueBy: Date): Promise<WaitingTaskRow[]> {
  return db.query<WaitingTaskRow>(
    `select t.id, t.lat, t.lng, t.address, t.address_details, u.firstname as client_firstname
       from tasks t join users u on u.id = t.user_id
      where t.status = 'pending' and t.driver_id is null and t.created_at <= $1
        and (t.scheduled_start is null or t.scheduled_start <= $2)
        and (t.covered_quantity >= t.quantity
             or exists (select 1 from payment_uses p where p.reference = t.reference and p.purpose = 'task'))
      order by coalesce(t.scheduled_start, t.created_at), t.id`,
    [createdBefore, dueBy],
  );
}

/**
 * When the thread's latest driver (of a driver message, or of an earlier note) is another one,
 * says who is coming now ('Your new driver is Emeka'), so earlier messages do not read as the
 * new driver's. The note carries the new driver's id. Run it after the assignment.
 */
export async function noteNewDriver(db: Queryable, taskId: string, driverId: string): Promise<void> {
  const noted = await db.query(
    `insert into messages (id, task_id, sender, content, driver_id)
     select $1, $2, 'system', 'Your new driver is ' || d.firstname, d.id from drivers d
      where d.id = $3
        and (select m.driver_id from messages m where m.task_id = $2 and m.driver_id is not null
              order by m.created_at desc, m.id desc limit 1) <> $3
     returning id`,
    [randomUUID(), taskId, driverId],
  );
  if (noted.length > 0) await publishInvalidation(db, [threadKey(taskId)]);
}

export interface TripRow {
  task_id: string;
  status: TaskStatus;
  task_lat: number;
  task_lng: number;
  driver_id: string;
  driver_lat: number;
  driver_lng: number;
}

/** Active tasks with their driver, on-going first, then oldest first. */
export function selectTrips(db: Queryable): Promise<TripRow[]> {
  return db.query<TripRow>(
    `select t.id as task_id, t.status, t.lat as task_lat, t.lng as task_lng, d.id as driver_id, d.lat as driver_lat, d.lng as driver_lng
       from tasks t join drivers d on d.id = t.driver_id
      where t.status in ('driver-assigned', 'on-going') and ${SIMULATED}
      order by case when t.status = 'on-going' then 0 else 1 end, t.created_at, t.id`,
  );
}

export interface AwaitingReplyRow {
  task_id: string;
  task_lat: number;
  task_lng: number;
  driver_firstname: string;
  driver_lat: number;
  driver_lng: number;
  driver_messages: number;
}

/** Active tasks whose latest message is the user's: the driver has not answered it yet. */
export function selectTasksAwaitingReply(db: Queryable): Promise<AwaitingReplyRow[]> {
  return db.query<AwaitingReplyRow>(
    `select t.id as task_id, t.lat as task_lat, t.lng as task_lng, d.firstname as driver_firstname,
            d.lat as driver_lat, d.lng as driver_lng,
            (select count(*)::int from messages m where m.task_id = t.id and m.sender = 'driver') as driver_messages
       from tasks t
       join drivers d on d.id = t.driver_id
       join lateral (select m.sender from messages m where m.task_id = t.id order by m.created_at desc, m.id desc limit 1) latest on true
      where t.status in ('driver-assigned', 'on-going') and latest.sender = 'user' and ${SIMULATED}
      order by t.id`,
  );
}

export async function insertDriverMessage(db: Queryable, taskId: string, content: string): Promise<void> {
  const [row] = await db.query<{ sender_name: string | null }>(
    `insert into messages (id, task_id, sender, content, driver_id, sender_name)
     select $1, t.id, 'driver', $3, d.id, d.firstname from tasks t left join drivers d on d.id = t.driver_id where t.id = $2
     returning sender_name`,
    [randomUUID(), taskId, content],
  );
  if (row) await publishInvalidation(db, [threadKey(taskId)]);
  if (row)
    await enqueueTaskNotification(db, taskId, 'chat', {
      senderName: row.sender_name ?? '',
      content: content.slice(0, 300),
    });
}
