/**
 * The app's one QueryClient (TanStack Query, docs/architecture.md "The data layer"). It loads
 * with the signed-in chunk, never with the first screen, and its defaults fit a PWA whose
 * service worker answers queries offline from the device (docs/offline.md).
 */
import { QueryClient, onlineManager, type Query } from '@tanstack/react-query';
import { feedOnlineManager } from './online';
import { retryQuery } from './query-retry';
import { useSessionStore } from './session-store';

/** Back online, a query the device answered is refetched this many more times, this far apart (the first requests often still fail). */
export const ONLINE_RETRIES = 3;
export const ONLINE_RETRY_MS = 2_000;

function isFromDevice(query: Query): boolean {
  const data = query.state.data as { cachedAt?: unknown } | undefined;
  return typeof data?.cachedAt === 'number';
}

export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // 'offlineFirst': the request is made even offline, so the service worker can answer
        // it from the device; only retries wait for the network.
        networkMode: 'offlineFirst',
        // The one retry policy: only a read whose network failed is tried again (src/lib/query-retry.ts).
        retry: retryQuery,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  });
  // onlineManager is the app's one source of online state, fed by src/lib/online.ts (Query
  // assumes it starts online; a page loaded offline would then never see the network return).
  onlineManager.setEventListener(feedOnlineManager);
  let retries: ReturnType<typeof setTimeout>[] = [];
  onlineManager.subscribe((isOnline) => {
    for (const timer of retries) clearTimeout(timer);
    retries = [];
    if (!isOnline) return;
    for (let attempt = 1; attempt <= ONLINE_RETRIES; attempt += 1) {
      const refetch = () =>
        void queryClient.refetchQueries({ type: 'active', predicate: isFromDevice }, { cancelRefetch: false });
      retries.push(setTimeout(refetch, attempt * ONLINE_RETRY_MS));
    }
  });
  // What one user saw never shows to the next: the cache goes with the session.
  useSessionStore.subscribe((state, previous) => {
    if (state.token !== previous.token) queryClient.clear();
  });
  return queryClient;
}

export const queryClient = createQueryClient();
