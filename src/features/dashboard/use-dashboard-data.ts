import { useEffect, useState } from 'react';
import type { Task, User } from '../../shared/contract';
import { failureMessage, readCallFailure } from '../../shared/call-failure';
import { decodeJwtSubject, oldestCachedAt } from '../../shared/offline-answers';
import { getToken } from '../../lib/token-storage';
import { getTasks } from './api/get-tasks';
import { getUser } from './api/get-user';
import { newestFirst } from './recent-tasks-order';

export const NO_TOKEN_MESSAGE = 'No authentication token found';
const LOAD_FAILED_MESSAGE = 'Failed to load data. Please check your connection.';

export type DashboardData =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; user: User; tasks: Task[]; cachedAt: number | null };

type Settled<T> = { value: T } | { error: unknown };

/** Holds a rejection until it is awaited (no unhandled rejection while the user is still loading). */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function unwrap<T>(settled: Settled<T>): T {
  if ('error' in settled) throw settled.error;
  return settled.value;
}

/** The user and their tasks (newest first), read from the server on every visit; `cachedAt` when offline answers were kept ones. */
export function useDashboardData(): DashboardData {
  const [data, setData] = useState<DashboardData>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    const token = getToken();
    if (!token) {
      setData({ status: 'error', message: NO_TOKEN_MESSAGE });
      return;
    }
    (async () => {
      try {
        const cachedTimes: Array<number | null> = [];
        const onCachedAt = (cachedAt: number | null) => cachedTimes.push(cachedAt);
        // The token names the user (its subject), so the tasks are asked for alongside the user
        // rather than after it: one round trip less before the dashboard shows.
        const subject = decodeJwtSubject(token);
        const earlyTasks = subject ? settle(getTasks(subject, onCachedAt)) : null;
        const user = await getUser(token, onCachedAt);
        const tasks = earlyTasks && subject === user._id ? unwrap(await earlyTasks) : await getTasks(user._id, onCachedAt);
        if (isCurrent) setData({ status: 'loaded', user, tasks: newestFirst(tasks), cachedAt: oldestCachedAt(...cachedTimes) });
      } catch (error) {
        const message = failureMessage(await readCallFailure(error), LOAD_FAILED_MESSAGE);
        if (isCurrent) setData({ status: 'error', message });
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, []);

  return data;
}
