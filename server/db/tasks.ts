/** Tasks: rows joined with their driver, their API shape (`Task` of the contract), and writes. */
import type { CancelReason, RefundStatus, Task, TaskStatus } from '../../src/shared/contract';
import { koboToNaira } from '../../src/shared/money';
import { toTaskRefund } from './refunds';
import type { Queryable } from './connection';

export interface TaskRow {
  id: string;
  user_id: string;
  status: string;
  reference: string;
  address: string;
  /** Absent only before migration 005. */
  address_details?: string | null;
  lng: number;
  lat: number;
  datetime: Date;
  type: string;
  service_name: string;
  amount_kobo: number;
  unit: string;
  confirmation_code: string;
  driver_id: string | null;
  created_at: Date;
  driver_firstname: string | null;
  driver_lastname: string | null;
  driver_phone: string | null;
  /** The columns below are absent only before migration 009. */
  driver_photo_url?: string | null;
  driver_vehicle?: string | null;
  driver_plate?: string | null;
  driver_rating_sum?: number | null;
  driver_rating_count?: number | null;
  cancel_reason?: string | null;
  completed_at?: Date | null;
  refund_status?: RefundStatus | null;
  refund_amount_kobo?: number | null;
  refund_updated_at?: Date | null;
  rating_stars?: number | null;
  rating_comment?: string | null;
  rating_at?: Date | null;
  /** The columns below are absent only before migration 010. */
  quantity?: number | null;
  scheduled_start?: Date | null;
  scheduled_end?: Date | null;
  /** Absent only before migration 011. */
  covered_quantity?: number | null;
  /** Absent only before migration 018. */
  payment_reversed_at?: Date | null;
  /** Absent only before migration 020. */
  arrived_at?: Date | null;
  /** Absent only before migration 021. */
  delivered_quantity?: number | null;
  /** The columns below are absent only before migration 026. */
  weighed_quantity?: number | null;
  extra_quantity?: number | null;
  extra_covered_quantity?: number | null;
  extra_amount_kobo?: number | null;
  extra_status?: 'awaiting' | 'paid' | 'declined' | null;
  extra_reference?: string | null;
  cancel_fee_kobo?: number | null;
  /** Absent only before migration 035. */
  drivers_busy_told_at?: Date | null;
  keep_waiting_at?: Date | null;
  /** A support agent's refund above their limit awaits an admin (migration 036). */
  refund_awaiting_approval?: boolean | null;
}

/** Every task read goes through this select, so `toTask` always gets the driver columns. */
const TASK_SELECT = `select t.*, d.firstname as driver_firstname, d.lastname as driver_lastname, d.phone as driver_phone,
    d.photo_url as driver_photo_url, d.vehicle as driver_vehicle, d.plate as driver_plate,
    d.rating_sum as driver_rating_sum, d.rating_count as driver_rating_count,
    r.status as refund_status, r.amount_kobo as refund_amount_kobo, r.updated_at as refund_updated_at,
    g.stars as rating_stars, g.comment as rating_comment, g.created_at as rating_at,
    exists (select 1 from refund_requests q where q.task_id = t.id and q.decided_at is null) as refund_awaiting_approval
  from tasks t left join drivers d on d.id = t.driver_id
  left join refunds r on r.reference = t.reference and r.kind in ('cancel', 'weighed')
  left join ratings g on g.task_id = t.id`;

/** The mean of a driver's stars to one decimal (0 before the first rating). */
export function ratingAverage(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}

export function toTask(row: TaskRow): Task {
  return {
    _id: row.id,
    status: row.status as TaskStatus,
    reference: row.reference,
    address: row.address,
    addressDetails: row.address_details ?? '',
    location: { type: 'Point', coordinates: [row.lng, row.lat] },
    datetime: new Date(row.datetime).toISOString(),
    type: row.type,
    serviceName: row.service_name,
    amount: koboToNaira(row.amount_kobo),
    unit: row.unit,
    quantity: row.quantity == null ? 1 : row.quantity,
    coveredQuantity: row.covered_quantity == null ? 0 : row.covered_quantity,
    scheduledFor:
      row.scheduled_start && row.scheduled_end
        ? { start: new Date(row.scheduled_start).toISOString(), end: new Date(row.scheduled_end).toISOString() }
        : null,
    user: row.user_id,
    confirmationCode: row.confirmation_code,
    driverId: row.driver_id,
    driver:
      row.driver_id && row.driver_firstname !== null
        ? {
            _id: row.driver_id,
            firstname: row.driver_firstname,
            lastname: row.driver_lastname ?? '',
            phone: row.driver_phone ?? '',
            photoUrl: row.driver_photo_url ?? '',
            vehicle: row.driver_vehicle ?? '',
            plate: row.driver_plate ?? '',
            rating: {
              average: ratingAverage(row.driver_rating_sum ?? 0, row.driver_rating_count ?? 0),
              count: row.driver_rating_count ?? 0,
            },
          }
        : null,
    ...(row.payment_reversed_at ? { paymentReversed: true } : {}),
    refund:
      row.refund_status && row.refund_amount_kobo != null && row.refund_updated_at
        ? toTaskRefund({
            status: row.refund_status,
            amount_kobo: row.refund_amount_kobo,
            updated_at: row.refund_updated_at,
          })
        : null,
    rating:
      row.rating_stars != null && row.rating_at
        ? { stars: row.rating_stars, comment: row.rating_comment ?? '', at: new Date(row.rating_at).toISOString() }
        : null,
    cancelReason: (row.cancel_reason as CancelReason | null | undefined) ?? null,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    arrivedAt: row.arrived_at ? new Date(row.arrived_at).toISOString() : null,
    collectedQuantity: row.delivered_quantity == null ? null : row.delivered_quantity,
    weighedQuantity: row.weighed_quantity == null ? null : row.weighed_quantity,
    extra:
      row.extra_quantity != null && row.extra_status
        ? {
            quantity: row.extra_quantity,
            amount: koboToNaira(row.extra_amount_kobo ?? 0),
            coveredQuantity: row.extra_covered_quantity ?? 0,
            status: row.extra_status,
          }
        : null,
    cancelFee: koboToNaira(row.cancel_fee_kobo ?? 0),
    driversBusy:
      row.status === 'pending' && row.driver_id === null && Boolean(row.drivers_busy_told_at) && !row.keep_waiting_at,
    refundAwaitingApproval: Boolean(row.refund_awaiting_approval),
  };
}

/** A client's tasks, oldest first (the spec's history reverses this order). */
export async function listTasksForUser(db: Queryable, userId: string): Promise<TaskRow[]> {
  return db.query<TaskRow>(`${TASK_SELECT} where t.user_id = $1 order by t.created_at, t.id`, [userId]);
}

export async function findTaskById(db: Queryable, id: string): Promise<TaskRow | undefined> {
  const [row] = await db.query<TaskRow>(`${TASK_SELECT} where t.id = $1`, [id]);
  return row;
}

export async function findTaskByReference(db: Queryable, reference: string): Promise<TaskRow | undefined> {
  const [row] = await db.query<TaskRow>(`${TASK_SELECT} where t.reference = $1`, [reference]);
  return row;
}

export interface NewTask {
  id: string;
  userId: string;
  reference: string;
  address: string;
  /** '' when none. */
  addressDetails: string;
  lng: number;
  lat: number;
  datetime: Date;
  type: string;
  serviceName: string;
  /** The task's price: what the card and the points paid (0 when the plan paid it all). */
  amountKobo: number;
  unitPriceKobo: number;
  unit: string;
  quantity: number;
  /** What the plan paid of `quantity`. */
  coveredQuantity: number;
  scheduledFor: { start: string; end: string } | null;
  confirmationCode: string;
}

export async function insertTask(db: Queryable, task: NewTask): Promise<void> {
  await db.query(
    `insert into tasks (id, user_id, status, reference, address, address_details, lng, lat, datetime, type, service_name,
                        amount_kobo, unit, confirmation_code, quantity, scheduled_start, scheduled_end, covered_quantity,
                        unit_price_kobo)
     values ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      task.id,
      task.userId,
      task.reference,
      task.address,
      task.addressDetails,
      task.lng,
      task.lat,
      task.datetime,
      task.type,
      task.serviceName,
      task.amountKobo,
      task.unit,
      task.confirmationCode,
      task.quantity,
      task.scheduledFor?.start ?? null,
      task.scheduledFor?.end ?? null,
      task.coveredQuantity,
      task.unitPriceKobo,
    ],
  );
}

/** Remembers the plan a covered booking was made under (its receipt names it later). */
export async function recordCoveredPlan(db: Queryable, taskId: string, userId: string): Promise<void> {
  await db.query('update tasks set covered_plan = (select subscription_plan from users where id = $2) where id = $1', [
    taskId,
    userId,
  ]);
}
