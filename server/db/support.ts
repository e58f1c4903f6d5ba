/** Support requests ('Report a problem' on a task) and the operator's replies (migration 009). */
import { randomUUID } from 'node:crypto';
import type { SupportCategory, SupportRequest } from '../../src/shared/contract';
import type { Queryable } from './connection';
import { insertSupportReplyEvent } from './task-events';

interface SupportRow {
  id: string;
  user_id: string;
  task_id: string;
  category: SupportCategory;
  text: string;
  reply: string | null;
  replied_at: Date | null;
  created_at: Date;
  /** When an operator closed it (migration 022); null while open. */
  closed_at?: Date | null;
}

export function toSupportRequest(row: SupportRow): SupportRequest {
  return {
    _id: row.id,
    taskId: row.task_id,
    category: row.category,
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
    reply: row.reply,
    repliedAt: row.replied_at ? new Date(row.replied_at).toISOString() : null,
  };
}

export async function insertSupportRequest(
  db: Queryable,
  request: { userId: string; taskId: string; category: SupportCategory; text: string },
): Promise<SupportRequest> {
  const [row] = await db.query<SupportRow>(
    `insert into support_requests (id, user_id, task_id, category, text) values ($1, $2, $3, $4, $5) returning *`,
    [randomUUID(), request.userId, request.taskId, request.category, request.text],
  );
  return toSupportRequest(row!);
}

export async function listSupportRequestsOfUser(db: Queryable, userId: string): Promise<SupportRequest[]> {
  const rows = await db.query<SupportRow>(
    'select * from support_requests where user_id = $1 order by created_at desc, id desc limit 100',
    [userId],
  );
  return rows.map(toSupportRequest);
}

export interface OpsSupportRow extends SupportRow {
  client_firstname: string;
  client_lastname: string;
  client_email: string;
  service_name: string;
  /** The client's plan while it runs, else null. */
  client_plan: string | null;
  /** That plan's support priority ('Platinum VIP'), else null. */
  client_priority: string | null;
}

/**
 * Requests for the operator: unanswered ones first; among them those of clients whose running
 * plan has a support priority (plan data, migration 080), the dearer plan first, then the rest;
 * oldest first (`all`: answered too).
 */
export function selectSupportRequests(db: Queryable, all: boolean, now: Date): Promise<OpsSupportRow[]> {
  return db.query<OpsSupportRow>(
    `select s.*, u.firstname as client_firstname, u.lastname as client_lastname, u.email as client_email, t.service_name,
            case when u.subscription_expires_at > $2 then u.subscription_plan end as client_plan,
            p.support_priority as client_priority
       from support_requests s join users u on u.id = s.user_id join tasks t on t.id = s.task_id
       left join plans p on p.key = u.subscription_plan and u.subscription_expires_at > $2
      where $1::boolean or (s.reply is null and s.closed_at is null)
      order by (s.reply is not null),
               p.support_priority is null,
               case when p.support_priority is not null then p.price_kobo end desc nulls last,
               s.created_at, s.id`,
    [all, now],
  );
}

/** Answers a request (once: a second reply is refused); the client gets it as a bell event on the task. */
export async function replyToSupportRequest(
  db: Queryable,
  id: string,
  reply: string,
): Promise<OpsSupportRow | 'not-found' | 'answered'> {
  const [row] = await db.query<SupportRow>(
    `update support_requests set reply = $2, replied_at = now() where id = $1 and reply is null returning *`,
    [id, reply],
  );
  if (!row) {
    const [known] = await db.query('select 1 from support_requests where id = $1', [id]);
    return known ? 'answered' : 'not-found';
  }
  await insertSupportReplyEvent(db, row.task_id, reply);
  const [full] = await selectSupportRequests(db, true, new Date()).then((rows) =>
    rows.filter((entry) => entry.id === id),
  );
  return full!;
}

/**
 * Support request ids equal to `idOrPrefix` or, when it is at least `minPrefix` long, starting
 * with it: the exact one first, at most two (two mean the prefix is ambiguous).
 */
export async function matchSupportRequestIds(db: Queryable, idOrPrefix: string, minPrefix: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from support_requests where id = $1 or (length($1) >= $2 and starts_with(id, $1))
      order by (id = $1) desc, id limit 2`,
    [idOrPrefix, minPrefix],
  );
  return rows.map((row) => row.id);
}
