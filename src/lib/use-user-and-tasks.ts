import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Task, User } from '../shared/contract';
import { oldestCachedAt } from '../shared/cached-responses';
import { signedInSubject } from './api/signed-in';
import { tasksQuery } from './api/tasks';
import { userQuery } from './api/user';

export interface UserAndTasks {
  user: User;
  /** Oldest first, as the server sends them. */
  tasks: Task[];
}

export interface UserAndTasksQuery {
  /** Both, once both have arrived; kept while they are fetched again, and when a refetch fails. */
  data: UserAndTasks | undefined;
  /** Set when either came from the device (the older of the two). */
  cachedAt: number | null;
  /** The first failure, when there is nothing to show. */
  error: Error | null;
}

/**
 * The user and their tasks (Home, History). The tasks are keyed by the token's subject until
 * the user has arrived; should the subject not be the user's id, they are fetched with the id.
 * `refetchInterval`: both are polled this often (Home, while a task is open).
 */
export function useUserAndTasks({
  refetchInterval = false,
}: {
  refetchInterval?: number | false;
} = {}): UserAndTasksQuery {
  const user = useQuery({ ...userQuery(), refetchInterval });
  const userId = user.data?.data._id ?? signedInSubject();
  const tasks = useQuery({ ...tasksQuery(userId ?? ''), enabled: Boolean(userId), refetchInterval });
  const data = useMemo(
    () => (user.data && tasks.data ? { user: user.data.data, tasks: tasks.data.data } : undefined),
    [user.data, tasks.data],
  );
  return {
    data,
    cachedAt: user.data && tasks.data ? oldestCachedAt(user.data.cachedAt, tasks.data.cachedAt) : null,
    error: data ? null : (user.error ?? tasks.error),
  };
}
