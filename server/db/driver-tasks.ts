/**
 * A driver's own tasks (docs/driver.md): every query names the driver, so another driver's
 * task is simply not found.
 */
import type { Queryable } from './connection';

export interface DriverTaskRow {
  id: string;
  status: string;
  type: string;
  service_name: string;
  quantity: number;
  unit: string;
  amount_kobo: number;
  address: string;
  address_details: string | null;
  lat: number;
  lng: number;
  scheduled_start: Date | null;
  scheduled_end: Date | null;
  client_firstname: string;
  client_phone: string;
  arrived_at: Date | null;
  weighed_quantity: number | null;
  extra_quantity: number | null;
  extra_covered_quantity: number;
  extra_amount_kobo: number | null;
  extra_status: 'awaiting' | 'paid' | 'declined' | null;
  pickup_photo: 'off' | 'optional' | 'required';
  photo_taken: boolean;
}

/** Accepted and on the way: the ones the driver still has to do, soonest first. */
export async function selectDriverTasks(db: Queryable, driverId: string): Promise<DriverTaskRow[]> {
  return db.query<DriverTaskRow>(
    `select t.id, t.status, t.type, t.service_name, t.quantity, t.unit, t.amount_kobo, t.address, t.address_details,
            t.lat, t.lng, t.scheduled_start, t.scheduled_end, t.arrived_at, u.firstname as client_firstname, u.phonenumber as client_phone,
            t.weighed_quantity, t.extra_quantity, t.extra_covered_quantity, t.extra_amount_kobo, t.extra_status,
            coalesce(p.pickup_photo, 'off') as pickup_photo,
            exists (select 1 from task_photos ph where ph.task_id = t.id) as photo_taken
       from tasks t join users u on u.id = t.user_id left join pricing p on p.service_name = t.service_name
      where t.driver_id = $1 and t.status in ('driver-assigned', 'on-going')
      order by coalesce(t.scheduled_start, t.created_at), t.id`,
    [driverId],
  );
}

/**
 * Whether the task is the driver's (assigned, on the way, completed or cancelled while theirs):
 * its chat is readable, and open for sending until a day after the end (tasks/chat.routes.ts).
 */
export async function isDriversChat(db: Queryable, taskId: string, driverId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from tasks where id = $1 and driver_id = $2 and status in ('driver-assigned', 'on-going', 'completed', 'cancelled')`,
    [taskId, driverId],
  );
  return rows.length > 0;
}

/** How a task the driver held ended: its status, who cancelled and why, and what the driver earned (kobo). */
export async function selectDriverOutcome(
  db: Queryable,
  taskId: string,
  driverId: string,
): Promise<
  | {
      status: string;
      cancelled_by: string | null;
      cancel_reason: string | null;
      cancel_note: string | null;
      earned_kobo: number;
    }
  | undefined
> {
  const [row] = await db.query<{
    status: string;
    cancelled_by: string | null;
    cancel_reason: string | null;
    cancel_note: string | null;
    earned_kobo: number;
  }>(
    `select t.status, t.cancelled_by, t.cancel_reason, t.cancel_note,
            coalesce((select sum(e.amount_kobo) from driver_earnings e where e.task_id = t.id and e.driver_id = $2), 0)::bigint
              as earned_kobo
       from tasks t where t.id = $1 and t.driver_id = $2`,
    [taskId, driverId],
  );
  return row && { ...row, earned_kobo: row.earned_kobo };
}

/** The driver typed the client's right code: operators see that it was entered, never the code. */
export async function markCodeEntered(tx: Queryable, taskId: string): Promise<void> {
  await tx.query('update tasks set code_entered_at = coalesce(code_entered_at, now()) where id = $1', [taskId]);
}

export interface HistoryRow {
  id: string;
  status: 'completed' | 'cancelled';
  type: string;
  service_name: string;
  quantity: number;
  delivered_quantity: number | null;
  unit: string;
  address: string;
  ended_at: Date;
  /** What the client finally paid (the price less a refund). */
  paid_kobo: number;
  /** The ledger's rows for the task (driver_earnings, issue 61); null: no row of that kind. */
  share_kobo: number | null;
  fee_kobo: number | null;
  extra_kobo: number | null;
  /** Whether the ledger has any row of the task (else today's computation stands in). */
  in_ledger: boolean;
}

/**
 * The driver's completed and cancelled tasks, newest first: those that ended before `before`
 * (a page, `limit` of them), or all that ended since `since` (the sums). When each ended (its
 * completion, or its cancel's status event), what the client paid and what the ledger holds.
 */
export async function selectDriverHistory(
  db: Queryable,
  driverId: string,
  options: { before?: { at: Date; id: string }; since?: Date; limit: number },
): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    `with ended as (
       select t.id, t.status, t.type, t.service_name, t.quantity, t.delivered_quantity, t.unit, t.address,
              case when t.status = 'completed' then t.completed_at
                   else coalesce((select max(e.created_at) from task_events e
                                   where e.task_id = t.id and e.kind = 'status' and e.status = 'cancelled'), t.created_at)
              end as ended_at,
              t.amount_kobo - coalesce((select sum(r.amount_kobo) from refunds r where r.task_id = t.id), 0) as paid_kobo
         from tasks t
        where t.driver_id = $1 and t.status in ('completed', 'cancelled')
     )
     select e.*, 
            (select sum(amount_kobo) from driver_earnings d where d.task_id = e.id and d.driver_id = $1 and d.kind = 'share') as share_kobo,
            (select sum(amount_kobo) from driver_earnings d where d.task_id = e.id and d.driver_id = $1 and d.kind = 'fee') as fee_kobo,
            (select sum(amount_kobo) from driver_earnings d where d.task_id = e.id and d.driver_id = $1 and d.kind = 'extra') as extra_kobo,
            exists (select 1 from driver_earnings d where d.task_id = e.id and d.driver_id = $1) as in_ledger
       from ended e
      where e.ended_at is not null
        and ($2::timestamptz is null or (e.ended_at, e.id) < ($2::timestamptz, $3::text))
        and ($4::timestamptz is null or e.ended_at >= $4::timestamptz)
      order by e.ended_at desc, e.id desc
      limit $5`,
    [
      driverId,
      options.before?.at.toISOString() ?? null,
      options.before?.id ?? '',
      options.since?.toISOString() ?? null,
      options.limit,
    ],
  );
}
