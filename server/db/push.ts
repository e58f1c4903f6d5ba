/**
 * Notifications' SQL (migration 014): devices' push subscriptions, each user's switches, and
 * the outbox. `enqueueTaskNotification` is called in the transaction that writes the event
 * (task-events.ts, refunds.ts, messages.ts, ops.ts): one row per subscribed device, or one
 * SMS row for 'driver assigned' / 'arriving' when the client has no device, each only when
 * the client's switch for that kind is on. The dispatcher (server/notifications/dispatcher.ts) claims
 * due rows with `for update skip locked` and a lease, so several instances never send a row twice.
 */
import { randomUUID } from 'node:crypto';
import type { NotificationSettings } from '../../src/shared/contract';
import type { DriverPushKind } from '../../src/shared/driver-push';
import type { PushKind, UserPushKind } from '../../src/shared/push-payload';
import type { Queryable } from './connection';

// ---- subscriptions ----

export interface NewSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Stores the device's subscription for `userId` (a device another user signed in on before becomes this user's). */
export async function saveSubscription(db: Queryable, userId: string, sub: NewSubscription): Promise<boolean> {
  const [row] = await db.query<{ created: boolean }>(
    `insert into push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)
     on conflict (endpoint) do update set user_id = excluded.user_id, driver_id = null, p256dh = excluded.p256dh, auth = excluded.auth
     returning (xmax = 0) as created`,
    [randomUUID(), userId, sub.endpoint, sub.keys.p256dh, sub.keys.auth],
  );
  // A person has a few devices; past DEVICES_PER_USER the oldest subscriptions go.
  await db.query(
    `delete from push_subscriptions where user_id = $1 and id not in (
       select id from push_subscriptions where user_id = $1 order by created_at desc, id limit $2)`,
    [userId, DEVICES_PER_USER],
  );
  return row.created;
}

export const DEVICES_PER_USER = 10;

/** Forgets the caller's subscription with this endpoint (someone else's is left alone). */
export async function deleteSubscription(db: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db.query('delete from push_subscriptions where user_id = $1 and endpoint = $2 returning id', [
    userId,
    endpoint,
  ]);
  return rows.length > 0;
}

/** Logging out everywhere: no device of the user keeps getting their notifications. */
export async function deleteUserSubscriptions(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from push_subscriptions where user_id = $1', [userId]);
}

/** A subscription the push service says is gone (404/410): its unsent rows go with it. */
export async function deleteSubscriptionById(db: Queryable, id: string): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1', [id]);
}

export async function countSubscriptions(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from push_subscriptions where user_id = $1',
    [userId],
  );
  return row.count;
}

// ---- settings ----

const SETTING_COLUMNS = {
  driverUpdates: 'driver_updates',
  chat: 'chat',
  receipts: 'receipts',
  reminders: 'reminders',
  sms: 'sms',
} as const satisfies Record<keyof NotificationSettings, string>;

interface SettingsRow {
  driver_updates: boolean;
  chat: boolean;
  receipts: boolean;
  reminders: boolean;
  sms: boolean;
}

const toSettings = (row: SettingsRow | undefined): NotificationSettings => ({
  driverUpdates: row?.driver_updates ?? true,
  chat: row?.chat ?? true,
  receipts: row?.receipts ?? true,
  reminders: row?.reminders ?? true,
  sms: row?.sms ?? true,
});

export async function readSettings(db: Queryable, userId: string): Promise<NotificationSettings> {
  const [row] = await db.query<SettingsRow>(
    'select driver_updates, chat, receipts, reminders, sms from notification_settings where user_id = $1',
    [userId],
  );
  return toSettings(row);
}

/** Changes the given switches only; responds with them all. */
export async function updateSettings(
  db: Queryable,
  userId: string,
  change: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const current = await readSettings(db, userId);
  const next = { ...current, ...Object.fromEntries(Object.entries(change).filter(([, on]) => on !== undefined)) };
  const [row] = await db.query<SettingsRow>(
    `insert into notification_settings (user_id, driver_updates, chat, receipts, reminders, sms, updated_at)
     values ($1, $2, $3, $4, $5, $6, now())
     on conflict (user_id) do update set driver_updates = excluded.driver_updates, chat = excluded.chat,
       receipts = excluded.receipts, reminders = excluded.reminders, sms = excluded.sms, updated_at = now()
     returning driver_updates, chat, receipts, reminders, sms`,
    [userId, next.driverUpdates, next.chat, next.receipts, next.reminders, next.sms],
  );
  return toSettings(row);
}

// ---- the outbox ----

/** Which switch governs each kind. */
const SWITCH_OF: Record<PushKind, keyof NotificationSettings> = {
  'driver-assigned': 'driverUpdates',
  'on-the-way': 'driverUpdates',
  arriving: 'driverUpdates',
  cancelled: 'driverUpdates',
  extra: 'driverUpdates',
  'drivers-busy': 'driverUpdates',
  completed: 'receipts',
  refund: 'receipts',
  'support-reply': 'receipts',
  chat: 'chat',
  reminder: 'reminders',
  'plan-renewal': 'reminders',
  'schedule-not-covered': 'reminders',
};

/** Only these go by SMS, and only when the client has no push subscription. */
const SMS_KINDS: readonly PushKind[] = ['driver-assigned', 'arriving'];
export const SMS_PER_TASK = 3;

/**
 * Queues the task owner's notification of `kind` (in the event's transaction): a push row per
 * device, else an SMS row for the SMS kinds (at most SMS_PER_TASK per task). Nothing when the
 * owner's switch for the kind is off.
 */
export async function enqueueTaskNotification(
  db: Queryable,
  taskId: string,
  kind: PushKind,
  data: Record<string, unknown> = {},
): Promise<void> {
  // The switch's column is one of SETTING_COLUMNS' fixed names (a column cannot be a parameter); every value is one.
  const column = SETTING_COLUMNS[SWITCH_OF[kind]];
  await db.query(
    `insert into push_outbox (user_id, task_id, kind, channel, subscription_id, data)
     with owner as (
       select t.id as task_id, t.user_id, coalesce(n.${column}, true) as wanted, coalesce(n.sms, true) as sms_on
         from tasks t left join notification_settings n on n.user_id = t.user_id where t.id = $1
     )
     select o.user_id, o.task_id, $2::text, 'push', p.id, $3::jsonb
       from owner o join push_subscriptions p on p.user_id = o.user_id where o.wanted
     union all
     select o.user_id, o.task_id, $2::text, 'sms', null, $3::jsonb from owner o
      where $4::boolean and o.wanted and o.sms_on
        and not exists (select 1 from push_subscriptions p where p.user_id = o.user_id)
        and (select count(*) from push_outbox x where x.task_id = o.task_id and x.channel = 'sms' and x.failed_at is null) < $5`,
    [taskId, kind, JSON.stringify(data), SMS_KINDS.includes(kind), SMS_PER_TASK],
  );
}

/**
 * Queues a notification about the user rather than a task (the renewal reminder, a recurring
 * pickup's date not covered), in the event's transaction: a push row per device, no SMS; nothing
 * when the switch for the kind is off. `data.text` is the body, `data.tag` the notification's tag.
 */
export async function enqueueUserNotification(
  db: Queryable,
  userId: string,
  kind: UserPushKind,
  data: { text: string; tag: string },
): Promise<void> {
  // The switch's column is one of SETTING_COLUMNS' fixed names (a column cannot be a parameter); every value is one.
  const column = SETTING_COLUMNS[SWITCH_OF[kind]];
  await db.query(
    `insert into push_outbox (user_id, task_id, kind, channel, subscription_id, data)
     select p.user_id, null, $2::text, 'push', p.id, $3::jsonb
       from push_subscriptions p left join notification_settings n on n.user_id = p.user_id
      where p.user_id = $1 and coalesce(n.${column}, true)`,
    [userId, kind, JSON.stringify(data)],
  );
}

/** How near the driver must be for 'arriving' (metres). */
export const ARRIVING_WITHIN_METRES = 500;

/**
 * After the driver's position changed: each of the driver's active tasks it is now within
 * ARRIVING_WITHIN_METRES of gets 'arriving', once per task (push_arrivals).
 */
export async function enqueueArrivals(db: Queryable, driverId: string): Promise<void> {
  const rows = await db.query<{ task_id: string }>(
    `with near as (
       select t.id from tasks t join drivers d on d.id = t.driver_id
        where d.id = $1 and t.status in ('driver-assigned', 'on-going')
          and sqrt(power((d.lat - t.lat) * 111320, 2) + power((d.lng - t.lng) * 111320 * cos(radians(t.lat)), 2)) <= $2
     )
     insert into push_arrivals (task_id) select id from near on conflict do nothing returning task_id`,
    [driverId, ARRIVING_WITHIN_METRES],
  );
  for (const row of rows) await enqueueTaskNotification(db, row.task_id, 'arriving');
}

export interface OutboxRow {
  id: number;
  /** null for a driver's row (driver_id, server/db/driver-push.ts). */
  user_id: string | null;
  driver_id: string | null;
  /** null for a notification about the user (enqueueUserNotification). */
  task_id: string | null;
  kind: PushKind | DriverPushKind;
  channel: 'push' | 'sms';
  subscription_id: string | null;
  data: Record<string, unknown> | string;
  attempts: number;
  created_at: Date;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  service_name: string | null;
  amount_kobo: number | null;
  address: string | null;
  driver_firstname: string | null;
  driver_vehicle: string | null;
  driver_plate: string | null;
  phonenumber: string | null;
}

/**
 * Claims up to `limit` due rows for `leaseSeconds` (another instance skips them; a crashed
 * sender's rows come due again when the lease ends), with what sending them needs.
 */
export function claimDueRows(db: Queryable, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `with claimed as (
       update push_outbox set locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
        where id in (
          select id from push_outbox
           where sent_at is null and failed_at is null and next_attempt_at <= now()
             and (locked_until is null or locked_until <= now())
           order by id limit $1
           for update skip locked)
       returning id, user_id, driver_id, task_id, kind, channel, subscription_id, data, attempts, created_at
     )
     select c.id::text as id, c.user_id, c.driver_id, c.task_id, c.kind, c.channel, c.subscription_id, c.data, c.attempts, c.created_at,
            s.endpoint, s.p256dh, s.auth, t.service_name, t.amount_kobo, t.address,
            d.firstname as driver_firstname, d.vehicle as driver_vehicle, d.plate as driver_plate, u.phonenumber
       from claimed c
       left join users u on u.id = c.user_id
       left join push_subscriptions s on s.id = c.subscription_id
       left join tasks t on t.id = c.task_id
       left join drivers d on d.id = t.driver_id
      order by c.id`,
    [limit, leaseSeconds],
  );
}

export async function markSent(db: Queryable, id: number): Promise<void> {
  await db.query('update push_outbox set sent_at = now(), locked_until = null, last_error = null where id = $1', [id]);
}

export async function markRetry(db: Queryable, id: number, delaySeconds: number, error: string): Promise<void> {
  await db.query(
    `update push_outbox set next_attempt_at = now() + make_interval(secs => $2), locked_until = null, last_error = $3
      where id = $1`,
    [id, delaySeconds, error.slice(0, 500)],
  );
}

export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query('update push_outbox set failed_at = now(), locked_until = null, last_error = $2 where id = $1', [
    id,
    error.slice(0, 500),
  ]);
}
