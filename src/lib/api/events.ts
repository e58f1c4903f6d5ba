import { queryOptions } from '@tanstack/react-query';
import type { TaskEvent, TaskEventsReadAnswer, TaskEventsReadRequest, TaskEventsRequest } from '../../shared/contract';
import { TASK_EVENTS_DEFAULT } from '../../shared/limits';
import { http, retryPostRead } from '../http';
import { readAnswer, type Answer } from './answer';
import { asQuery } from './query-failure';

/** POST /client/events: the signed-in client's newest task events first (cached for offline use by the service worker). */
export function getTaskEvents(limit = TASK_EVENTS_DEFAULT): Promise<Answer<TaskEvent[]>> {
  const body: TaskEventsRequest = { limit };
  return readAnswer<TaskEvent[]>(http.post('client/events', { json: body, retry: retryPostRead }));
}

/** The bell's list: fetched each time the list opens. */
export function taskEventsQuery() {
  return queryOptions({ queryKey: ['taskEvents'] as const, queryFn: () => asQuery(() => getTaskEvents()) });
}

/** POST /client/events/read: the events up to `upTo` are read (the red dot goes when none is left); responds how many stay unread. */
export async function markTaskEventsRead(upTo: string): Promise<number> {
  const body: TaskEventsReadRequest = { upTo };
  const response = await http.post('client/events/read', { json: body }).json<TaskEventsReadAnswer>();
  return response.data.unread;
}
