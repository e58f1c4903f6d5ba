/**
 * Drivers' push (migration 040, docs/notifications.md 'The driver's phone'): a driver's devices
 * in `push_subscriptions` (driver_id instead of user_id) and their rows in the same outbox, sent
 * by the same dispatcher. `notifyDriver` is the one call the events make, in their transaction:
 * a new offer (dispatch), an operator's assignment, a cancel, a client's message.
 */
import { randomUUID } from 'node:crypto';
import type { CancelReason } from '../../src/shared/contract';
import type { DriverPushKind } from '../../src/shared/driver-push';
import type { Queryable } from './connection';
import { DEVICES_PER_USER, type NewSubscription } from './push';

/** Stores the device's subscription for the driver (a device someone else used before becomes theirs). */
export async function saveDriverSubscription(db: Queryable, driverId: string, sub: NewSubscription): Promise<boolean> {
  const [row] = await db.query<{ created: boolean }>(
    `insert into push_subscriptions (id, driver_id, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)
     on conflict (endpoint) do update set driver_id = excluded.driver_id, user_id = null,
       p256dh = excluded.p256dh, auth = excluded.auth
     returning (xmax = 0) as created`,
    [randomUUID(), driverId, sub.endpoint, sub.keys.p256dh, sub.keys.auth],
  );
  await trimDriverSubscriptions(db, driverId);
  return row.created;
}

/** A driver has a phone or two; past DEVICES_PER_USER the oldest subscriptions go. */
async function trimDriverSubscriptions(db: Queryable, driverId: string): Promise<void> {
  await db.query(
    `delete from push_subscriptions where driver_id = $1 and id not in (
       select id from push_subscriptions where driver_id = $1 order by created_at desc, id limit $2)`,
    [driverId, DEVICES_PER_USER],
  );
}

/** Forgets the driver's subscription with this endpoint (sign-out on that phone). */
export async function deleteDriverSubscription(db: Queryable, driverId: string, endpoint: string): Promise<void> {
  await db.query('delete from push_subscriptions where driver_id = $1 and endpoint = $2', [driverId, endpoint]);
}

/** Signing out ends every token of the driver (every phone): no phone of theirs gets offers any more. */
export async function deleteDriverSubscriptions(db: Queryable, driverId: string): Promise<void> {
  await db.query('delete from push_subscriptions where driver_id = $1', [driverId]);
}

export async function countDriverSubscriptions(db: Queryable, driverId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from push_subscriptions where driver_id = $1',
    [driverId],
  );
  return row.count;
}

/** What happened, as the driver is told it. */
export type DriverEvent =
  | { kind: 'offer'; taskId: string; expiresAt: Date; earningsKobo: number }
  | { kind: 'assigned'; taskId: string }
  /** An operator took the task off this driver: given to `to` (another driver), or offered again. */
  | { kind: 'withdrawn'; taskId: string; to: 'driver' | 'dispatch' }
  | {
      kind: 'cancelled';
      taskId: string;
      by: 'client' | 'operator' | 'simulator';
      reason: CancelReason | null;
      note: string;
    }
  | { kind: 'chat'; taskId: string; content: string };

const dataOf = (event: DriverEvent): Record<string, unknown> => {
  switch (event.kind) {
    case 'offer':
      return { expiresAt: event.expiresAt.toISOString(), earningsKobo: event.earningsKobo };
    case 'cancelled':
      return { by: event.by, reason: event.reason, note: event.note.slice(0, 300) };
    case 'chat':
      return { content: event.content.slice(0, 300) };
    case 'withdrawn':
      return { to: event.to };
    case 'assigned':
      return {};
  }
};

/**
 * Queues the push of `event` to each device of the driver, in the event's transaction; `driverId`
 * null means the task's driver (nothing when it has none). The dispatcher is kicked after the
 * commit (server/db/push-kick.ts), so it leaves within a second.
 */
export async function notifyDriver(db: Queryable, driverId: string | null, event: DriverEvent): Promise<void> {
  const kind: DriverPushKind = event.kind;
  await db.query(
    `insert into push_outbox (driver_id, task_id, kind, channel, subscription_id, data)
     select p.driver_id, $2, $3::text, 'push', p.id, $4::jsonb from push_subscriptions p
      where p.driver_id = coalesce($1::text, (select driver_id from tasks where id = $2))`,
    [driverId, event.taskId, kind, JSON.stringify(dataOf(event))],
  );
}
