/**
 * The chat outbox: the one rule for when a chat message is queued and how the queue is
 * replayed, shared so that its two owners behave alike: the service worker for the pages it
 * controls, a page without one (docs/offline.md, 'What is queued' and 'Who replays, and when').
 */
import { failureMessage, failureOfResponse, retryVerdict, type CallFailure } from './call-failure';
import type { SendMessageRequest } from './contract';
import { addToOutbox, getOutbox, removeFromOutbox, setOutboxFailure, type OutboxMessage } from './offline-db';

export const OUTBOX_REPLAY_HEADER = 'X-Outbox-Replay';
export const SEND_MESSAGE_PATH = 'client/sendingMessages';
const LOCK_NAME = 'greenpick-chat-outbox-replay';

/** How one attempt to send a message ended; `answer` is what the sender keeps of a delivery. */
export type DeliveryResult<T = void> =
  | { status: 'delivered'; answer?: T }
  | { status: 'rejected'; reason: string }
  | { status: 'offline' };

/** Sends one message. Never throws: no response, a server failure or a busy server is `offline`. */
export type Deliver<T = void> = (message: NewMessage) => Promise<DeliveryResult<T>>;

/** A message as it is queued: the outbox gives it its id and time. */
export type NewMessage = Omit<OutboxMessage, 'id' | 'queuedAt' | 'failedReason'>;

export type ChatSendOutcome<T = void> =
  | { state: 'sent'; answer?: T }
  /** Queued: `behindOlder` when older messages of its task were waiting already. */
  | { state: 'waiting'; behindOlder: boolean }
  | { state: 'failed'; reason: string };

export interface ReplaySummary {
  delivered: number;
  rejected: number;
  /** Messages still waiting for network after this replay. */
  waiting: number;
}

/** A message body as sent to the server. */
export function toSendRequest(message: NewMessage): SendMessageRequest {
  return { taskId: message.taskId, sender: message.sender, content: message.content, clientId: message.clientId };
}

/**
 * What a failed send means for the message: wait for a replay, or refused for good (with the
 * reason shown beside it). A queued message carries its own token: a refused token is final
 * for it too.
 */
export function deliveryOfFailure(failure: CallFailure): Extract<DeliveryResult, { status: 'rejected' | 'offline' }> {
  if (failure.kind !== 'http' || retryVerdict(failure, 'own') === 'retry') return { status: 'offline' };
  return { status: 'rejected', reason: failureMessage(failure, `The server refused the message (${failure.status})`) };
}

/** Reads the server's response to a send. */
export async function deliveryOf(response: Response): Promise<DeliveryResult<Response>> {
  return response.ok ? { status: 'delivered', answer: response } : deliveryOfFailure(await failureOfResponse(response));
}

/**
 * A Deliver for replays that POSTs to `${apiBase}client/sendingMessages` with the message's
 * own token, for the service worker (`apiBase` ends with `/`; `fetchFn` is the worker's fetch).
 */
export function deliverWithFetch(apiBase: string, fetchFn: typeof fetch = fetch): Deliver {
  return async (message) => {
    let response: Response;
    try {
      response = await fetchFn(`${apiBase}${SEND_MESSAGE_PATH}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [OUTBOX_REPLAY_HEADER]: '1',
          ...(message.token ? { Authorization: `Bearer ${message.token}` } : {}),
        },
        body: JSON.stringify(toSendRequest(message)),
      });
    } catch {
      return { status: 'offline' };
    }
    const result = await deliveryOf(response);
    return result.status === 'delivered' ? { status: 'delivered' } : result;
  };
}

/** Queues a message to be sent when the network returns; returns its outbox id. */
export function queueMessage(message: NewMessage, queuedAt = Date.now()): Promise<number> {
  return addToOutbox({ ...message, queuedAt });
}

/** Lets a failed message be sent again by the next replay. */
export function retryMessage(id: number): Promise<void> {
  return setOutboxFailure(id, undefined);
}

/** After an attempt: nothing is kept once delivered; otherwise the message is queued, waiting, or failed when refused for good. */
export async function keepUndelivered<T>(message: NewMessage, result: DeliveryResult<T>): Promise<ChatSendOutcome<T>> {
  if (result.status === 'delivered') return { state: 'sent', answer: result.answer };
  const id = await queueMessage(message);
  if (result.status === 'offline') return { state: 'waiting', behindOlder: false };
  await setOutboxFailure(id, result.reason);
  return { state: 'failed', reason: result.reason };
}

/** A new message: sent, or queued; see the module comment. `isOnline` false: queued without trying. */
export async function sendOrQueue<T>(
  message: NewMessage,
  deps: { isOnline: boolean; deliver: Deliver<T> },
): Promise<ChatSendOutcome<T>> {
  const behindOlder = (await getOutbox(message.taskId)).some((queued) => queued.failedReason === undefined);
  if (!deps.isOnline || behindOlder) {
    await queueMessage(message);
    return { state: 'waiting', behindOlder };
  }
  return keepUndelivered(message, await deps.deliver(message));
}

let chain: Promise<unknown> = Promise.resolve();

function exclusively<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) return locks.request(LOCK_NAME, run) as Promise<T>;
  const next = chain.then(run, run);
  chain = next.catch(() => undefined);
  return next;
}

/** Replays the whole outbox, in order; see the module comment. */
export function replayOutbox(deliver: Deliver<unknown>): Promise<ReplaySummary> {
  return exclusively(async () => {
    const summary: ReplaySummary = { delivered: 0, rejected: 0, waiting: 0 };
    const queue = (await getOutbox()).filter((message) => message.failedReason === undefined);
    for (let index = 0; index < queue.length; index += 1) {
      const message = queue[index]!;
      const result = await deliver(message);
      if (result.status === 'offline') {
        summary.waiting = queue.length - index;
        break;
      }
      if (result.status === 'delivered') {
        await removeFromOutbox(message.id!);
        summary.delivered += 1;
      } else {
        await setOutboxFailure(message.id!, result.reason);
        summary.rejected += 1;
      }
    }
    return summary;
  });
}
