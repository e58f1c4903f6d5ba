import { useQuery } from '@tanstack/react-query';
import { getDriverTasks, getEarnings, getOffers } from '../lib/api/driver';
import { TASKS_KEY } from './actions';
import { keptRead } from './kept';

/** Offers are asked for every few seconds while the driver is online (an offer lasts 30 s). */
export const OFFER_POLL_MS = 4_000;

export function useTasks() {
  return useQuery({
    queryKey: TASKS_KEY,
    queryFn: () => keptRead('driver/tasks', getDriverTasks),
    refetchInterval: 20_000,
  });
}

export function useOffers(available: boolean) {
  return useQuery({
    queryKey: ['driver', 'offers'],
    queryFn: getOffers,
    enabled: available,
    refetchInterval: OFFER_POLL_MS,
    retry: false,
  });
}

export function useEarnings() {
  return useQuery({ queryKey: ['driver', 'earnings'], queryFn: () => keptRead('driver/earnings', getEarnings) });
}
