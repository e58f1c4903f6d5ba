/**
 * Sending one chat message so that nothing typed is ever lost (ARCHITECTURE.md, chat outbox):
 * - offline, or while earlier messages wait: straight into the outbox, shown as waiting;
 * - sent and stored: shown as sent;
 * - answered 202 (the service worker queued it): waiting;
 * - no answer (network failure, time-out) or a server failure (5xx, 408, 425, 429): into the
 *   outbox, waiting; the replay delivers it exactly once thanks to its clientId;
 * - refused (other 4xx, src/shared/call-failure.ts): into the outbox marked failed, shown with a retry.
 */
import type { ChatMessage } from '../../shared/contract';
import { readCallFailure, retryVerdict } from '../../shared/call-failure';
import type { OutboxMessage } from '../../shared/offline-db';
import type { SendAnswer } from '../../lib/api/chat';
import { shouldQueueFirst } from './chat-thread';

export interface ChatDraft {
  taskId: string;
  content: string;
  clientId: string;
  userId?: string;
  token?: string;
}

export type SendOutcome = { state: 'sent'; message: ChatMessage } | { state: 'waiting' } | { state: 'failed'; reason: string };

export interface ChatSendDeps {
  isOnline: boolean;
  /** Messages of this task still wait in the outbox. */
  hasWaiting: boolean;
  send(request: { taskId: string; sender: 'user'; content: string; clientId: string }): Promise<SendAnswer>;
  queue(message: Omit<OutboxMessage, 'id' | 'queuedAt' | 'failedReason'>): Promise<number>;
  markFailed(outboxId: number, reason: string): Promise<void>;
}

const REFUSED = 'The message could not be sent';

export async function sendChatMessage(draft: ChatDraft, deps: ChatSendDeps): Promise<SendOutcome> {
  const queued = { taskId: draft.taskId, sender: 'user' as const, content: draft.content, clientId: draft.clientId, userId: draft.userId, token: draft.token };
  if (shouldQueueFirst(deps)) {
    await deps.queue(queued);
    return { state: 'waiting' };
  }
  try {
    const answer = await deps.send({ taskId: draft.taskId, sender: 'user', content: draft.content, clientId: draft.clientId });
    return answer.status === 'sent' ? { state: 'sent', message: answer.message } : { state: 'waiting' };
  } catch (error) {
    const failure = await readCallFailure(error);
    const outboxId = await deps.queue(queued);
    // The queued message keeps the token it was sent with: a refused token is final for it too.
    if (failure.kind !== 'http' || retryVerdict(failure, 'own') === 'retry') return { state: 'waiting' };
    const reason = failure.message ?? `${REFUSED} (${failure.status})`;
    await deps.markFailed(outboxId, reason);
    return { state: 'failed', reason };
  }
}
