/**
 * A chat message sent by a page this worker controls: the worker owns it and applies the
 * outbox's rule (src/shared/chat-outbox.ts), responding with the server's response, `202
 * {queued, clientId}`, or the refusal so the page shows why (docs/offline.md, 'What is queued').
 */
import { deliveryOf, sendOrQueue, type ChatSendOutcome, type NewMessage } from '../src/shared/chat-outbox';
import { decodeJwtSubject, requestToken } from '../src/shared/cached-responses';
import { jsonResponse, readJsonBody } from './request-body';

export interface ChatSendDeps {
  fetch(request: Request): Promise<Response>;
  /** The message was queued (waiting or failed): tell the pages, ask for a sync, replay. */
  onQueued(outcome: Exclude<ChatSendOutcome, { state: 'sent' }>): void;
}

interface OutgoingMessage {
  taskId: string;
  content: string;
  clientId?: unknown;
}

function isOutgoingMessage(body: unknown): body is OutgoingMessage {
  const { taskId, content } = (body ?? {}) as Record<string, unknown>;
  return typeof taskId === 'string' && taskId !== '' && typeof content === 'string' && content.trim() !== '';
}

export async function respondToChatSend(request: Request, deps: ChatSendDeps): Promise<Response> {
  const body = await readJsonBody(request);
  // Not a message the outbox could send again: the server answers it.
  if (!isOutgoingMessage(body)) return deps.fetch(request);
  const token = requestToken(request.headers.get('Authorization'), null);
  const clientId = typeof body.clientId === 'string' && body.clientId !== '' ? body.clientId : crypto.randomUUID();
  const message: NewMessage = {
    taskId: body.taskId,
    sender: 'user',
    content: body.content,
    clientId,
    userId: decodeJwtSubject(token) ?? undefined,
    token: token ?? undefined,
  };

  let answer: Response | undefined;
  const outcome = await sendOrQueue(message, {
    // The worker does not trust navigator.onLine: it tries, and a failure queues.
    isOnline: true,
    deliver: async () => {
      try {
        answer = await deps.fetch(request);
      } catch {
        return { status: 'offline' };
      }
      return deliveryOf(answer);
    },
  });
  if (outcome.state === 'sent') return answer!;
  deps.onQueued(outcome);
  return outcome.state === 'failed' ? answer! : jsonResponse({ queued: true, clientId }, 202);
}
