/**
 * The client's task events, what the bell lists: written in the transaction that changes the
 * task, they set the user's `notification` flag, and marking them read recomputes it, so the
 * red dot always means "has unread events" (docs/architecture.md, 'The live Home and the bell').
 */
import type { RefundStatus, TaskEvent, TaskEventKind, TaskStatus } from '../../src/shared/contract';
import { extraAskText } from '../../src/shared/collected';
import { koboToNaira } from '../../src/shared/money';
import type { Queryable } from './connection';
import { enqueueTaskNotification } from './push';
import type { PushKind } from '../../src/shared/push-payload';

/** The notification each status sends (none for back to pending). */
const PUSH_OF_STATUS: Partial<Record<TaskStatus, PushKind>> = {
  'driver-assigned': 'driver-assigned',
  'on-going': 'on-the-way',
  completed: 'completed',
  cancelled: 'cancelled',
};

interface TaskEventRow {
  id: number;
  kind: TaskEventKind;
  task_id: string | null;
  status: string | null;
  service_type: string;
  service_name: string;
  amount_kobo: number | null;
  created_at: Date;
  is_read: boolean;
  refund_status: RefundStatus | null;
  message: string | null;
  scheduled_start: Date | null;
  scheduled_end: Date | null;
  schedule_id: string | null;
}

function toTaskEvent(row: TaskEventRow): TaskEvent {
  return {
    _id: String(row.id),
    kind: row.kind,
    taskId: row.task_id,
    status: (row.status as TaskStatus | null) ?? null,
    type: row.service_type,
    serviceName: row.service_name,
    amount: row.amount_kobo === null ? null : koboToNaira(row.amount_kobo),
    at: new Date(row.created_at).toISOString(),
    read: row.is_read,
    refundStatus: row.refund_status ?? null,
    message: row.message ?? null,
    scheduledFor:
      row.scheduled_start && row.scheduled_end
        ? {
            start: new Date(row.scheduled_start).toISOString(),
            end: new Date(row.scheduled_end).toISOString(),
          }
        : null,
    scheduleId: row.schedule_id ?? null,
  };
}

/** Who a bell event is for: a task's owner (its service read from the task), or a user without a task. */
export type BellEventSubject = { taskId: string } | { userId: string };

/** What a bell event says; the fields its kind does not use stay null. */
export interface BellEvent {
  kind: TaskEventKind;
  status?: TaskStatus;
  refundStatus?: RefundStatus;
  amountKobo?: number;
  message?: string;
  scheduleId?: string;
  /** For an event without a task (a recurring date not covered); a task's event takes the task's. */
  service?: { type: string; name: string };
  scheduledFor?: { start: Date | string; end: Date | string };
}

/**
 * The one write of a bell event: the event and the owner's red dot in one statement, so the dot
 * is never on without an event to explain it, nor an event left without the dot. A task that
 * does not exist writes nothing. Every value is a parameter; the column list is fixed.
 */
export async function insertBellEvent(db: Queryable, subject: BellEventSubject, event: BellEvent): Promise<void> {
  await db.query(
    `with event as (
       insert into task_events (user_id, task_id, kind, status, refund_status, amount_kobo, message, schedule_id,
                                service_type, service_name, scheduled_start, scheduled_end)
       select coalesce(t.user_id, $1::text), t.id, $3::text, $4::text, $5::text, $6::bigint, $7::text, $8::text,
              coalesce(t.type, $9::text, ''), coalesce(t.service_name, $10::text, ''), $11::timestamptz, $12::timestamptz
         from (values (1)) as one left join tasks t on t.id = $2::text
        where coalesce(t.user_id, $1::text) is not null
       returning user_id
     )
     update users set notification = true where id in (select user_id from event)`,
    [
      'userId' in subject ? subject.userId : null,
      'taskId' in subject ? subject.taskId : null,
      event.kind,
      event.status ?? null,
      event.refundStatus ?? null,
      event.amountKobo ?? null,
      event.message ?? null,
      event.scheduleId ?? null,
      event.service?.type ?? null,
      event.service?.name ?? null,
      event.scheduledFor?.start ?? null,
      event.scheduledFor?.end ?? null,
    ],
  );
}

/** The driver weighed more than booked: the owner is asked to pay the extra, on the bell and by push. */
export async function insertExtraEvent(
  db: Queryable,
  taskId: string,
  extra: { weighed: string; booked: string; amountKobo: number },
): Promise<void> {
  const message = extraAskText(extra.weighed, extra.booked, extra.amountKobo);
  await insertBellEvent(db, { taskId }, { kind: 'extra', amountKobo: extra.amountKobo, message });
  await enqueueTaskNotification(db, taskId, 'extra', { message });
}

/** Records that the task now has `status` (for its owner), and turns the owner's dot on. */
export async function insertStatusEvent(db: Queryable, taskId: string, status: TaskStatus): Promise<void> {
  await insertBellEvent(db, { taskId }, { kind: 'status', status });
  const kind = PUSH_OF_STATUS[status];
  if (kind) await enqueueTaskNotification(db, taskId, kind);
}

/** Records a referral reward credited to `userId` (the referred client's task stays theirs). */
export async function insertReferralRewardEvent(db: Queryable, userId: string, amountKobo: number): Promise<void> {
  await insertBellEvent(db, { userId }, { kind: 'referral-reward', amountKobo });
}

/** Records the operator's reply to a support request about the task, for its owner. */
export async function insertSupportReplyEvent(db: Queryable, taskId: string, message: string): Promise<void> {
  await insertBellEvent(db, { taskId }, { kind: 'support-reply', message });
  await enqueueTaskNotification(db, taskId, 'support-reply', { message: message.slice(0, 300) });
}

/** The user's newest events first (at most `limit`), each marked read or not. */
export async function listTaskEvents(db: Queryable, userId: string, limit: number): Promise<TaskEvent[]> {
  const rows = await db.query<TaskEventRow>(
    `select e.id, e.kind, e.task_id, e.status, e.service_type, e.service_name, e.amount_kobo, e.created_at, e.refund_status, e.message,
            coalesce(t.scheduled_start, e.scheduled_start) as scheduled_start,
            coalesce(t.scheduled_end, e.scheduled_end) as scheduled_end, e.schedule_id,
            (u.events_read_at is not null and e.created_at <= u.events_read_at) as is_read
       from task_events e join users u on u.id = e.user_id left join tasks t on t.id = e.task_id
      where e.user_id = $1
      order by e.created_at desc, e.id desc
      limit $2`,
    [userId, limit],
  );
  return rows.map(toTaskEvent);
}

/**
 * Marks the user's events up to `upTo` read (never moving the mark back, never past now) and
 * answers how many stay unread; the dot follows. Run it in a transaction.
 */
export async function markTaskEventsRead(db: Queryable, userId: string, upTo: Date): Promise<number> {
  await db.query(
    `update users set events_read_at = greatest(coalesce(events_read_at, '-infinity'::timestamptz), least($2::timestamptz, now()))
      where id = $1`,
    [userId, upTo],
  );
  const [row] = await db.query<{ unread: number }>(
    `select count(*)::int as unread from task_events e join users u on u.id = e.user_id
      where u.id = $1 and e.created_at > u.events_read_at`,
    [userId],
  );
  await db.query('update users set notification = $2 where id = $1', [userId, row.unread > 0]);
  return row.unread;
}
