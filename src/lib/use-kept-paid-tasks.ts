import { useCallback, useEffect, useState } from 'react';
import { dismissRefusedPaidTask, listKeptPaidTasks, onKeptPaidTasksChange, type KeptPaidTask } from './pending-tasks';

export interface KeptPaidTasks {
  /** Paid tasks the server has not confirmed (or has refused), oldest first; empty until read, and where IndexedDB is missing. */
  tasks: readonly KeptPaidTask[];
  /** The client has read why a paid task was refused: its record goes. */
  dismiss(reference: string): Promise<void>;
}

/** The paid tasks kept on this device (src/lib/pending-tasks.ts), kept current as they are sent, confirmed or refused. */
export function useKeptPaidTasks(): KeptPaidTasks {
  const [tasks, setTasks] = useState<readonly KeptPaidTask[]>([]);

  useEffect(() => {
    let isCurrent = true;
    const load = () =>
      void listKeptPaidTasks().then(
        (kept) => isCurrent && setTasks(kept),
        () => isCurrent && setTasks([]),
      );
    load();
    const stopListening = onKeptPaidTasksChange(load);
    return () => {
      isCurrent = false;
      stopListening();
    };
  }, []);

  const dismiss = useCallback((reference: string) => dismissRefusedPaidTask(reference), []);
  return { tasks, dismiss };
}
