/** SQL of refund requests (migration 036): support's refunds above their limit, waiting for an admin. */
import type { Queryable } from './connection';

export interface RefundRequestRow {
  id: string;
  task_id: string;
  amount_kobo: number;
  reason: string;
  requested_by: string;
  requested_at: Date;
  decision: 'approved' | 'declined' | null;
  decided_by: string | null;
  decided_at: Date | null;
  note: string | null;
  service_name: string;
  address: string;
  client_firstname: string;
  client_lastname: string;
}

/** False when the task has an open request already. */
export async function insertRefundRequest(
  db: Queryable,
  request: {
    id: string;
    taskId: string;
    amountKobo: number;
    reason: string;
    requestedBy: string;
    requestedById: string | null;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into refund_requests (id, task_id, amount_kobo, reason, requested_by, requested_by_id)
     values ($1, $2, $3, $4, $5, $6) on conflict (task_id) where decided_at is null do nothing returning id`,
    [request.id, request.taskId, request.amountKobo, request.reason, request.requestedBy, request.requestedById],
  );
  return rows.length > 0;
}

const SELECT = `select q.*, t.service_name, t.address, u.firstname as client_firstname, u.lastname as client_lastname
  from refund_requests q join tasks t on t.id = q.task_id join users u on u.id = t.user_id`;

/** The open requests, oldest first, then the 50 newest decided ones. */
export async function selectRefundRequests(db: Queryable): Promise<RefundRequestRow[]> {
  const open = await db.query<RefundRequestRow>(`${SELECT} where q.decided_at is null order by q.requested_at, q.id`);
  const decided = await db.query<RefundRequestRow>(
    `${SELECT} where q.decided_at is not null order by q.decided_at desc, q.id limit 50`,
  );
  return [...open, ...decided];
}

export async function lockOpenRefundRequest(db: Queryable, id: string): Promise<RefundRequestRow | undefined> {
  const [row] = await db.query<RefundRequestRow>(`${SELECT} where q.id = $1 and q.decided_at is null for update of q`, [
    id,
  ]);
  return row;
}

export async function refundRequestExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('select 1 from refund_requests where id = $1', [id])).length > 0;
}

/** Whether it was still open (a second decision finds it decided). */
export async function decideRefundRequest(
  db: Queryable,
  id: string,
  decision: { decision: 'approved' | 'declined'; by: string; note: string; at: Date },
): Promise<boolean> {
  const rows = await db.query(
    `update refund_requests set decision = $2, decided_by = $3, note = $4, decided_at = $5
      where id = $1 and decided_at is null returning id`,
    [id, decision.decision, decision.by, decision.note, decision.at],
  );
  return rows.length > 0;
}

/** The task a request is about, locked: its status and what its card paid (the full refund a cancel gives back). */
export async function lockTaskForRequest(
  db: Queryable,
  taskId: string,
): Promise<{ status: string; paid_kobo: number } | undefined> {
  const [row] = await db.query<{ status: string; paid_kobo: number }>(
    `select t.status, coalesce(p.amount_kobo, 0) as paid_kobo
       from tasks t left join payment_uses p on p.reference = t.reference and p.purpose = 'task'
      where t.id = $1 and t.payment_reversed_at is null
      for update of t`,
    [taskId],
  );
  return row ? { status: row.status, paid_kobo: row.paid_kobo } : undefined;
}
