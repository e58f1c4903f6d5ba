/**
 * What a push makes the open app read again (docs/notifications.md, 'While the app is open'):
 * the service worker tells its pages of each push (PUSH_RECEIVED), and the queries about what
 * changed are read again, so a screen on view is current at once rather than at its next
 * refresh. Only queries on screen are read now; the others are marked stale.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { PushKind, PushNotice } from '../shared/push-payload';
import { PUSH_RECEIVED } from '../shared/sw-messages';
import { supportKeys } from './api/aftercare';
import { chatKeys } from './api/chat';
import { taskEventKeys } from './api/events';
import { planKeys } from './api/plan';
import { pointsKeys } from './api/points';
import { scheduleKeys } from './api/schedules';
import { taskKeys } from './api/tasks';
import { userKeys } from './api/user';

/** The query keys (prefixes, from the key factories) a push is about. */
export function queryKeysAfterPush({ kind, taskId }: PushNotice): QueryKey[] {
  switch (kind) {
    case 'chat':
      return taskId ? [chatKeys.ofTask(taskId)] : [];
    case 'support-reply':
      return [supportKeys.all, taskEventKeys.all];
    case 'plan-renewal':
      return [planKeys.all, userKeys.all];
    case 'schedule-not-covered':
      return [scheduleKeys.all, planKeys.all];
    // Points are earned on completion; a cancelled covered pickup goes back to the plan.
    case 'completed':
      return [taskKeys.all, taskEventKeys.all, userKeys.all, pointsKeys.all, planKeys.all];
    // A cancel (or its refund) gives back points spent too, as the client's own cancel does.
    case 'cancelled':
    case 'refund':
      return [taskKeys.all, taskEventKeys.all, planKeys.all, pointsKeys.all];
    default:
      return [taskKeys.all, taskEventKeys.all];
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
