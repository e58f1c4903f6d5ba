/**
 * The audit trail in words (issue 63, docs/operations.md 'Audit'): who, with their role, did
 * what to which task or person, with the amount and the reason, filtered by who, what, task
 * and day, and as CSV. The rows keep their before and after for whoever needs the detail.
 */
import { type CsvCell, toCsv } from '../../src/shared/csv';
import { formatNaira, nairaToKobo } from '../../src/shared/money';
import { type AuditWordsRow, selectAuditWords } from '../db/audit';
import type { Queryable } from '../db/connection';

export interface AuditLine {
  id: string;
  at: string;
  /** 'ada@greenpick.ng (support)', or 'cli (the ops token or the command line)'. */
  who: string;
  /** 'cancelled Household Waste Pickup for Chioma Test (task 1a2b3c4d) with a refund of ₦1,500.00: asked by phone'. */
  what: string;
  actor: string;
  address: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
const words = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** The audit keeps amounts in naira, as the API says them. */
const naira = (value: unknown) => (typeof value === 'number' ? formatNaira(nairaToKobo(value)) : null);
const withReason = (text: string, reason: unknown) => (words(reason) ? `${text}: ${words(reason)}` : text);

function thingOf(row: AuditWordsRow): string {
  const [kind, ...rest] = row.subject.split(':');
  const id = rest.join(':');
  if (kind === 'task')
    return row.task_service
      ? `${row.task_service} for ${row.task_client} (task ${id.slice(0, 8)})`
      : `task ${id.slice(0, 8)}`;
  if (kind === 'driver') return `driver ${row.driver_name ?? id.slice(0, 8)}`;
  if (kind === 'operator') return `operator ${row.operator_email ?? id.slice(0, 8)}`;
  if (kind === 'client') return `client ${row.client_name ?? id.slice(0, 8)}`;
  if (kind === 'payment') return `payment ${id}`;
  if (kind === 'support') return `support request ${id.slice(0, 8)}`;
  return row.subject;
}

/** What the row did, in a sentence without its subject's capital (it follows the actor). */
export function auditWhat(row: AuditWordsRow): string {
  const thing = thingOf(row);
  const { before, after } = row;
  switch (row.action) {
    case 'task.assign':
      return `assigned ${row.assigned_driver ?? 'a driver'} to ${thing}`;
    case 'task.status':
      return `set ${thing} to ${String(field(after, 'status'))} (was ${String(field(before, 'status'))})`;
    case 'task.cancel':
      return withReason(
        `cancelled ${thing} with a refund of ${naira(field(after, 'refund')) ?? '₦0.00'}`,
        field(after, 'reason'),
      );
    case 'task.complete':
      return `completed ${thing} with ${String(field(after, 'quantity') ?? 'the booked quantity')}`;
    case 'task.arrived':
      return `marked the driver arrived for ${thing}`;
    case 'task.driver-message':
      return `wrote to the client of ${thing} as the driver`;
    case 'driver.add':
      return `added ${thing}`;
    case 'driver.edit':
      return `edited ${thing}`;
    case 'driver.deactivate':
      return withReason(`deactivated ${thing}`, field(after, 'reason'));
    case 'driver.reactivate':
      return withReason(`reactivated ${thing}`, field(after, 'reason'));
    case 'driver.reset-password':
      return `reset the password of ${thing}`;
    case 'driver.move':
      return `moved ${thing} on the map`;
    case 'support.reply':
      return `answered ${thing}`;
    case 'support.close':
      return `closed ${thing}`;
    case 'payment.settle':
      return withReason(`settled ${thing}`, field(after, 'note'));
    case 'payment.honour':
      return `honoured ${thing}`;
    case 'client.points-credit':
      return `credited ${thing} ${naira(field(after, 'credited')) ?? ''} in recycle tokens`.replace('  ', ' ');
    case 'operator.add':
      return `added ${thing} as ${String(field(after, 'role'))}`;
    case 'operator.deactivate':
      return `deactivated ${thing}`;
    case 'settings.refund-limit':
      return `set support's refund limit to ${naira(field(after, 'amount'))} (was ${naira(field(before, 'amount'))})`;
    case 'refund.request':
      return withReason(
        `asked an admin to refund ${naira(field(after, 'amount'))} on ${thing}`,
        field(after, 'reason'),
      );
    case 'refund.approve':
      return withReason(`approved the refund of ${naira(field(after, 'amount'))} on ${thing}`, field(after, 'note'));
    case 'refund.decline':
      return withReason(`declined the refund of ${naira(field(after, 'amount'))} on ${thing}`, field(after, 'note'));
    default:
      return `${row.action} on ${thing}`;
  }
}

const whoOf = (row: AuditWordsRow) =>
  row.role ? `${row.actor} (${row.role})` : row.actor === 'cli' ? 'cli (the ops token or the command line)' : row.actor;

/** `like` takes % and _ as wildcards: a search for them means the characters. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface AuditQuery {
  before?: string;
  limit?: number;
  who?: string;
  what?: string;
  task?: string;
  day?: string;
}

export async function auditLines(db: Queryable, query: AuditQuery): Promise<AuditLine[]> {
  const rows = await selectAuditWords(db, {
    before: query.before ?? null,
    limit: query.limit ?? 50,
    who: query.who ? literal(query.who) : null,
    what: query.what ?? null,
    taskId: query.task ?? null,
    day: query.day ?? null,
  });
  return rows.map((row) => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    who: whoOf(row),
    what: auditWhat(row),
    actor: row.actor,
    address: row.address,
    action: row.action,
    subject: row.subject,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}

/** The filtered lines as CSV (at most 5,000, newest first). */
export async function auditCsv(db: Queryable, query: AuditQuery): Promise<string> {
  const lines = await auditLines(db, { ...query, limit: 5000 });
  const rows: CsvCell[][] = lines.map((line) => [
    line.at,
    line.who,
    line.what,
    line.address,
    line.action,
    line.subject,
  ]);
  return toCsv(['when (UTC)', 'who', 'did what', 'from address', 'action', 'subject'], rows);
}
