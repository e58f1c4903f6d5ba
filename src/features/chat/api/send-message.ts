import type { ChatMessage, SendMessageAnswer, SendMessageRequest } from '../../../shared/contract';
import { http } from '../../../lib/http';

export type SendAnswer = { status: 'sent'; message: ChatMessage } | { status: 'queued' };

/**
 * POST /client/sendingMessages {taskId, sender: 'user', content, clientId}. Never retried
 * blindly: a message that does not get through goes to the outbox (see chat-send.ts). A 202
 * is the service worker saying it queued the message itself.
 */
export async function sendMessage(request: SendMessageRequest): Promise<SendAnswer> {
  const response = await http.post('client/sendingMessages', { json: request, retry: 0 });
  if (response.status === 202) return { status: 'queued' };
  return { status: 'sent', message: ((await response.json()) as SendMessageAnswer).data };
}
