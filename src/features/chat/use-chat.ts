import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { retryMessage } from '../../shared/chat-outbox';
import type { ChatMessage } from '../../shared/contract';
import { getOutbox, type OutboxMessage } from '../../shared/offline-db';
import { onOutboxChanged } from '../../lib/sw-bridge';
import { getToken } from '../../lib/token-storage';
import { usePolling } from '../../lib/use-polling';
import { getMessagesPage } from '../../lib/api/chat';
import { replayChatOutbox, sendChatMessage } from './chat-delivery';
import {
  addMessages,
  mergeThread,
  messageContent,
  newestTimestamp,
  type ChatEntry,
  type InFlightMessage,
} from './chat-thread';

/** Message polling while the chat is open (docs/product.md, Constants). */
export const CHAT_REFRESH_MS = 2_000;

export interface Chat {
  entries: ChatEntry[];
  /** The first read has not answered yet. */
  isLoading: boolean;
  /** Earlier messages exist on the server (the thread shows the newest page first). */
  hasOlder: boolean;
  isLoadingOlder: boolean;
  /** Loads the page before the oldest message shown; resolves to how many it added (0 on failure). */
  loadOlder(): Promise<number>;
  /** Sends `text`; false when there was nothing to send (empty or whitespace only). */
  send(text: string): Promise<boolean>;
  retry(outboxId: number): Promise<void>;
}

/**
 * The chat of one task: the server's messages (first the newest page, older pages on demand, then every 2 s only those newer
 * than the newest seen, paused while hidden or offline), the task's outbox re-read on every
 * tick and after every send (so waiting and failed marks are always what is stored), and the
 * outbox replayed when the chat opens, when the network returns, and after a poll gets through
 * while messages still wait. Sending and replaying go through chat-delivery.ts: the service
 * worker does both when it controls the page, and says when the outbox changed (the chat then
 * re-reads at once).
 */
export function useChat(taskId: string, userId: string | undefined): Chat {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [outbox, setOutbox] = useState<OutboxMessage[]>([]);
  const [inFlight, setInFlight] = useState<InFlightMessage[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const known = useRef<ChatMessage[]>([]);
  const hasRead = useRef(false);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const readOutbox = useCallback(async () => {
    try {
      const stored = await getOutbox(taskId);
      if (isMounted.current) setOutbox(stored);
      return stored;
    } catch (error) {
      console.warn('Could not read the chat outbox', error);
      return [];
    }
  }, [taskId]);

  const readMessages = useCallback(async () => {
    const since = hasRead.current ? newestTimestamp(known.current) : undefined;
    const page = await getMessagesPage(since ? { taskId, since } : { taskId });
    const fresh = page.messages;
    if (!since && isMounted.current) setOlderCursor(page.olderCursor);
    hasRead.current = true;
    known.current = addMessages(known.current, fresh);
    if (isMounted.current) {
      setMessages(known.current);
      setIsLoading(false);
    }
  }, [taskId]);

  const replay = useCallback(async () => {
    try {
      await replayChatOutbox();
    } catch (error) {
      console.warn('Could not replay the chat outbox', error);
    }
  }, []);

  /** One poll: new messages, then the stored outbox; a poll that got through replays what still waits. */
  const refresh = useCallback(async () => {
    let gotThrough = false;
    try {
      await readMessages();
      gotThrough = true;
    } catch (error) {
      console.warn('Could not refresh the chat', error);
    }
    const stored = await readOutbox();
    if (gotThrough && stored.some((message) => message.failedReason === undefined)) {
      await replay();
      await readOutbox();
      await readMessages().catch(() => undefined);
    }
  }, [readMessages, readOutbox, replay]);

  // Opening the chat replays what waits (then the first poll reads everything).
  const opened = useRef(false);
  usePolling(async () => {
    if (!opened.current) {
      opened.current = true;
      await readOutbox();
      if (navigator.onLine) await replay();
    }
    await refresh();
  }, CHAT_REFRESH_MS);

  useEffect(() => {
    const onOnline = () => void replay().then(refresh);
    window.addEventListener('online', onOnline);
    // The service worker queued or delivered messages itself: show the stored truth at once.
    const stopListening = onOutboxChanged(() => void readOutbox().then(() => readMessages().catch(() => undefined)));
    return () => {
      window.removeEventListener('online', onOnline);
      stopListening();
    };
  }, [replay, refresh, readOutbox, readMessages]);

  const send = useCallback(
    async (text: string) => {
      const content = messageContent(text);
      if (content === null) return false;
      const clientId = crypto.randomUUID();
      setInFlight((current) => [...current, { clientId, content, startedAt: new Date().toISOString() }]);
      try {
        const outcome = await sendChatMessage(
          { taskId, sender: 'user', content, clientId, userId, token: getToken() ?? undefined },
          navigator.onLine,
        );
        if (outcome.state === 'sent') {
          known.current = addMessages(known.current, [outcome.message]);
          if (isMounted.current) setMessages(known.current);
        }
        await readOutbox();
      } finally {
        if (isMounted.current) setInFlight((current) => current.filter((message) => message.clientId !== clientId));
      }
      return true;
    },
    [taskId, userId, readOutbox],
  );

  const retry = useCallback(
    async (outboxId: number) => {
      await retryMessage(outboxId);
      await readOutbox();
      if (navigator.onLine) await replay();
      await refresh();
    },
    [readOutbox, replay, refresh],
  );

  const loadOlder = useCallback(async () => {
    if (!olderCursor || isLoadingOlder) return 0;
    setIsLoadingOlder(true);
    try {
      const page = await getMessagesPage({ taskId, before: olderCursor });
      const before = known.current.length;
      known.current = addMessages(known.current, page.messages);
      if (isMounted.current) {
        setMessages(known.current);
        setOlderCursor(page.olderCursor);
      }
      return known.current.length - before;
    } catch (error) {
      console.warn('Could not load earlier messages', error);
      return 0;
    } finally {
      if (isMounted.current) setIsLoadingOlder(false);
    }
  }, [taskId, olderCursor, isLoadingOlder]);

  const entries = useMemo(() => mergeThread(messages, outbox, inFlight), [messages, outbox, inFlight]);
  return { entries, isLoading, hasOlder: olderCursor !== null, isLoadingOlder, loadOlder, send, retry };
}
