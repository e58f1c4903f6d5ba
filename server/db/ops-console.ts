/** SQL of the operator console's own commands (server/console/console-commands.ts). */
import type { Queryable } from './connection';
import { locationKey, publishInvalidation } from './poll-cache';

export interface TaskExtraRow {
  client_lastname: string;
  client_phone: string;
  paid_kobo: number | null;
  payment_reversed_at: Date | null;
  refund_kobo: number | null;
  refund_status: string | null;
  cancelled_by: string | null;
  cancel_note: string | null;
  delivered_quantity: number | null;
  extra_paid_kobo: number | null;
  cancel_fee_kobo: number;
}

export async function selectTaskExtra(db: Queryable, taskId: string): Promise<TaskExtraRow> {
  const [row] = await db.query<TaskExtraRow>(
    `select u.lastname as client_lastname, u.phonenumber as client_phone, p.amount_kobo as paid_kobo,
            t.payment_reversed_at, r.amount_kobo as refund_kobo, r.status as refund_status, t.cancelled_by,
            t.cancel_note, t.delivered_quantity, t.cancel_fee_kobo,
            (select x.amount_kobo from payment_uses x where x.reference = t.extra_reference and x.purpose = 'extra')
              as extra_paid_kobo
       from tasks t join users u on u.id = t.user_id
       left join payment_uses p on p.reference = t.reference and p.purpose = 'task'
       left join refunds r on r.reference = t.reference and r.kind in ('cancel', 'weighed')
      where t.id = $1`,
    [taskId],
  );
  return row;
}

export function selectTaskStatusEvents(db: Queryable, taskId: string) {
  return db.query<{ created_at: Date; kind: string; status: string | null; refund_status: string | null }>(
    `select created_at, kind, status, refund_status from task_events where task_id = $1 order by created_at, id limit 200`,
    [taskId],
  );
}

export function selectAcceptedOffers(db: Queryable, taskId: string) {
  return db.query<{ offered_at: Date; firstname: string; lastname: string }>(
    `select o.offered_at, d.firstname, d.lastname from task_offers o join drivers d on d.id = o.driver_id
      where o.task_id = $1 and o.outcome = 'accepted' order by o.offered_at`,
    [taskId],
  );
}

export function selectTaskAudit(db: Queryable, taskId: string) {
  return db.query<{ at: Date; actor: string; action: string }>(
    `select at, actor, action from audit_log where subject = $1 order by id limit 200`,
    [`task:${taskId}`],
  );
}

/** The newest 200 messages of the thread, oldest first. */
export async function selectTaskMessages(db: Queryable, taskId: string) {
  const rows = await db.query<{ sender: 'user' | 'driver'; content: string; created_at: Date }>(
    `select sender, content, created_at from messages where task_id = $1 order by created_at desc, id desc limit 200`,
    [taskId],
  );
  return rows.reverse();
}

/** Sets the given fields (undefined ones stay): one fixed statement, a null parameter keeps the column. */
export async function updateDriverFields(
  db: Queryable,
  driverId: string,
  fields: Partial<Record<'firstname' | 'lastname' | 'phone' | 'vehicle' | 'plate' | 'photoUrl', string>>,
): Promise<void> {
  const values = [fields.firstname, fields.lastname, fields.phone, fields.vehicle, fields.plate, fields.photoUrl];
  if (values.every((value) => value === undefined)) return;
  await db.query(
    `update drivers set firstname = coalesce($2::text, firstname), lastname = coalesce($3::text, lastname),
       phone = coalesce($4::text, phone), vehicle = coalesce($5::text, vehicle), plate = coalesce($6::text, plate),
       photo_url = coalesce($7::text, photo_url)
     where id = $1`,
    [driverId, ...values.map((value) => value ?? null)],
  );
}

/** Inactive, offline, sessions ended, its open offers withdrawn ('taken': they go to another driver). */
export async function deactivateDriver(db: Queryable, driverId: string): Promise<void> {
  await db.query(
    `update drivers set active = false, online = false, session_version = session_version + 1 where id = $1`,
    [driverId],
  );
  await db.query(`update task_offers set outcome = 'taken' where driver_id = $1 and outcome is null`, [driverId]);
  await publishInvalidation(db, [locationKey(driverId)]);
}

/** Active again; offline until the driver goes online in the app (their sessions ended at deactivation). */
export async function reactivateDriver(db: Queryable, driverId: string): Promise<void> {
  await db.query('update drivers set active = true where id = $1', [driverId]);
}

export async function closeSupportRequest(db: Queryable, id: string): Promise<'done' | 'not-found' | 'closed'> {
  const rows = await db.query(
    'update support_requests set closed_at = now() where id = $1 and closed_at is null returning id',
    [id],
  );
  if (rows.length > 0) return 'done';
  const known = await db.query('select 1 from support_requests where id = $1', [id]);
  return known.length > 0 ? 'closed' : 'not-found';
}

interface ClientRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  phonenumber: string;
}

/** `like` takes % and _ as wildcards: a search for them means the characters. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function searchClients(db: Queryable, text: string, phone: string | null): Promise<ClientRow[]> {
  return db.query<ClientRow>(
    `select id, firstname, lastname, email, phonenumber from users
      where lower(email) like $1 escape '\\' or phonenumber like $1 escape '\\' or phonenumber = $2
      order by email limit 20`,
    [`%${literal(text)}%`, phone],
  );
}

export async function selectClient(db: Queryable, userId: string) {
  const [row] = await db.query<
    ClientRow & {
      created_at: Date;
      subscription_plan: string | null;
      subscription_expires_at: Date | null;
      balance_kobo: number;
    }
  >(
    `select id, firstname, lastname, email, phonenumber, created_at, subscription_plan, subscription_expires_at, balance_kobo
       from users where id = $1`,
    [userId],
  );
  return row;
}
