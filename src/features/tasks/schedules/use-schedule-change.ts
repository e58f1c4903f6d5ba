import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changeSchedule,
  moveScheduleDate,
  type ScheduleAction,
  schedulesQuery,
  skipScheduleDate,
} from '../../../lib/api/schedules';
import type { PickupWindow } from '../../../shared/pickup-windows';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';

export const CHANGE_FAILED = 'Could not change the recurring pickup. Please check your connection and try again.';

type Change =
  | { action: ScheduleAction; scheduleId: string }
  | { action: 'skip' | 'unskip'; scheduleId: string; date: string }
  | { action: 'move'; scheduleId: string; date: string; window: PickupWindow };

/** Pause, resume, delete a schedule, skip or move one of its dates; the list is fetched again after each. */
export function useScheduleChange(options: { onSuccess?: (change: Change) => void } = {}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (change: Change): Promise<void> => {
      if (change.action === 'skip' || change.action === 'unskip')
        await skipScheduleDate(change.scheduleId, change.date, change.action === 'unskip');
      else if (change.action === 'move') await moveScheduleDate(change.scheduleId, change.date, change.window);
      else await changeSchedule(change.action, change.scheduleId);
    },
    onMutate: () => setError(null),
    onSuccess: (_, change) => options.onSuccess?.(change),
    onError: async (failure) => setError(failureMessage(await readCallFailure(failure), CHANGE_FAILED)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesQuery().queryKey }),
  });
  /** Whether this change is the one under way (its button says so). */
  const isRunning = (change: Change) =>
    mutation.isPending &&
    mutation.variables?.action === change.action &&
    mutation.variables.scheduleId === change.scheduleId &&
    ('date' in change ? 'date' in mutation.variables && mutation.variables.date === change.date : true);
  return { change: (change: Change) => mutation.mutate(change), isBusy: mutation.isPending, isRunning, error };
}
