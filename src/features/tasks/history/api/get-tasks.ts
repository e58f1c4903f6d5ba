import type { Task, TasksAnswer, TasksRequest } from '../../../../shared/contract';
import { http, retryPostRead } from '../../../../lib/http';
import { readAnswer, type CachedAtSink } from '../../../../shared/offline-answers';

/** POST /client/task {userId}: the user's tasks, oldest first; `onCachedAt` hears when the answer came from the device (offline). */
export async function getTasks(userId: string, onCachedAt?: CachedAtSink): Promise<Task[]> {
  const body: TasksRequest = { userId };
  const answer = await readAnswer<TasksAnswer>(http.post('client/task', { json: body, retry: retryPostRead }), onCachedAt);
  return answer.data;
}
