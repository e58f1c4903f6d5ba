/**
 * The chat as shown (pure rules): the server's messages, then the messages still in the
 * outbox (waiting for network, or failed with a retry), then the ones being sent right now.
 * A message is one entry however many places hold it: the server's copy wins over the
 * outbox's, the outbox's over the in-flight one, matched by `clientId`.
 */
import type { ChatMessage, MessageSender } from '../../shared/contract';
import type { OutboxMessage } from '../../shared/offline-db';

export type ChatEntryState = 'sent' | 'sending' | 'waiting' | 'failed';

export interface ChatEntry {
  key: string;
  sender: MessageSender;
  content: string;
  /** ISO date: when the server stored it, or when it was queued / started. */
  timestamp: string;
  state: ChatEntryState;
  /** The driver who wrote it, as named then (the server's driver messages); absent otherwise. */
  senderName?: string;
  failedReason?: string;
  /** Set for outbox entries (retry needs it). */
  outboxId?: number;
}

/** A message handed to the network and not yet answered. */
export interface InFlightMessage {
  clientId: string;
  content: string;
  startedAt: string;
}

/** The thread to show; see the module comment. */
export function mergeThread(
  server: readonly ChatMessage[],
  outbox: readonly OutboxMessage[],
  inFlight: readonly InFlightMessage[] = [],
): ChatEntry[] {
  const delivered = new Set(
    server.map((message) => message.clientId).filter((clientId): clientId is string => Boolean(clientId)),
  );
  const entries: ChatEntry[] = server.map((message) => ({
    key: message._id,
    sender: message.sender,
    content: message.content,
    timestamp: message.timestamp,
    state: 'sent',
    ...(message.sender === 'driver' && message.senderName?.trim() ? { senderName: message.senderName.trim() } : {}),
  }));
  const queued = new Set<string>();
  for (const message of [...outbox].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    if (delivered.has(message.clientId) || queued.has(message.clientId)) continue;
    queued.add(message.clientId);
    entries.push({
      key: message.clientId,
      sender: 'user',
      content: message.content,
      timestamp: new Date(message.queuedAt).toISOString(),
      state: message.failedReason === undefined ? 'waiting' : 'failed',
      ...(message.failedReason === undefined ? {} : { failedReason: message.failedReason }),
      ...(message.id === undefined ? {} : { outboxId: message.id }),
    });
  }
  for (const message of inFlight) {
    if (delivered.has(message.clientId) || queued.has(message.clientId)) continue;
    entries.push({
      key: message.clientId,
      sender: 'user',
      content: message.content,
      timestamp: message.startedAt,
      state: 'sending',
    });
  }
  return entries;
}

/** Chat send rule (docs/product.md, Driver and chat): the trimmed text, or null for an empty or whitespace-only message (not sent). */
export function messageContent(text: string): string | null {
  const content = text.trim();
  return content === '' ? null : content;
}

/**
 * Whether a new message goes straight to the outbox: when offline (shown at once as waiting),
 * or when earlier messages still wait there (sending it first would break the order).
 */
export function shouldQueueFirst(state: { isOnline: boolean; hasWaiting: boolean }): boolean {
  return !state.isOnline || state.hasWaiting;
}
