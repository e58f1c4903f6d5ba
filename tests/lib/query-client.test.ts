// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { ONLINE_RETRIES, ONLINE_RETRY_MS, createQueryClient } from '../../src/lib/query-client';
import { useSessionStore } from '../../src/lib/session-store';

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

/** The device as the browser reports it when the app starts. */
function startOffline() {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
}

describe('the QueryClient of the app', () => {
  it('offline, a query is still made (offlineFirst), so the service worker can respond from the device', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const queryFn = vi.fn(async () => ({ data: 'cached', cachedAt: 1 }));
    await expect(client.fetchQuery({ queryKey: ['offline'], queryFn })).resolves.toEqual({
      data: 'cached',
      cachedAt: 1,
    });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('never two fetches of one key in flight: a loader and a screen asking at once share one', async () => {
    const client = createQueryClient();
    let respond: (value: string) => void = () => {};
    const queryFn = vi.fn(() => new Promise<string>((resolve) => (respond = resolve)));
    const fromLoader = client.ensureQueryData({ queryKey: ['shared'], queryFn, revalidateIfStale: true });
    const fromScreen = client.fetchQuery({ queryKey: ['shared'], queryFn });
    respond('once');
    await expect(Promise.all([fromLoader, fromScreen])).resolves.toEqual(['once', 'once']);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('a page loaded offline is offline for Query too, so the network coming back refetches (Query would assume online)', async () => {
    startOffline();
    const client = createQueryClient();
    expect(onlineManager.isOnline()).toBe(false);
    client.mount(); // as QueryClientProvider does: listens for the network
    const queryFn = vi.fn(async () => 'tasks');
    const observer = new QueryObserver(client, { queryKey: ['reconnect'], queryFn });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2), { timeout: 15_000 });
    stop();
    client.unmount();
  });

  it('back online, a shown query the device answered is fetched again a few times, 2 s apart, until the network answers', async () => {
    vi.useFakeTimers();
    startOffline();
    const client = createQueryClient();
    const responses = [1, 2, null];
    const queryFn = vi.fn(async () => ({ data: 'tasks', cachedAt: responses.shift() ?? null }));
    const observer = new QueryObserver(client, { queryKey: ['tasks'], queryFn, refetchOnReconnect: false });
    const stop = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);

    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS);
    // Still the device's response (the network was not there yet): again 2 s later.
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult().data).toEqual({ data: 'tasks', cachedAt: null });
    // The network responded: no more retries.
    await vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS * ONLINE_RETRIES * 2);
    expect(queryFn).toHaveBeenCalledTimes(3);
    stop();
  });

  it('what one user saw leaves with the session', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['user', 'u1'], queryFn: async () => 'Ada' });
    useSessionStore.getState().signIn('token-of-u1');
    expect(client.getQueryData(['user', 'u1'])).toBeUndefined();
    await client.fetchQuery({ queryKey: ['user', 'u1'], queryFn: async () => 'Ada' });
    useSessionStore.getState().expire();
    expect(client.getQueryData(['user', 'u1'])).toBeUndefined();
  });
});
