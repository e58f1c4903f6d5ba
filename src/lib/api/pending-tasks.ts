/** The paid tasks kept on this device (src/lib/pending-tasks.ts) as a query: IndexedDB, not the network. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dismissRefusedPaidTask, listPendingTasks, type PendingTask } from '../pending-tasks';

export const pendingTaskKeys = { all: ['pendingTasks'] as const };

const NONE: readonly PendingTask[] = [];

export function pendingTasksQuery() {
  return queryOptions({
    queryKey: pendingTaskKeys.all,
    queryFn: () => listPendingTasks().catch(() => NONE),
    // IndexedDB, not the network: cheap, so read again on every mount (a booking screen may have
    // kept a task while no screen listened); while mounted, pending-tasks.ts says when it changes.
    networkMode: 'always',
    refetchOnMount: 'always',
  });
}

/** The client has read why a paid task was refused: its record goes, and the list is read again. */
export function useDismissPendingTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) => dismissRefusedPaidTask(reference),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingTaskKeys.all }),
  });
}
