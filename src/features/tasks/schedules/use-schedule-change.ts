import { useState } from 'react';
import { type ScheduleChange, useChangeSchedule } from '../../../lib/api/schedules';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';

export const CHANGE_FAILED = 'Could not change the recurring pickup. Please check your connection and try again.';

type Change = ScheduleChange;

/** Pause, resume, delete a schedule, skip or move one of its dates; the list is fetched again after each. */
export function useScheduleChange(options: { onSuccess?: (change: Change) => void } = {}) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useChangeSchedule({
    onMutate: () => setError(null),
    onSuccess: (change) => options.onSuccess?.(change),
    onError: async (failure) => setError(failureMessage(await readCallFailure(failure), CHANGE_FAILED)),
  });
  /** Whether this change is the one under way (its button says so). */
  const isRunning = (change: Change) =>
    mutation.isPending &&
    mutation.variables?.action === change.action &&
    mutation.variables.scheduleId === change.scheduleId &&
    ('date' in change ? 'date' in mutation.variables && mutation.variables.date === change.date : true);
  return { change: (change: Change) => mutation.mutate(change), isBusy: mutation.isPending, isRunning, error };
}
