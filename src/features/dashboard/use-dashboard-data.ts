import { useEffect, useState } from 'react';
import type { Task, User } from '../../lib/contract';
import { apiErrorMessage } from '../../lib/api-error';
import { getToken } from '../../lib/token-storage';
import { takeDashboard } from './dashboard-reads';
import { newestFirst } from './recent-tasks-order';

export const NO_TOKEN_MESSAGE = 'No authentication token found';
const LOAD_FAILED_MESSAGE = 'Failed to load data. Please check your connection.';

export type DashboardData =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; user: User; tasks: Task[]; cachedAt: number | null };

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
        const { user, tasks, cachedAt } = await takeDashboard(token);
        if (isCurrent) setData({ status: 'loaded', user, tasks: newestFirst(tasks), cachedAt });
      } catch (error) {
        const message = await apiErrorMessage(error, LOAD_FAILED_MESSAGE);
        if (isCurrent) setData({ status: 'error', message });
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, []);

  return data;
}
