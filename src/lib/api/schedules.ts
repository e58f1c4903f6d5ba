/** Recurring pickups (POST /client/schedules and its actions); the list is cached for offline use. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateScheduleRequest,
  MoveScheduleDateRequest,
  Schedule,
  ScheduleActionRequest,
  ScheduleResponse,
  SkipScheduleRequest,
} from '../../shared/contract';
import { http } from '../http';
import type { MutationCallbacks } from './mutation-callbacks';
import { readQueryData, type QueryData } from './query-data';
import { signedInQuery } from './signed-in';

export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (subject: string | null) => [...scheduleKeys.all, subject] as const,
};

/** POST /client/schedules: the client's recurring pickups, oldest first. */
export function getSchedules(): Promise<QueryData<Schedule[]>> {
  return readQueryData<Schedule[]>(http.post('client/schedules', { json: {} }));
}

export function schedulesQuery() {
  return queryOptions(signedInQuery(scheduleKeys.list, getSchedules));
}

/** POST /client/schedules/create: needs a running plan that includes the service. */
export async function createSchedule(request: CreateScheduleRequest): Promise<Schedule> {
  return (await http.post('client/schedules/create', { json: request }).json<ScheduleResponse>()).data;
}

export type ScheduleAction = 'pause' | 'resume' | 'delete';

/** POST /client/schedules/pause | resume | delete. */
export async function changeSchedule(action: ScheduleAction, scheduleId: string): Promise<void> {
  const json: ScheduleActionRequest = { scheduleId };
  await http.post(`client/schedules/${action}`, { json }).json();
}

/** POST /client/schedules/skip: skips one date (or takes the skip back). */
export async function skipScheduleDate(scheduleId: string, date: string, unskip = false): Promise<Schedule> {
  const json: SkipScheduleRequest = unskip ? { scheduleId, date, unskip } : { scheduleId, date };
  return (await http.post('client/schedules/skip', { json }).json<ScheduleResponse>()).data;
}

/** POST /client/schedules/move: one date (its own day) to another offered window; its own window puts it back. */
export async function moveScheduleDate(
  scheduleId: string,
  date: string,
  window: MoveScheduleDateRequest['window'],
): Promise<Schedule> {
  const json: MoveScheduleDateRequest = { scheduleId, date, window };
  return (await http.post('client/schedules/move', { json }).json<ScheduleResponse>()).data;
}

/** Creates a schedule; the list is read again before `onSuccess` (the screen shows it at once). */
export function useCreateSchedule(callbacks: MutationCallbacks<Schedule> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      callbacks.onSuccess?.(created);
    },
    onError: callbacks.onError,
  });
}

/** One change of a schedule: pause, resume, delete, skip or take back a skip of a date, move a date. */
export type ScheduleChange =
  | { action: ScheduleAction; scheduleId: string }
  | { action: 'skip' | 'unskip'; scheduleId: string; date: string }
  | { action: 'move'; scheduleId: string; date: string; window: MoveScheduleDateRequest['window'] };

async function applyScheduleChange(change: ScheduleChange): Promise<void> {
  if (change.action === 'skip' || change.action === 'unskip')
    await skipScheduleDate(change.scheduleId, change.date, change.action === 'unskip');
  else if (change.action === 'move') await moveScheduleDate(change.scheduleId, change.date, change.window);
  else await changeSchedule(change.action, change.scheduleId);
}

/** Changes a schedule; the list is read again after each change, refused or not (it may have moved meanwhile). */
export function useChangeSchedule(callbacks: MutationCallbacks<ScheduleChange> & { onMutate?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyScheduleChange,
    onMutate: () => callbacks.onMutate?.(),
    onSuccess: (_, change) => callbacks.onSuccess?.(change),
    onError: callbacks.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
