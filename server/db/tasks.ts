/** Tasks: rows joined with their driver, their API shape (`Task` of the contract), and writes. */
import type { Task, TaskStatus } from '../../src/shared/contract';
import type { Queryable } from './connection';

export interface TaskRow {
  id: string;
  user_id: string;
  status: string;
  reference: string;
  address: string;
  /** Absent only before migration 005. */
  address_details?: string | null;
  lng: number | string;
  lat: number | string;
  datetime: Date | string;
  type: string;
  service_name: string;
  amount: number | string;
  unit: string;
  confirmation_code: string;
  driver_id: string | null;
  created_at: Date | string;
  driver_firstname: string | null;
  driver_lastname: string | null;
  driver_phone: string | null;
}

/** Every task read goes through this select, so `toTask` always gets the driver columns. */
const TASK_SELECT = `select t.*, d.firstname as driver_firstname, d.lastname as driver_lastname, d.phone as driver_phone
  from tasks t left join drivers d on d.id = t.driver_id`;

export function toTask(row: TaskRow): Task {
  return {
    _id: row.id,
    status: row.status as TaskStatus,
    reference: row.reference,
    address: row.address,
    addressDetails: row.address_details ?? '',
    location: { type: 'Point', coordinates: [Number(row.lng), Number(row.lat)] },
    datetime: new Date(row.datetime).toISOString(),
    type: row.type,
    serviceName: row.service_name,
    amount: Number(row.amount),
    unit: row.unit,
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
          }
        : null,
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
  amount: number;
  unit: string;
  confirmationCode: string;
}

export async function insertTask(db: Queryable, task: NewTask): Promise<void> {
  await db.query(
    `insert into tasks (id, user_id, status, reference, address, address_details, lng, lat, datetime, type, service_name, amount, unit, confirmation_code)
     values ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
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
      task.amount,
      task.unit,
      task.confirmationCode,
    ],
  );
}
