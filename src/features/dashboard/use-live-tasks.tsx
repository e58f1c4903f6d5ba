import { useEffect, useRef, useState } from 'react';
import type { Task } from '../../shared/contract';
import { taskServiceName } from '../../shared/service-names';
import { isOpenTaskStatus, statusChangeMessage, statusChanges } from '../../shared/task-events';
import type { UserAndTasks } from '../../lib/signed-in-reads';
import { useLiveRefresh } from '../../lib/use-live-refresh';
import { useRefetch, type ReadState } from '../../lib/use-read';
import { notify } from '../../ui/toast-host';

/** While a task is pending, assigned or on-going, Home reads it again this often. */
export const HOME_REFRESH_MS = 30_000;

/**
 * Keeps Home's tasks current while the client looks at it (on focus, when the page shows
 * again, when the network returns, and every 30 s while a task can still change; see
 * useLiveRefresh) through the route's own reads, so the cards update in place. Each status
 * change a fresh answer brings is told: a toast, and the returned text for the screen's live
 * region ('Your Household Waste Pickup task: driver assigned'). The toast's text is hidden from
 * screen readers, which hear the live region, so nothing is said twice.
 */
export function useLiveTasks(data: ReadState<UserAndTasks>): string {
  const refetch = useRefetch();
  const tasks = data.status === 'loaded' ? data.data.tasks : null;
  useLiveRefresh(refetch, {
    poll: tasks?.some((task) => isOpenTaskStatus(task.status)) ?? false,
    intervalMs: HOME_REFRESH_MS,
  });

  const [announcement, setAnnouncement] = useState('');
  const shown = useRef<readonly Task[] | null>(null);
  useEffect(() => {
    if (data.status !== 'loaded') return;
    const previous = shown.current;
    // An answer kept on the device may be older than what is shown: it neither changes nor tells anything.
    if (previous && data.cachedAt !== null) return;
    shown.current = data.data.tasks;
    if (!previous) return;
    const changes = statusChanges(previous, data.data.tasks);
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
  }, [data]);
  return announcement;
}
