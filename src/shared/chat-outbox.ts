/**
 * The chat outbox replay, shared by the app and the service worker (sw/sw.ts). Messages that
 * could not be sent for lack of network wait in offline-db's `outbox` store (oldest first);
 * a replay sends them in that order, one replay at a time across every page and the worker
 * (a Web Lock, or a promise chain where Web Locks are missing), and:
 * - removes a delivered message (2xx; the server ignores a repeated `clientId`, so a message
 *   that was delivered but not removed is still delivered exactly once);
 * - marks a refused one as failed (a final refusal, call-failure.ts) and goes on: the user
 *   can retry it;
 * - stops at the first network failure, server failure or busy answer, keeping that message
 *   and all after it, so the order is kept.
 *
 * Replay requests carry OUTBOX_REPLAY_HEADER so the service worker never queues them again.
 */
import { failureMessage, failureOfResponse, retryVerdict } from './call-failure';
import type { SendMessageRequest } from './contract';
import { addToOutbox, getOutbox, removeFromOutbox, setOutboxFailure, type OutboxMessage } from './offline-db';

export const OUTBOX_REPLAY_HEADER = 'X-Outbox-Replay';
export const SEND_MESSAGE_PATH = 'client/sendingMessages';
const LOCK_NAME = 'greenpick-chat-outbox-replay';

export type DeliveryResult = { status: 'delivered' } | { status: 'rejected'; reason: string } | { status: 'offline' };

/** Sends one queued message. Never throws: a network failure is `offline`. */
export type Deliver = (message: OutboxMessage) => Promise<DeliveryResult>;

export interface ReplaySummary {
  delivered: number;
  rejected: number;
  /** Messages still waiting for network after this replay. */
  waiting: number;
}

/** A message body as sent to the server. */
export function toSendRequest(message: OutboxMessage): SendMessageRequest {
  return { taskId: message.taskId, sender: message.sender, content: message.content, clientId: message.clientId };
}

/**
 * A Deliver that POSTs to `${apiBase}client/sendingMessages` with the message's own token.
 * `apiBase` ends with `/`. `fetchFn` is the page's or the worker's fetch.
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
    if (response.ok) return { status: 'delivered' };
    const failure = await failureOfResponse(response);
    // A queued message carries its own token: a refused token is final for it too.
    if (retryVerdict(failure, 'own') === 'retry') return { status: 'offline' };
    return { status: 'rejected', reason: failureMessage(failure, `The server refused the message (${response.status})`) };
  };
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
export function replayOutbox(deliver: Deliver): Promise<ReplaySummary> {
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

/** Queues a message to be sent when the network returns; returns its outbox id. */
export function queueMessage(message: Omit<OutboxMessage, 'id' | 'queuedAt' | 'failedReason'>, queuedAt = Date.now()): Promise<number> {
  return addToOutbox({ ...message, queuedAt });
}

/** Lets a failed message be sent again by the next replay. */
export function retryMessage(id: number): Promise<void> {
  return setOutboxFailure(id, undefined);
}
