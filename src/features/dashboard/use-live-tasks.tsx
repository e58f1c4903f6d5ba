import { useEffect, useRef, useState } from 'react';
import type { Task } from '../../shared/contract';
import { taskServiceName } from '../../shared/service-names';
import { isOpenTaskStatus, statusChangeMessage, statusChanges } from '../../shared/task-events';
import { useOnline } from '../../lib/use-online';
import { useUserAndTasks, type UserAndTasksQuery } from '../../lib/use-user-and-tasks';
import { notify } from '../../ui/toast-host';

/** While a task is pending, assigned or on-going, Home fetches the tasks again this often. */
export const HOME_REFRESH_MS = 30_000;

/**
 * Home's user and tasks, kept current while the client looks at it: the queries refetch on
 * focus and when the network returns, and every 30 s while a task can still change and the
 * browser is online, so the cards update in place.
 */
export function useLiveUserAndTasks(): UserAndTasksQuery {
  const isOnline = useOnline();
  const [hasOpenTask, setHasOpenTask] = useState(false);
  const query = useUserAndTasks({ refetchInterval: hasOpenTask && isOnline ? HOME_REFRESH_MS : false });
  const isOpen = query.data?.tasks.some((task) => isOpenTaskStatus(task.status)) ?? false;
  if (isOpen !== hasOpenTask) setHasOpenTask(isOpen);
  return query;
}

/**
 * Each status change a fresh response brings is told: a toast, and the returned text for the
 * screen's live region ('Your Household Waste Pickup task: driver assigned'). The toast's text
 * is hidden from screen readers, which hear the live region, so nothing is said twice.
 */
export function useTaskAnnouncements(query: UserAndTasksQuery): string {
  const tasks = query.data?.tasks ?? null;

  const [announcement, setAnnouncement] = useState('');
  const shown = useRef<readonly Task[] | null>(null);
  const { cachedAt } = query;
  useEffect(() => {
    if (!tasks) return;
    const previous = shown.current;
    // A response cached on the device may be older than what is shown: it neither changes nor tells anything.
    if (previous && cachedAt !== null) return;
    shown.current = tasks;
    if (!previous) return;
    const changes = statusChanges(previous, tasks);
    if (changes.length === 0) return;
    const messages = changes.map((change) => statusChangeMessage(taskServiceName(change.task), change.to));
    setAnnouncement(messages.join('. '));
    for (const [index, change] of changes.entries()) {
      notify((toast) =>
        toast.info(<span aria-hidden="true">{messages[index]}</span>, {
          toastId: `status-${change.task._id}-${change.to}`,
        }),
      );
    }
  }, [tasks, cachedAt]);
  return announcement;
}
