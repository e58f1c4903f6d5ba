import type {
  ChatMessage,
  GetMessagesAnswer,
  GetMessagesRequest,
  SendMessageAnswer,
  SendMessageRequest,
} from '../../shared/contract';
import { http } from '../http';

/**
 * POST /client/getMessages {taskId, since?, before?}: the newest page with the cursor to the page
 * before it (null: nothing older), an older page (`before`), or with `since` only messages newer
 * than it (a poll with nothing new costs a few hundred bytes). Not retried: the 2 s poll is the retry.
 */
export async function getMessagesPage(
  body: GetMessagesRequest,
): Promise<{ messages: ChatMessage[]; olderCursor: string | null }> {
  const answer = await http.post('client/getMessages', { json: body, retry: 0 }).json<GetMessagesAnswer>();
  return { messages: answer.data.messages, olderCursor: answer.data.olderCursor ?? null };
}

export type SendAnswer = { status: 'sent'; message: ChatMessage } | { status: 'queued' };

/**
 * POST /client/sendingMessages {taskId, sender: 'user', content, clientId}. Never retried
 * blindly: a message that does not get through waits in the outbox (src/shared/chat-outbox.ts).
 * A 202 is the service worker saying it queued the message itself. `headers` are for the
 * outbox replay (the message's own token, the replay mark).
 */
export async function sendMessage(request: SendMessageRequest, headers?: Record<string, string>): Promise<SendAnswer> {
  const response = await http.post('client/sendingMessages', {
    json: request,
    retry: 0,
    ...(headers ? { headers } : {}),
  });
  if (response.status === 202) return { status: 'queued' };
  return { status: 'sent', message: ((await response.json()) as SendMessageAnswer).data };
}
