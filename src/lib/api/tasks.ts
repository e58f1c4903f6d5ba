import type { CreateTaskAnswer, CreateTaskRequest, Task, TasksRequest } from '../../shared/contract';
import { http, retryPostRead } from '../http';
import { readAnswer, type Answer } from './answer';

/** POST /client/task {userId}: the user's tasks, oldest first (kept for offline use by the service worker). */
export function getTasks(userId: string): Promise<Answer<Task[]>> {
  const body: TasksRequest = { userId };
  return readAnswer<Task[]>(http.post('client/task', { json: body, retry: retryPostRead }));
}

/**
 * POST /client/create: the task of a verified payment. Never retried blindly: a paid task
 * has its own durable record and replay (src/lib/pending-tasks.ts); the server is idempotent
 * by payment reference.
 */
export async function createTask(request: CreateTaskRequest): Promise<Task> {
  const answer = await http.post('client/create', { json: request }).json<CreateTaskAnswer>();
  return answer.data;
}
