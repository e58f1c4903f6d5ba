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

/** Oldest first; with `since`, only messages created strictly after it. */
export async function listMessages(db: Queryable, taskId: string, since?: Date): Promise<ChatMessage[]> {
  const rows = since
    ? await db.query<MessageRow>(
        `select ${MESSAGE_COLUMNS} from messages where task_id = $1 and created_at > $2 order by created_at, id`,
        [taskId, since],
      )
    : await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from messages where task_id = $1 order by created_at, id`, [taskId]);
  return rows.map(toChatMessage);
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
  const [existing] = await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from messages where task_id = $1 and client_id = $2`, [
    message.taskId,
    message.clientId,
  ]);
  return { message: toChatMessage(existing), created: false };
}
