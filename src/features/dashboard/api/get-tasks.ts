import type { Task, TasksAnswer, TasksRequest } from '../../../lib/contract';
import { http, retryPostRead } from '../../../lib/http';

/** POST /client/task {userId}: the user's tasks, oldest first. */
export async function getTasks(userId: string): Promise<Task[]> {
  const body: TasksRequest = { userId };
  const answer = await http.post('client/task', { json: body, retry: retryPostRead }).json<TasksAnswer>();
  return answer.data;
}
