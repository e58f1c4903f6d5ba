import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  TaskEvent,
  TaskEventsReadResponse,
  TaskEventsReadRequest,
  TaskEventsRequest,
} from '../../shared/contract';
import { TASK_EVENTS_DEFAULT } from '../../shared/limits';
import { http } from '../http';
import type { MutationCallbacks } from './mutation-callbacks';
import { readQueryData, type QueryData } from './query-data';
import { asQuery } from './query-failure';

/** The bell's task events (the server knows whose by the token). */
export const taskEventKeys = { all: ['taskEvents'] as const };

/** POST /client/events: the signed-in client's newest task events first (cached for offline use by the service worker). */
export function getTaskEvents(limit = TASK_EVENTS_DEFAULT): Promise<QueryData<TaskEvent[]>> {
  const body: TaskEventsRequest = { limit };
  return readQueryData<TaskEvent[]>(http.post('client/events', { json: body }));
}

/** The bell's list: fetched each time the list opens. */
export function taskEventsQuery() {
  return queryOptions({ queryKey: taskEventKeys.all, queryFn: () => asQuery(() => getTaskEvents()) });
}

/** POST /client/events/read: the events up to `upTo` are read (the red dot goes when none is left); responds how many stay unread. */
export async function markTaskEventsRead(upTo: string): Promise<number> {
  const body: TaskEventsReadRequest = { upTo };
  const response = await http.post('client/events/read', { json: body }).json<TaskEventsReadResponse>();
  return response.data.unread;
}

/**
 * Marks the events up to a time read. The list is not read again (it would mark its own
 * New badges away while open); the red dot is the caller's (`onSuccess`, src/features/dashboard/use-unread-dot.ts).
 */
export function useMarkTaskEventsRead(callbacks: MutationCallbacks<number> = {}) {
  return useMutation({ mutationFn: markTaskEventsRead, onSuccess: callbacks.onSuccess, onError: callbacks.onError });
}
