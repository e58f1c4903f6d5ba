import { queryOptions } from '@tanstack/react-query';
import type { CreateTaskResponse, CreateTaskRequest, Task, TasksRequest } from '../../shared/contract';
import { http, retryPostQuery } from '../http';
import { readQueryData, type QueryData } from './query-data';
import { asQuery } from './query-failure';

/** POST /client/task {userId}: the user's tasks, oldest first (cached for offline use by the service worker). */
export function getTasks(userId: string): Promise<QueryData<Task[]>> {
  const body: TasksRequest = { userId };
  return readQueryData<Task[]>(http.post('client/task', { json: body, retry: retryPostQuery }));
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
  const response = await http.post('client/create', { json: request }).json<CreateTaskResponse>();
  return response.data;
}
