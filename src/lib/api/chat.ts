import { infiniteQueryOptions, onlineManager, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ChatMessage,
  GetMessagesResponse,
  GetMessagesRequest,
  SendMessageResponse,
  SendMessageRequest,
} from '../../shared/contract';
import { getOutbox, type OutboxMessage } from '../../shared/offline-db';
import { http } from '../http';

/** A task's chat: the newest page (polled), the older pages, the outbox on this device, the sends under way. */
export const chatKeys = {
  all: ['chat'] as const,
  ofTask: (taskId: string) => [...chatKeys.all, taskId] as const,
  newest: (taskId: string) => [...chatKeys.ofTask(taskId), 'newest'] as const,
  older: (taskId: string, cursor: string | null) => [...chatKeys.ofTask(taskId), 'older', cursor] as const,
  outbox: (taskId: string) => [...chatKeys.ofTask(taskId), 'outbox'] as const,
  /** The mutation key of the messages being sent (the thread shows them meanwhile). */
  send: (taskId: string) => [...chatKeys.ofTask(taskId), 'send'] as const,
};

/** Message polling while the chat is open (docs/product.md, Constants). */
export const CHAT_REFRESH_MS = 2_000;

export interface MessagesPage {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Pass as `before` for the page before this one; null when there is none. */
  olderCursor: string | null;
}

/**
 * POST /client/getMessages {taskId, since?, before?}: the newest page, only what is newer than
 * `since` (a poll with nothing new costs a few hundred bytes), or the page before `before`.
 */
export async function getMessages(
  taskId: string,
  { since, before }: { since?: string; before?: string } = {},
): Promise<MessagesPage> {
  const body: GetMessagesRequest = { taskId, ...(since ? { since } : {}), ...(before ? { before } : {}) };
  const response = await http.post('client/getMessages', { json: body }).json<GetMessagesResponse>();
  return { messages: response.data.messages, olderCursor: response.data.olderCursor ?? null };
}

const time = (iso: string) => {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? 0 : value;
};

/** Known messages plus new ones: each `_id` once, oldest first (the server's order breaks ties). */
export function addMessages(known: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of known) byId.set(message._id, message);
  for (const message of incoming) byId.set(message._id, message);
  const order = new Map([...byId.keys()].map((id, index) => [id, index]));
  return [...byId.values()].sort(
    (a, b) => time(a.timestamp) - time(b.timestamp) || order.get(a._id)! - order.get(b._id)!,
  );
}

/** The `since` of the next poll: the newest timestamp seen, or undefined before the first query. */
export function newestTimestamp(messages: readonly ChatMessage[]): string | undefined {
  let newest: ChatMessage | undefined;
  for (const message of messages) if (!newest || time(message.timestamp) > time(newest.timestamp)) newest = message;
  return newest?.timestamp;
}

/**
 * A task's newest messages, polled every 2 s while shown and online: the first query takes the
 * newest page, each poll only what is newer, merged into the cached thread.
 */
export function chatThreadQuery(taskId: string) {
  return queryOptions({
    queryKey: chatKeys.newest(taskId),
    queryFn: async ({ client, queryKey }): Promise<MessagesPage> => {
      const cached = client.getQueryData<MessagesPage>(queryKey);
      if (!cached) return getMessages(taskId);
      const fresh = await getMessages(taskId, { since: newestTimestamp(cached.messages) });
      // Merged into the cache as it is now: a message sent meanwhile stays.
      const latest = client.getQueryData<MessagesPage>(queryKey) ?? cached;
      return { messages: addMessages(latest.messages, fresh.messages), olderCursor: latest.olderCursor };
    },
    refetchInterval: () => (onlineManager.isOnline() ? CHAT_REFRESH_MS : false),
    // Not retried: the 2 s poll is the retry.
    retry: false,
  });
}

/** The pages before the newest one, from `cursor` back, fetched only when asked for (old messages do not change). */
export function olderMessagesQuery(taskId: string, cursor: string | null) {
  return infiniteQueryOptions({
    queryKey: chatKeys.older(taskId, cursor),
    queryFn: ({ pageParam }) => getMessages(taskId, { before: pageParam }),
    initialPageParam: cursor ?? '',
    getNextPageParam: (page: MessagesPage) => page.olderCursor ?? undefined,
    // Fetched only by fetchNextPage, when the reader asks for older messages.
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export type SendResult = { status: 'sent'; message: ChatMessage } | { status: 'queued' };

/**
 * POST /client/sendingMessages {taskId, sender: 'user', content, clientId}. Never retried
 * blindly: a message that does not get through waits in the outbox (src/shared/chat-outbox.ts).
 * A 202 is the service worker saying it queued the message itself. `headers` are for the
 * outbox replay (the message's own token, the replay mark).
 */
export async function sendMessage(request: SendMessageRequest, headers?: Record<string, string>): Promise<SendResult> {
  const response = await http.post('client/sendingMessages', {
    json: request,
    ...(headers ? { headers } : {}),
  });
  if (response.status === 202) return { status: 'queued' };
  return { status: 'sent', message: ((await response.json()) as SendMessageResponse).data };
}

const NO_OUTBOX: OutboxMessage[] = [];

/** A task's chat outbox on this device: IndexedDB, read offline too, with every poll (the worker may have sent or queued). */
export function outboxQuery(taskId: string) {
  return queryOptions({
    queryKey: chatKeys.outbox(taskId),
    queryFn: () =>
      getOutbox(taskId).catch((error: unknown) => {
        console.warn('Could not read the chat outbox', error);
        return NO_OUTBOX;
      }),
    networkMode: 'always',
    refetchInterval: () => (onlineManager.isOnline() ? CHAT_REFRESH_MS : false),
  });
}

/** The thread and the outbox as stored now (the shown ones are read again). */
export function refetchChat(queryClient: QueryClient, taskId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: chatKeys.ofTask(taskId), refetchType: 'active' });
}
