/**
 * Chat messages of a task. `created_at` keeps microseconds but the API shows milliseconds,
 * so every read truncates it (never rounds up): a `since` the client copies from a message
 * is then never later than that message, and "created after since" can only repeat a
 * message, never skip one.
 */
import type { ChatMessage, MessageSender } from '../../src/shared/contract';
import type { Queryable } from './connection';

interface MessageRow {
  id: string;
  task_id: string;
  sender: MessageSender;
  content: string;
  client_id: string | null;
  created_ms: Date | string;
}

const MESSAGE_COLUMNS = `id, task_id, sender, content, client_id, date_trunc('milliseconds', created_at) as created_ms`;

function toChatMessage(row: MessageRow): ChatMessage {
  return {
    _id: row.id,
    taskId: row.task_id,
    sender: row.sender,
    content: row.content,
    timestamp: new Date(row.created_ms).toISOString(),
    clientId: row.client_id,
  };
}

/** What a client's read of a task's chat found (`readClientThread`). */
export type ClientThread =
  | { kind: 'session-ended' }
  | { kind: 'no-task' }
  | { kind: 'not-yours' }
  | { kind: 'messages'; messages: ChatMessage[] };

interface ThreadRow extends Omit<MessageRow, 'id'> {
  session_version: number;
  task_owner: string | null;
  /** Null on the row of a thread without (new) messages, and whenever the caller may not read it. */
  id: string | null;
}

/**
 * The chat poll's one query (every open chat asks every 2 s): the caller's session version,
 * the task's owner and the task's messages (newer than `since` when given), read together.
 * The messages are joined only when the session is the current one and the task is the
 * caller's, so nothing is read or sent that the caller may not see. The checks the route
 * makes in this order: no user or another session version (401), no such task (404), someone
 * else's task (403). Uses the primary keys of users and tasks and `messages_task_idx`.
 */
const threadQuery = (newer: string) =>
  `select u.session_version, t.user_id as task_owner,
     m.id, m.task_id, m.sender, m.content, m.client_id, date_trunc('milliseconds', m.created_at) as created_ms
   from users u
   left join tasks t on t.id = $2
   left join messages m on m.task_id = t.id and t.user_id = u.id and u.session_version = $3 ${newer}
   where u.id = $1
   order by m.created_at, m.id`;
const THREAD = threadQuery('');
const THREAD_SINCE = threadQuery('and m.created_at > $4::timestamptz');

export async function readClientThread(
  db: Queryable,
  /** `since`: an ISO date-time, already validated (PostgreSQL reads it, offset included). */
  query: { userId: string; sessionVersion: number; taskId: string; since?: string },
): Promise<ClientThread> {
  const rows = query.since
    ? await db.query<ThreadRow>(THREAD_SINCE, [query.userId, query.taskId, query.sessionVersion, query.since], {
        prepared: 'chat-thread-since',
      })
    : await db.query<ThreadRow>(THREAD, [query.userId, query.taskId, query.sessionVersion], {
        prepared: 'chat-thread',
      });
  const [first] = rows;
  if (!first || Number(first.session_version) !== query.sessionVersion) return { kind: 'session-ended' };
  if (first.task_owner === null) return { kind: 'no-task' };
  if (first.task_owner !== query.userId) return { kind: 'not-yours' };
  const messages = rows.filter((row): row is ThreadRow & { id: string } => row.id !== null).map(toChatMessage);
  return { kind: 'messages', messages };
}

/**
 * Adds a message once per (task, clientId): a replay of a known clientId, even one racing
 * the original, gets the stored message back with `created: false`.
 */
export async function insertMessageOnce(
  db: Queryable,
  message: { id: string; taskId: string; sender: MessageSender; content: string; clientId: string | null },
): Promise<{ message: ChatMessage; created: boolean }> {
  const [inserted] = await db.query<MessageRow>(
    `insert into messages (id, task_id, sender, content, client_id) values ($1, $2, $3, $4, $5)
     on conflict (task_id, client_id) do nothing returning ${MESSAGE_COLUMNS}`,
    [message.id, message.taskId, message.sender, message.content, message.clientId],
  );
  if (inserted) return { message: toChatMessage(inserted), created: true };
  const [existing] = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages where task_id = $1 and client_id = $2`,
    [message.taskId, message.clientId],
  );
  return { message: toChatMessage(existing), created: false };
}
