import { queryOptions } from '@tanstack/react-query';
import type { CreateTaskAnswer, CreateTaskRequest, Task, TasksRequest } from '../../shared/contract';
import { http, retryPostRead } from '../http';
import { readAnswer, type Answer } from './answer';
import { asQuery } from './query-failure';

/** POST /client/task {userId}: the user's tasks, oldest first (cached for offline use by the service worker). */
export function getTasks(userId: string): Promise<Answer<Task[]>> {
  const body: TasksRequest = { userId };
  return readAnswer<Task[]>(http.post('client/task', { json: body, retry: retryPostRead }));
}

/** The user's tasks; a navigation's route loader starts it, so mounting a screen does not. */
export function tasksQuery(userId: string) {
  return queryOptions({
    queryKey: ['tasks', userId] as const,
    queryFn: () => asQuery(() => getTasks(userId)),
    refetchOnMount: false,
  });
}

/**
 * POST /client/create: the task of a verified payment. Never retried blindly: a paid task
 * has its own durable record and replay (src/lib/pending-tasks.ts); the server is idempotent
 * by payment reference.
 */
export async function createTask(request: CreateTaskRequest): Promise<Task> {
  const response = await http.post('client/create', { json: request }).json<CreateTaskAnswer>();
  return response.data;
}
