import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CreateTaskResponse, CreateTaskRequest, Task, TasksRequest } from '../../shared/contract';
import { http } from '../http';
import { readQueryData, type QueryData } from './query-data';
import { asQuery } from './query-failure';

/** The client's tasks (Home, History, a task's page), by user id. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: (userId: string) => [...taskKeys.all, userId] as const,
};

/** POST /client/task {userId}: the user's tasks, oldest first (cached for offline use by the service worker). */
export function getTasks(userId: string): Promise<QueryData<Task[]>> {
  const body: TasksRequest = { userId };
  return readQueryData<Task[]>(http.post('client/task', { json: body }));
}

/** The user's tasks; a navigation's route loader starts it, so mounting a screen does not. */
export function tasksQuery(userId: string) {
  return queryOptions({
    queryKey: taskKeys.list(userId),
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

/** The server's new version of a task replaces the old one in every kept list at once (its page shows it before the list is read again). */
export function putTaskInLists(queryClient: QueryClient, changed: Task): void {
  queryClient.setQueriesData<QueryData<Task[]>>({ queryKey: taskKeys.all }, (kept) =>
    kept ? { ...kept, data: kept.data.map((one) => (one._id === changed._id ? changed : one)) } : kept,
  );
}
