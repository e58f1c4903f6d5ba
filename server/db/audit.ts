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
