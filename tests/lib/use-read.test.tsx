// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  useLoaderData,
} from '@tanstack/react-router';
import type { Answer } from '../../src/lib/api/answer';
import { NoTokenError } from '../../src/lib/signed-in-reads';
import {
  ONLINE_RETRIES,
  ONLINE_RETRY_MS,
  describeReadFailure,
  useRead,
  useRefetch,
  type ReadMessages,
} from '../../src/lib/use-read';
import { OfflineMarker } from '../../src/ui/offline-marker';

const MESSAGES: ReadMessages = { noToken: 'No authentication token found', failed: 'Failed to load data' };
const httpError = (status: number, body: unknown) =>
  Object.assign(new Error(`HTTP ${status}`), { response: Response.json(body, { status }) });

function Screen({ read, onUnauthorized }: { read: Promise<Answer<string>>; onUnauthorized?: () => void }) {
  const state = useRead(read, MESSAGES, { onUnauthorized });
  const refetch = useRefetch();
  return (
    <>
      {state.status === 'loading' ? <p role="status">Loading...</p> : null}
      {state.status === 'error' ? <p role="alert">{`${state.message} (${state.reason})`}</p> : null}
      {state.status === 'loaded' ? (
        <>
          <OfflineMarker cachedAt={state.cachedAt} />
          <p>{state.data}</p>
        </>
      ) : null}
      <button type="button" onClick={() => void refetch()}>
        Refresh
      </button>
    </>
  );
}

/** A screen whose route loader gives the next of `answers` on every load (a navigation or a refetch). */
function renderRoute(answers: Array<() => Promise<Answer<string>>>, onUnauthorized?: () => void) {
  const loads = vi.fn(() => answers[Math.min(loads.mock.calls.length - 1, answers.length - 1)]!());
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/screen',
    loader: () => ({ read: loads() }),
    component: function Page() {
      // An ad hoc route outside the app's registered tree: its loader data is typed here.
      const { read } = useLoaderData({ strict: false }) as { read: Promise<Answer<string>> };
      return <Screen read={read} onUnauthorized={onUnauthorized} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/screen'] }),
  });
  render(<RouterProvider router={router} />);
  return { loads, router };
}

let isOnline = true;
beforeEach(() => {
  window.scrollTo = () => {};
  isOnline = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => isOnline);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a screen reading through the data layer', () => {
  it("an answer from the device says 'Offline - last updated <time>'; when the network returns the screen reads again by itself and the label goes", async () => {
    isOnline = false;
    const { loads } = renderRoute([
      () => Promise.resolve({ data: 'kept tasks', cachedAt: Date.now() - 60_000 }),
      () => Promise.resolve({ data: 'fresh tasks', cachedAt: null }),
    ]);
    expect(await screen.findByText('kept tasks')).toBeTruthy();
    expect(screen.getByTestId('offline-marker').textContent).toMatch(/^Offline - last updated \d{2}:\d{2}$/);

    isOnline = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('fresh tasks')).toBeTruthy();
    expect(screen.queryByTestId('offline-marker')).toBeNull();
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('back online, a read the device answered again is tried again a few times, 2 s apart, until the network answers', async () => {
    isOnline = false;
    const kept = () => Promise.resolve({ data: 'kept tasks', cachedAt: Date.now() - 60_000 });
    const { loads } = renderRoute([kept, kept, kept, () => Promise.resolve({ data: 'fresh tasks', cachedAt: null })]);
    expect(await screen.findByText('kept tasks')).toBeTruthy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      isOnline = true;
      // The network is back but its first answers still fail: the worker answers from the device.
      await act(async () => window.dispatchEvent(new Event('online')));
      await act(async () => vi.advanceTimersByTimeAsync(100));
      expect(loads).toHaveBeenCalledTimes(2);
      expect(screen.getByTestId('offline-marker')).toBeTruthy();
      await act(async () => vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS - 100));
      expect(loads).toHaveBeenCalledTimes(3);
      await act(async () => vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS));
      expect(loads).toHaveBeenCalledTimes(4);
      expect(screen.getByText('fresh tasks')).toBeTruthy();
      expect(screen.queryByTestId('offline-marker')).toBeNull();
      // Fresh now: no more tries.
      await act(async () => vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS * (ONLINE_RETRIES + 1)));
      expect(loads).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('back online, the tries stop after a few when every answer is still the device', async () => {
    isOnline = false;
    const { loads } = renderRoute([() => Promise.resolve({ data: 'kept tasks', cachedAt: Date.now() - 60_000 })]);
    expect(await screen.findByText('kept tasks')).toBeTruthy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      isOnline = true;
      await act(async () => window.dispatchEvent(new Event('online')));
      for (let i = 0; i < ONLINE_RETRIES + 2; i++) await act(async () => vi.advanceTimersByTimeAsync(ONLINE_RETRY_MS));
      // The load at the start, the one when the network returned, and ONLINE_RETRIES more.
      expect(loads).toHaveBeenCalledTimes(2 + ONLINE_RETRIES);
      expect(screen.getByTestId('offline-marker')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a fresh answer is not read again when the network returns', async () => {
    const { loads } = renderRoute([() => Promise.resolve({ data: 'fresh tasks', cachedAt: null })]);
    await screen.findByText('fresh tasks');
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('a refetch (a poll) keeps what is shown until its answer arrives, and keeps it when the refetch fails', async () => {
    let answerRefetch: (value: Answer<string>) => void = () => {};
    const { loads } = renderRoute([
      () => Promise.resolve({ data: 'first', cachedAt: null }),
      () => new Promise((resolve) => (answerRefetch = resolve)),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]);
    await screen.findByText('first');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(2));
    expect(screen.getByText('first')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => answerRefetch({ data: 'second', cachedAt: null }));
    expect(await screen.findByText('second')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(3));
    await act(async () => undefined);
    expect(screen.getByText('second')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refetches asked for in the same moment make one', async () => {
    const { loads } = renderRoute([() => Promise.resolve({ data: 'tasks', cachedAt: null })]);
    await screen.findByText('tasks');
    const button = screen.getByRole('button', { name: 'Refresh' });
    fireEvent.click(button);
    fireEvent.click(button);
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(2));
    await act(async () => undefined);
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('a 401 is told to the screen (profile goes to /login) and not shown as an ordinary failure', async () => {
    const onUnauthorized = vi.fn();
    renderRoute(
      [() => Promise.reject(httpError(401, { message: 'Your session has expired. Please log in again.' }))],
      onUnauthorized,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('(unauthorized)');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('the one message rule', () => {
  it("no stored token: the screen's noToken text", async () => {
    expect(await describeReadFailure(new NoTokenError(), MESSAGES)).toEqual({
      message: 'No authentication token found',
      reason: 'no-token',
    });
    expect(await describeReadFailure(new NoTokenError(), { failed: 'Failed to load user data' })).toEqual({
      message: 'Failed to load user data',
      reason: 'no-token',
    });
  });

  it("the server's message when it gave one, else the screen's text", async () => {
    expect(await describeReadFailure(httpError(500, { message: 'Database unavailable' }), MESSAGES)).toEqual({
      message: 'Database unavailable',
      reason: 'failed',
    });
    expect(await describeReadFailure(new TypeError('Failed to fetch'), MESSAGES)).toEqual({
      message: 'Failed to load data',
      reason: 'failed',
    });
  });

  it("ownTextOnly: always the screen's text (Referral)", async () => {
    const referral = {
      noToken: 'Please login to view your referral code',
      failed: 'Failed to load referral information',
      ownTextOnly: true,
    };
    expect(await describeReadFailure(httpError(500, { message: 'Database unavailable' }), referral)).toEqual({
      message: 'Failed to load referral information',
      reason: 'failed',
    });
  });
});
