/**
 * What a push makes the open app read again (docs/notifications.md, 'While the app is open'):
 * the service worker tells its pages of each push (PUSH_RECEIVED), and the queries about what
 * changed are read again, so a screen on view is current at once rather than at its next
 * refresh. Only queries on screen are read now; the others are marked stale.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { PushKind, PushNotice } from '../shared/push-payload';
import { PUSH_RECEIVED } from '../shared/sw-messages';

/** The query keys (prefixes) a push is about. */
export function queryKeysAfterPush({ kind, taskId }: PushNotice): QueryKey[] {
  switch (kind) {
    case 'chat':
      return taskId ? [['chat', taskId]] : [];
    case 'support-reply':
      return [['supportRequests'], ['taskEvents']];
    case 'plan-renewal':
      return [['plan'], ['user']];
    case 'schedule-not-covered':
      return [['schedules'], ['plan']];
    // Points are earned on completion; a cancelled covered pickup goes back to the plan.
    case 'completed':
      return [['tasks'], ['taskEvents'], ['user'], ['points'], ['plan']];
    case 'cancelled':
    case 'refund':
      return [['tasks'], ['taskEvents'], ['plan']];
    default:
      return [['tasks'], ['taskEvents']];
  }
}

/** The push a worker's message tells of, or null for any other message. */
export function pushNoticeOf(data: unknown): PushNotice | null {
  const message = data as { type?: unknown; kind?: unknown; taskId?: unknown } | null;
  if (message?.type !== PUSH_RECEIVED || typeof message.kind !== 'string') return null;
  return { kind: message.kind as PushKind, taskId: typeof message.taskId === 'string' ? message.taskId : null };
}

/** Reads again what each push is about while the page is open; returns the function that stops it. */
export function refreshOnPush(queryClient: QueryClient, workers: ServiceWorkerContainer | undefined): () => void {
  if (!workers) return () => {};
  const onMessage = (event: MessageEvent) => {
    const push = pushNoticeOf(event.data);
    if (!push) return;
    for (const queryKey of queryKeysAfterPush(push)) void queryClient.invalidateQueries({ queryKey });
  };
  workers.addEventListener('message', onMessage);
  return () => workers.removeEventListener('message', onMessage);
}
