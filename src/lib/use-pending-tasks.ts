import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pendingTaskKeys, pendingTasksQuery, useDismissPendingTask } from './api/pending-tasks';
import { onPendingTasksChange, type PendingTask } from './pending-tasks';

export interface PendingTasks {
  /** Paid tasks the server has not confirmed (or has refused), oldest first; empty until read, and where IndexedDB is missing. */
  tasks: readonly PendingTask[];
  /** The client has read why a paid task was refused: its record goes. */
  dismiss(reference: string): Promise<void>;
}

const NONE: readonly PendingTask[] = [];

/** The paid tasks kept on this device (src/lib/pending-tasks.ts), kept current as they are sent, confirmed or refused. */
export function usePendingTasks(): PendingTasks {
  const queryClient = useQueryClient();
  const query = useQuery(pendingTasksQuery());
  useEffect(
    () => onPendingTasksChange(() => void queryClient.invalidateQueries({ queryKey: pendingTaskKeys.all })),
    [queryClient],
  );
  const { mutateAsync: dismiss } = useDismissPendingTask();
  return { tasks: query.data ?? NONE, dismiss };
}
