import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dismissRefusedPaidTask, listPendingTasks, onPendingTasksChange, type PendingTask } from './pending-tasks';

export interface PendingTasks {
  /** Paid tasks the server has not confirmed (or has refused), oldest first; empty until read, and where IndexedDB is missing. */
  tasks: readonly PendingTask[];
  /** The client has read why a paid task was refused: its record goes. */
  dismiss(reference: string): Promise<void>;
}

const NONE: readonly PendingTask[] = [];
const PENDING_TASKS_KEY = ['pendingTasks'] as const;

/** The paid tasks kept on this device (src/lib/pending-tasks.ts), kept current as they are sent, confirmed or refused. */
export function usePendingTasks(): PendingTasks {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: PENDING_TASKS_KEY,
    queryFn: () => listPendingTasks().catch(() => NONE),
    // IndexedDB, not the network: cheap, so read again on every mount (a booking screen may have
    // kept a task while no screen listened); while mounted, pending-tasks.ts says when it changes.
    networkMode: 'always',
    refetchOnMount: 'always',
  });
  useEffect(
    () => onPendingTasksChange(() => void queryClient.invalidateQueries({ queryKey: PENDING_TASKS_KEY })),
    [queryClient],
  );
  const { mutateAsync: dismiss } = useMutation({
    mutationFn: (reference: string) => dismissRefusedPaidTask(reference),
  });
  return { tasks: query.data ?? NONE, dismiss };
}
