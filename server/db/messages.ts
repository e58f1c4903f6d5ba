/**
 * Chat messages of a task. `created_at` keeps microseconds but the API shows milliseconds,
 * so every read truncates it (never rounds up): a `since` the client copies from a message
 * is then never later than that message, and "created after since" can only repeat a
 * message, never skip one.
 */
import type { ChatMessage, MessageSender } from '../../src/shared/contract';
import { CHAT_PAGE_SIZE, CHAT_THREAD_MAX } from '../../src/shared/limits';
import type { Queryable } from './connection';
import { publishInvalidation, threadKey, type ThreadMark } from './poll-cache';
import { enqueueTaskNotification } from './push';

interface MessageRow {
  id: string;
  task_id: string;
  sender: MessageSender;
  content: string;
  client_id: string | null;
  created_ms: Date;
  sender_name: string | null;
}

const MESSAGE_COLUMNS = `id, task_id, sender, content, client_id, date_trunc('milliseconds', created_at) as created_ms, sender_name`;

function toChatMessage(row: MessageRow): ChatMessage {
  return {
    _id: row.id,
    taskId: row.task_id,
    sender: row.sender,
    content: row.content,
    timestamp: new Date(row.created_ms).toISOString(),
    clientId: row.client_id,
    senderName: row.sender_name ?? null,
  };
}

/** What a client's query of a task's chat found (`readClientThread`). */
export type ClientThread =
  | { kind: 'session-ended' }
  | { kind: 'no-task' }
  | { kind: 'not-yours' }
  | { kind: 'messages'; messages: ChatMessage[]; olderCursor: string | null };

interface ThreadRow extends Omit<MessageRow, 'id'> {
  session_version: number;
  task_owner: string | null;
  /** Null on the row of a thread without (new) messages, and whenever the caller may not read it. */
  id: string | null;
}

/**
 * The chat poll's one query (every open chat asks every 2 s): the caller's session version,
 * the task's owner and one page of the task's messages, read together. The messages are
 * joined only when the session is the current one and the task is the caller's, so nothing
 * is read or sent that the caller may not see. The checks the route makes in this order: no
 * user or another session version (401), no such task (404), someone else's task (403).
 * A page holds at most CHAT_PAGE_SIZE messages (one more is read to learn whether there are
 * older ones), so a response's size is bounded however long the thread.
 */
const threadQuery = (condition: string, order: 'asc' | 'desc') =>
  `select u.session_version, t.user_id as task_owner,
     m.id, m.task_id, m.sender, m.content, m.client_id, date_trunc('milliseconds', m.created_at) as created_ms, m.sender_name
   from users u
   left join tasks t on t.id = $2
   left join messages m on m.task_id = t.id and t.user_id = u.id and u.session_version = $3 ${condition}
   where u.id = $1
   order by m.created_at ${order}, m.id ${order}
   limit ${CHAT_PAGE_SIZE + 1}`;
/** The newest messages. */
const THREAD = threadQuery('', 'desc');
/** The newest messages older than the cursor message (an unknown cursor matches nothing). */
const THREAD_BEFORE = threadQuery(
  `and (m.created_at, m.id) < (select c.created_at, c.id from messages c where c.id = $4 and c.task_id = $2)`,
  'desc',
);
/** The oldest messages newer than `since`: a poll that gets a full page asks again from its last one. */
const THREAD_SINCE = threadQuery('and m.created_at > $4::timestamptz', 'asc');

export async function readClientThread(
  db: Queryable,
  /** `since`: an ISO date-time, already validated (PostgreSQL reads it, offset included); `before`: a message id. */
  query: { userId: string; sessionVersion: number; taskId: string; since?: string; before?: string },
): Promise<ClientThread> {
  const base = [query.userId, query.taskId, query.sessionVersion];
  const rows = query.since
    ? await db.query<ThreadRow>(THREAD_SINCE, [...base, query.since], { prepared: 'chat-thread-since' })
    : query.before
      ? await db.query<ThreadRow>(THREAD_BEFORE, [...base, query.before], { prepared: 'chat-thread-before' })
      : await db.query<ThreadRow>(THREAD, base, { prepared: 'chat-thread' });
  const [first] = rows;
  if (!first || first.session_version !== query.sessionVersion) return { kind: 'session-ended' };
  if (first.task_owner === null) return { kind: 'no-task' };
  if (first.task_owner !== query.userId) return { kind: 'not-yours' };
  const found = rows.filter((row): row is ThreadRow & { id: string } => row.id !== null);
  const page = found.slice(0, CHAT_PAGE_SIZE);
  if (query.since) return { kind: 'messages', messages: page.map(toChatMessage), olderCursor: null };
  page.reverse();
  const olderCursor = found.length > CHAT_PAGE_SIZE ? page[0]!.id : null;
  return { kind: 'messages', messages: page.map(toChatMessage), olderCursor };
}

/**
 * What an empty poll is answered from (server/db/poll-cache.ts): the task's owner and its newest
 * message's `created_at` in exact microseconds (`extract(epoch ...)` is numeric); undefined for
 * no such task.
 */
export async function readThreadMark(db: Queryable, taskId: string): Promise<ThreadMark | undefined> {
  const [row] = await db.query<{ owner: string; newest: string | null }>(
    `select t.user_id as owner,
       (select (extract(epoch from max(m.created_at)) * 1000000)::bigint::text from messages m where m.task_id = t.id) as newest
     from tasks t where t.id = $1`,
    [taskId],
    { prepared: 'chat-thread-mark' },
  );
  return row ? { owner: row.owner, newestMicros: row.newest === null ? null : BigInt(row.newest) } : undefined;
}

/**
 * Adds a message once per (task, clientId): a replay of a known clientId, even one racing
 * the original, gets the stored message back with `created: false`. A thread holding
 * CHAT_THREAD_MAX messages takes no more (`full`). A driver's message is stored with the
 * task's driver of that moment (id and first name), so a later reassignment relabels nothing.
 */
export async function insertMessageOnce(
  db: Queryable,
  message: { id: string; taskId: string; sender: MessageSender; content: string; clientId: string | null },
): Promise<{ message: ChatMessage; created: boolean } | { full: true }> {
  const [inserted] = await db.query<MessageRow>(
    `insert into messages (id, task_id, sender, content, client_id, driver_id, sender_name)
     select $1, $2, $3, $4, $5, d.id, d.firstname
       from (select 1) one
       left join tasks t on $3 = 'driver' and t.id = $2
       left join drivers d on d.id = t.driver_id
     where (select count(*) from (select 1 from messages where task_id = $2 limit $6) held) < $6
     on conflict (task_id, client_id) do nothing returning ${MESSAGE_COLUMNS}`,
    [message.id, message.taskId, message.sender, message.content, message.clientId, CHAT_THREAD_MAX],
  );
  if (inserted) {
    await publishInvalidation(db, [threadKey(message.taskId)]);
    if (inserted.sender === 'driver')
      await enqueueTaskNotification(db, message.taskId, 'chat', {
        senderName: inserted.sender_name ?? '',
        content: inserted.content.slice(0, 300),
      });
    return { message: toChatMessage(inserted), created: true };
  }
  const [existing] =
    message.clientId === null
      ? []
      : await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from messages where task_id = $1 and client_id = $2`, [
          message.taskId,
          message.clientId,
        ]);
  if (!existing) return { full: true };
  return { message: toChatMessage(existing), created: false };
}

/**
 * A page of a task's thread for its driver (whose task it is the route checks first): the same
 * pages as the client's (newest, older than a cursor, newer than `since`).
 */
const driverThreadQuery = (condition: string, order: 'asc' | 'desc') =>
  `select ${MESSAGE_COLUMNS} from messages m where m.task_id = $1 ${condition}
   order by m.created_at ${order}, m.id ${order} limit ${CHAT_PAGE_SIZE + 1}`;
const DRIVER_THREAD = driverThreadQuery('', 'desc');
const DRIVER_THREAD_BEFORE = driverThreadQuery(
  `and (m.created_at, m.id) < (select c.created_at, c.id from messages c where c.id = $2 and c.task_id = $1)`,
  'desc',
);
const DRIVER_THREAD_SINCE = driverThreadQuery('and m.created_at > $2::timestamptz', 'asc');

export async function readDriverThread(
  db: Queryable,
  query: { taskId: string; since?: string; before?: string },
): Promise<{ messages: ChatMessage[]; olderCursor: string | null }> {
  const rows = query.since
    ? await db.query<MessageRow>(DRIVER_THREAD_SINCE, [query.taskId, query.since])
    : query.before
      ? await db.query<MessageRow>(DRIVER_THREAD_BEFORE, [query.taskId, query.before])
      : await db.query<MessageRow>(DRIVER_THREAD, [query.taskId]);
  const page = rows.slice(0, CHAT_PAGE_SIZE);
  if (query.since) return { messages: page.map(toChatMessage), olderCursor: null };
  page.reverse();
  return { messages: page.map(toChatMessage), olderCursor: rows.length > CHAT_PAGE_SIZE ? page[0]!.id : null };
}

/**
 * When the task's chat stopped being about a live task: its completion or cancellation (the
 * newest status event of that status, else the completion time, else the booking), or null
 * while the task is open.
 */
export async function selectTaskEndedAt(db: Queryable, taskId: string): Promise<Date | null> {
  const [row] = await db.query<{ ended_at: Date | null }>(
    `select case when t.status in ('completed', 'cancelled') then coalesce(
        (select max(e.created_at) from task_events e where e.task_id = t.id and e.kind = 'status' and e.status = t.status),
        t.completed_at, t.created_at) end as ended_at
      from tasks t where t.id = $1`,
    [taskId],
  );
  return row?.ended_at ? new Date(row.ended_at) : null;
}
