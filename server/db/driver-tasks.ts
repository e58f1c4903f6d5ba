/**
 * A driver's own tasks (docs/driver.md): every query names the driver, so another driver's
 * task is simply not found.
 */
import type { Queryable } from './connection';
import { TRACKERS_KEY, publishInvalidation } from './poll-cache';
import { insertStatusEvent } from './task-events';

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
}

/** Accepted and on the way: the ones the driver still has to do, soonest first. */
export async function selectDriverTasks(db: Queryable, driverId: string): Promise<DriverTaskRow[]> {
  return db.query<DriverTaskRow>(
    `select t.id, t.status, t.type, t.service_name, t.quantity, t.unit, t.amount_kobo, t.address, t.address_details,
            t.lat, t.lng, t.scheduled_start, t.scheduled_end, t.arrived_at, u.firstname as client_firstname, u.phonenumber as client_phone
       from tasks t join users u on u.id = t.user_id
      where t.driver_id = $1 and t.status in ('driver-assigned', 'on-going')
      order by coalesce(t.scheduled_start, t.created_at), t.id`,
    [driverId],
  );
}

/**
 * The driver's completed tasks since `since`: when each was completed and what the client
 * finally paid for it, the price less the refund of a smaller weighed or counted quantity
 * (a completed task's only refund; earnings, docs/driver.md).
 */
export async function selectDriverCompletions(
  db: Queryable,
  driverId: string,
  since: Date,
): Promise<Array<{ completed_at: Date; paid_kobo: number }>> {
  return db.query(
    `select t.completed_at, t.amount_kobo - coalesce(r.amount_kobo, 0) as paid_kobo
       from tasks t left join refunds r on r.task_id = t.id
      where t.driver_id = $1 and t.status = 'completed' and t.completed_at >= $2`,
    [driverId, since.toISOString()],
  );
}

export interface CompletionRow {
  id: string;
  status: string;
  user_id: string;
  unit: string;
  service_name: string;
  quantity: number;
  confirmation_code: string;
  code_failures: number;
  delivered_quantity: number | null;
}

/** The driver's task, locked for the completion (undefined: not theirs). */
export async function lockDriverTask(
  tx: Queryable,
  taskId: string,
  driverId: string,
): Promise<CompletionRow | undefined> {
  const [row] = await tx.query<CompletionRow>(
    `select id, status, user_id, unit, service_name, quantity, confirmation_code, code_failures, delivered_quantity
       from tasks where id = $1 and driver_id = $2 for update`,
    [taskId, driverId],
  );
  return row;
}

/** Whether the task is the driver's now, and its chat open (assigned, on the way or completed). */
export async function isDriversChat(db: Queryable, taskId: string, driverId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from tasks where id = $1 and driver_id = $2 and status in ('driver-assigned', 'on-going', 'completed')`,
    [taskId, driverId],
  );
  return rows.length > 0;
}

/** On the way: 'started' now, 'already' when it was, or the status that does not allow it. */
export async function startDriverTask(
  tx: Queryable,
  taskId: string,
  driverId: string,
): Promise<'started' | 'already' | 'not-found' | 'closed'> {
  const rows = await tx.query(
    `update tasks set status = 'on-going' where id = $1 and driver_id = $2 and status = 'driver-assigned' returning id`,
    [taskId, driverId],
  );
  if (rows.length > 0) {
    await insertStatusEvent(tx, taskId, 'on-going');
    await publishInvalidation(tx, [TRACKERS_KEY]);
    return 'started';
  }
  const [row] = await tx.query<{ status: string }>('select status from tasks where id = $1 and driver_id = $2', [
    taskId,
    driverId,
  ]);
  if (!row) return 'not-found';
  return row.status === 'on-going' ? 'already' : 'closed';
}

/** One more wrong code; answers how many there are now. */
export async function countWrongCode(db: Queryable, taskId: string): Promise<number> {
  const [row] = await db.query<{ code_failures: number }>(
    'update tasks set code_failures = code_failures + 1 where id = $1 returning code_failures',
    [taskId],
  );
  return row.code_failures;
}

export async function recordDeliveredQuantity(tx: Queryable, taskId: string, quantity: number): Promise<void> {
  await tx.query('update tasks set delivered_quantity = $2 where id = $1', [taskId, quantity]);
}

/** The driver says it has arrived: 'arrived' (kept once set), or why not. */
export async function markDriverArrived(
  tx: Queryable,
  taskId: string,
  driverId: string,
): Promise<'arrived' | 'not-found' | 'closed'> {
  const rows = await tx.query(
    `update tasks set arrived_at = coalesce(arrived_at, now())
      where id = $1 and driver_id = $2 and status in ('driver-assigned', 'on-going') returning id`,
    [taskId, driverId],
  );
  if (rows.length > 0) return 'arrived';
  const mine = await tx.query('select 1 from tasks where id = $1 and driver_id = $2', [taskId, driverId]);
  return mine.length > 0 ? 'closed' : 'not-found';
}
