import { useQuery } from '@tanstack/react-query';
import { driverKeys, getBanks, getDriverTasks, getOffers, getPayouts } from '../lib/api/driver';
import { notificationPermission } from '../lib/push-device';
import { measureClock } from './clock';
import { keptRead } from './kept';

/** Offers are asked for every few seconds while the driver is online (an offer lasts 30 s). */
export const OFFER_POLL_MS = 4_000;

export function useTasks() {
  return useQuery({
    queryKey: driverKeys.tasks(),
    queryFn: () => keptRead('driver/tasks', getDriverTasks),
    // While a client decides on an extra, the driver at the door sees their answer within seconds.
    // Otherwise, with offers by push on this phone, an assignment or a cancel is pushed (and read
    // at once): the poll is only a fallback, every minute; without, every 20 s.
    refetchInterval: (query) =>
      query.state.data?.data.some((task) => task.extra?.status === 'awaiting')
        ? 4_000
        : notificationPermission() === 'granted'
          ? 60_000
          : 20_000,
  });
}

/** The offers, measuring the phone's clock against the server's on each answer (./clock.ts). */
async function readOffers() {
  const sentAt = Date.now();
  const offers = await getOffers();
  if (offers[0]) measureClock(offers[0].serverNow, sentAt);
  return offers;
}

export function useOffers(available: boolean) {
  return useQuery({
    queryKey: driverKeys.offers(),
    queryFn: readOffers,
    enabled: available,
    refetchInterval: OFFER_POLL_MS,
    // Not retried: the 4 s poll is the retry.
    retry: false,
  });
}

export function usePayouts() {
  return useQuery({ queryKey: driverKeys.payouts(), queryFn: () => keptRead('driver/payouts', getPayouts) });
}

/** Asked for only while the bank account form is open; the list changes rarely. */
export function useBanks(enabled: boolean) {
  return useQuery({ queryKey: driverKeys.banks(), queryFn: getBanks, enabled, staleTime: 60 * 60 * 1000 });
}
