import type { TaskEvent, TaskEventsReadAnswer, TaskEventsReadRequest, TaskEventsRequest } from '../../shared/contract';
import { TASK_EVENTS_DEFAULT } from '../../shared/limits';
import { http, retryPostRead } from '../http';
import { readAnswer, type Answer } from './answer';

/** POST /client/events: the signed-in client's newest task events first (kept for offline use by the service worker). */
export function getTaskEvents(limit = TASK_EVENTS_DEFAULT): Promise<Answer<TaskEvent[]>> {
  const body: TaskEventsRequest = { limit };
  return readAnswer<TaskEvent[]>(http.post('client/events', { json: body, retry: retryPostRead }));
}

/** POST /client/events/read: the events up to `upTo` are read (the red dot goes when none is left); answers how many stay unread. */
export async function markTaskEventsRead(upTo: string): Promise<number> {
  const body: TaskEventsReadRequest = { upTo };
  const answer = await http.post('client/events/read', { json: body }).json<TaskEventsReadAnswer>();
  return answer.data.unread;
}
