/** 'Drivers are busy near you': keep waiting, or another time for a task no driver took (docs/driver.md 'Dispatch'). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '../../shared/contract';
import type { PickupWindow } from '../../shared/pickup-windows';
import { http } from '../http';
import type { MutationCallbacks } from './mutation-callbacks';
import { putTaskInLists, taskKeys } from './tasks';

type Choice = { kind: 'keep-waiting' } | { kind: 'reschedule'; window: PickupWindow };

async function answerDriversBusy(taskId: string, choice: Choice): Promise<Task> {
  const answer =
    choice.kind === 'keep-waiting'
      ? http.post('client/tasks/keep-waiting', { json: { taskId } })
      : http.post('client/tasks/reschedule', { json: { taskId, window: choice.window } });
  return (await answer.json<{ data: Task }>()).data;
}

/** The client's answer; the task changed is put in the lists at once, then read again. */
export function useAnswerDriversBusy(taskId: string, callbacks: MutationCallbacks<Task> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: Choice) => answerDriversBusy(taskId, choice),
    onSuccess: (task) => {
      putTaskInLists(queryClient, task);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      callbacks.onSuccess?.(task);
    },
    onError: callbacks.onError,
  });
}
