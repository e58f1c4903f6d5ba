/**
 * The audit trail (issue 47, docs/operations.md 'Audit'): one row per change an operator or
 * the CLI made to a task, payment, refund, driver, operator or support request, written in
 * the change's own transaction where the change has one.
 */
import type { Queryable } from './connection';

/** Who did it: an operator (their id and e-mail), or the CLI ('cli', no id). */
export interface AuditActor {
  operatorId: string | null;
  actor: string;
  /** The caller's network address ('local' for the CLI on the database). */
  address: string;
}

/** The CLI running straight on the database. */
export const CLI_ACTOR: AuditActor = { operatorId: null, actor: 'cli', address: 'local' };

export interface AuditEntry {
  action: string;
  /** What changed, as '<kind>:<id>' ('task:…', 'payment:<reference>', 'driver:…'). */
  subject: string;
  before?: unknown;
  after?: unknown;
}

export async function writeAudit(db: Queryable, actor: AuditActor, entry: AuditEntry, at = new Date()): Promise<void> {
  await db.query(
    `insert into audit_log (at, operator_id, actor, address, action, subject, before, after)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      at,
      actor.operatorId,
      actor.actor,
      actor.address,
      entry.action,
      entry.subject,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

export interface AuditRow {
  id: number;
  at: Date;
  actor: string;
  address: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

/** Newest first; `before`: rows older than that id (the next page); `subject`: one thing's rows. */
export function selectAudit(
  db: Queryable,
  options: { before?: string; limit: number; subject?: string },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select id, at, actor, address, action, subject, before, after from audit_log
      where ($1::bigint is null or id < $1::bigint) and ($2::text is null or subject = $2)
      order by id desc limit $3`,
    [options.before ?? null, options.subject ?? null, options.limit],
  );
}

/** An audit row with what it needs to read in words: the actor's role, the task, person or thing it was about. */
export interface AuditWordsRow extends AuditRow {
  role: string | null;
  task_service: string | null;
  task_client: string | null;
  driver_name: string | null;
  operator_email: string | null;
  client_name: string | null;
  /** The driver an assign named (`after.driverId`). */
  assigned_driver: string | null;
}

export interface AuditFilter {
  before: string | null;
  limit: number;
  /** Part of the actor's e-mail ('cli' for the ops token). */
  who: string | null;
  /** An action ('task.cancel') or its kind ('task'). */
  what: string | null;
  taskId: string | null;
  /** A Lagos date, YYYY-MM-DD. */
  day: string | null;
}

/** Newest first, filtered (who, what, task, day), with the names its words need. */
export function selectAuditWords(db: Queryable, filter: AuditFilter): Promise<AuditWordsRow[]> {
  return db.query<AuditWordsRow>(
    `select a.id, a.at, a.actor, a.address, a.action, a.subject, a.before, a.after, o.role,
            t.service_name as task_service, tu.firstname || ' ' || tu.lastname as task_client,
            d.firstname || ' ' || d.lastname as driver_name, so.email as operator_email,
            cu.firstname || ' ' || cu.lastname as client_name, ad.firstname || ' ' || ad.lastname as assigned_driver
       from audit_log a
       left join operators o on o.id = a.operator_id
       left join tasks t on a.subject like 'task:%' and t.id = substr(a.subject, 6)
       left join users tu on tu.id = t.user_id
       left join drivers d on a.subject like 'driver:%' and d.id = substr(a.subject, 8)
       left join operators so on a.subject like 'operator:%' and so.id = substr(a.subject, 10)
       left join users cu on a.subject like 'client:%' and cu.id = substr(a.subject, 8)
       left join drivers ad on a.action = 'task.assign' and ad.id = a.after ->> 'driverId'
      where ($1::bigint is null or a.id < $1::bigint)
        and ($2::text is null or a.actor ilike '%' || $2 || '%' escape '\\')
        and ($3::text is null or a.action = $3 or a.action like $3 || '.%')
        and ($4::text is null or a.subject = 'task:' || $4)
        and ($5::date is null or ((a.at at time zone 'UTC') + interval '1 hour')::date = $5::date)
      order by a.id desc limit $6`,
    [filter.before, filter.who, filter.what, filter.taskId, filter.day, filter.limit],
  );
}
