import { useEffect, useState } from 'react';
import type { Task } from '../../../shared/contract';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';
import { oldestCachedAt } from '../../../shared/offline-answers';
import { getToken } from '../../../lib/token-storage';
import { getTasks } from './api/get-tasks';
import { getUser } from './api/get-user';

export const NO_TOKEN_MESSAGE = 'No authentication token found';
const LOAD_FAILED_MESSAGE = 'Failed to load history. Please check your connection.';

export type HistoryData = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; tasks: Task[]; cachedAt: number | null };

/** The order history, newest first: the server's oldest-first list reversed (SPEC section 7). */
export function useHistoryData(): HistoryData {
  const [data, setData] = useState<HistoryData>({ status: 'loading' });

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
        const user = await getUser(token, onCachedAt);
        const tasks = await getTasks(user._id, onCachedAt);
        if (isCurrent) setData({ status: 'loaded', tasks: [...tasks].reverse(), cachedAt: oldestCachedAt(...cachedTimes) });
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
