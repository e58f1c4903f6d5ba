/**
 * How the page sends chat messages and replays the outbox, always through the one HTTP
 * client: with a service worker in control the worker decides and queues, and the page reads
 * its response; without one the page runs the outbox's rule itself (docs/offline.md, 'Who
 * replays, and when').
 */
import type { SendResult } from '../../lib/api/chat';
import { sendMessage } from '../../lib/api/chat';
import { readCallFailure } from '../../shared/call-failure';
import {
  OUTBOX_REPLAY_HEADER,
  deliveryOfFailure,
  keepUndelivered,
  replayOutbox,
  sendOrQueue,
  toSendRequest,
  type ChatSendOutcome,
  type DeliveryResult,
  type NewMessage,
} from '../../shared/chat-outbox';
import type { ChatMessage } from '../../shared/contract';
import { PAGE_ONLINE } from '../../shared/sw-messages';

export type SendOutcome =
  | { state: 'sent'; message: ChatMessage }
  | { state: 'waiting' }
  | { state: 'failed'; reason: string };

function controllingWorker(): ServiceWorker | null {
  return globalThis.navigator?.serviceWorker?.controller ?? null;
}

/** One attempt. A replay sends the message's own token and says it is a replay, so that a worker passes it on. */
async function deliverOverHttp(message: NewMessage, isReplay: boolean): Promise<DeliveryResult<SendResult>> {
  const headers = isReplay
    ? { [OUTBOX_REPLAY_HEADER]: '1', ...(message.token ? { Authorization: `Bearer ${message.token}` } : {}) }
    : undefined;
  try {
    return { status: 'delivered', answer: await sendMessage(toSendRequest(message), headers) };
  } catch (error) {
    return deliveryOfFailure(await readCallFailure(error));
  }
}

/** The worker's response: it has the message unless no response came back at all. */
async function sendThroughWorker(message: NewMessage): Promise<ChatSendOutcome<SendResult>> {
  const result = await deliverOverHttp(message, false);
  if (result.status === 'delivered') return { state: 'sent', answer: result.answer };
  if (result.status === 'rejected') return { state: 'failed', reason: result.reason };
  return keepUndelivered(message, result);
}

/** Sends a new message (`message.token`: the session's, kept with it for a replay); see the module comment. */
export async function sendChatMessage(message: NewMessage, isOnline: boolean): Promise<SendOutcome> {
  const outcome = controllingWorker()
    ? await sendThroughWorker(message)
    : await sendOrQueue(message, { isOnline, deliver: (next) => deliverOverHttp(next, false) });
  if (outcome.state === 'failed') return outcome;
  // 202: a worker queued it (it took control of the page meanwhile, or it controls it).
  if (outcome.state === 'sent' && outcome.answer?.status === 'sent')
    return { state: 'sent', message: outcome.answer.message };
  return { state: 'waiting' };
}

/** Sends what waits: the worker when it controls the page (it then says OUTBOX_CHANGED), else the page itself. */
export async function replayChatOutbox(): Promise<void> {
  const worker = controllingWorker();
  if (worker) {
    worker.postMessage({ type: PAGE_ONLINE });
    return;
  }
  await replayOutbox((message) => deliverOverHttp(message, true));
}
