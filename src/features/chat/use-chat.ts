import { useCallback, useEffect, useMemo, useRef } from 'react';
import { onlineManager, useInfiniteQuery, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryMessage } from '../../shared/chat-outbox';
import type { OutboxMessage } from '../../shared/offline-db';
import {
  addMessages,
  chatKeys,
  chatThreadQuery,
  olderMessagesQuery,
  outboxQuery,
  refetchChat,
  type MessagesPage,
} from '../../lib/api/chat';
import { onOutboxChanged } from '../../lib/sw-bridge';
import { useSendChatMessage } from './api/send-message';
import { replayChatOutbox } from './chat-delivery';
import { mergeThread, messageContent, type ChatEntry, type InFlightMessage } from './chat-thread';

export interface Chat {
  entries: ChatEntry[];
  /** The first query has not responded yet. */
  isLoading: boolean;
  /** Older messages exist that are not shown yet. */
  hasOlder: boolean;
  isLoadingOlder: boolean;
  /** Fetches the page before the oldest shown; resolves to how many messages it added (0 on failure). */
  loadOlder(): Promise<number>;
  /** Sends `text`; false when there was nothing to send (empty or whitespace only). */
  send(text: string): Promise<boolean>;
  retry(outboxId: number): Promise<void>;
}

const NO_OUTBOX: OutboxMessage[] = [];
const NO_MESSAGES: MessagesPage['messages'] = [];

async function replay(): Promise<void> {
  try {
    await replayChatOutbox();
  } catch (error) {
    console.warn('Could not replay the chat outbox', error);
  }
}

/**
 * The chat of one task: the server's messages (the newest page, then every 2 s only what is
 * newer; older pages when asked for), the task's outbox (waiting and failed marks are always
 * what is stored), and the messages being sent. The outbox is replayed when the chat opens,
 * when the network returns, and after a poll gets through while messages still wait. Sending
 * and replaying go through chat-delivery.ts: the service worker does both when it controls
 * the page, and says when the outbox changed (the chat then fetches again at once).
 */
export function useChat(taskId: string, userId: string | undefined): Chat {
  const queryClient = useQueryClient();
  const thread = useQuery(chatThreadQuery(taskId));
  const outbox = useQuery(outboxQuery(taskId));
  const older = useInfiniteQuery(olderMessagesQuery(taskId, thread.data?.olderCursor ?? null));

  const sending = useSendChatMessage(taskId, userId);
  const inFlight = useMutationState({
    filters: { mutationKey: chatKeys.send(taskId), status: 'pending' },
    select: (mutation) => mutation.state.variables as InFlightMessage,
  });

  // Opening the chat replays what waits, then shows the stored truth.
  useEffect(() => {
    if (onlineManager.isOnline()) void replay().then(() => refetchChat(queryClient, taskId));
  }, [queryClient, taskId]);

  // A poll got through while messages wait: send them now.
  const pollAt = thread.isError ? 0 : thread.dataUpdatedAt;
  const isWaiting = (outbox.data ?? NO_OUTBOX).some((message) => message.failedReason === undefined);
  useEffect(() => {
    if (pollAt > 0 && isWaiting && onlineManager.isOnline()) void replay().then(() => refetchChat(queryClient, taskId));
  }, [pollAt, isWaiting, queryClient, taskId]);

  useEffect(() => {
    const stopWatchingNetwork = onlineManager.subscribe((isOnline) => {
      if (isOnline) void replay().then(() => refetchChat(queryClient, taskId));
    });
    // The service worker queued or delivered messages itself: show the stored truth at once.
    const stopListening = onOutboxChanged(() => void refetchChat(queryClient, taskId));
    return () => {
      stopWatchingNetwork();
      stopListening();
    };
  }, [queryClient, taskId]);

  const { mutateAsync } = sending;
  const send = useCallback(
    async (text: string) => {
      const content = messageContent(text);
      if (content === null) return false;
      await mutateAsync({ clientId: crypto.randomUUID(), content, startedAt: new Date().toISOString() });
      return true;
    },
    [mutateAsync],
  );

  const retry = useCallback(
    async (outboxId: number) => {
      await retryMessage(outboxId);
      await queryClient.invalidateQueries({ queryKey: outboxQuery(taskId).queryKey });
      if (onlineManager.isOnline()) await replay();
      await refetchChat(queryClient, taskId);
    },
    [queryClient, taskId],
  );

  const { hasNextPage, fetchNextPage } = older;
  const hasOlder = (thread.data?.olderCursor ?? null) !== null && (!older.data || hasNextPage);
  // A call made before the screen has re-rendered (a second scroll event) joins the load in
  // flight: a second fetchNextPage would cancel the first, whose caller would then read 0.
  const olderInFlight = useRef<Promise<number> | null>(null);
  // The first call fetches the first older page (the query is never fetched on its own).
  const loadOlder = useCallback(() => {
    if (olderInFlight.current) return olderInFlight.current;
    if (older.data && !hasNextPage) return Promise.resolve(0);
    const loading = fetchNextPage()
      .then((result) => (result.isError ? 0 : (result.data?.pages.at(-1)?.messages.length ?? 0)))
      .finally(() => {
        olderInFlight.current = null;
      });
    olderInFlight.current = loading;
    return loading;
  }, [older.data, hasNextPage, fetchNextPage]);

  const olderMessages = older.data?.pages;
  const newest = thread.data?.messages ?? NO_MESSAGES;
  const messages = useMemo(
    () =>
      olderMessages
        ? addMessages(
            olderMessages.flatMap((page) => page.messages),
            newest,
          )
        : newest,
    [olderMessages, newest],
  );
  const entries = useMemo(
    () => mergeThread(messages, outbox.data ?? NO_OUTBOX, inFlight),
    [messages, outbox.data, inFlight],
  );
  return {
    entries,
    isLoading: thread.data === undefined,
    hasOlder,
    isLoadingOlder: older.isFetching,
    loadOlder,
    send,
    retry,
  };
}
