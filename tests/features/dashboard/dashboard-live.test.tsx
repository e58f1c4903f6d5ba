// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { CreateTaskRequest, Task, User } from '../../../src/shared/contract';
import { CACHED_AT_HEADER } from '../../../src/shared/cached-responses';
import { sampleUser } from '../../sample-data';
import { stubApi, tokenFor, withQueryClient } from '../../query-support';
import { DashboardScreen } from '../../../src/features/dashboard/dashboard-screen';
import {
  closeOfflineDb,
  getPendingTasks,
  markPendingTaskRefused,
  markPendingTaskAwaitingPayment,
  putPendingTask,
  removePendingTask,
} from '../../../src/shared/offline-db';

const user = sampleUser();

function task(id: string, status: string, minutes: number): Task {
  return {
    _id: id,
    status,
    datetime: new Date(Date.UTC(2026, 10, 20, 10, minutes)).toISOString(),
    serviceName: 'Household Waste Pickup',
    reference: `ref-${id}`,
    confirmationCode: '123456',
    amount: 1500,
  } as Task;
}

interface Served {
  user: User;
  tasks: Task[];
  cachedAt: number | null;
}

/** Home, its queries answered with the next of `responses` each time the tasks are fetched (the last one stays). */
function renderHome(responses: Served[], options: { bookedReference?: string } = {}) {
  let current = responses[0]!;
  const sent = stubApi((path) => {
    if (path === 'client/task' && responses.length > 0) current = responses.shift()!;
    const headers: Record<string, string> =
      current.cachedAt === null ? {} : { [CACHED_AT_HEADER]: String(current.cachedAt) };
    return Response.json({ data: path === 'client/userdata' ? current.user : current.tasks }, { headers });
  });
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/client/home',
    component: () => <DashboardScreen onViewTask={() => {}} bookedReference={options.bookedReference} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ['/client/home'] }),
  });
  render(withQueryClient(<RouterProvider router={router} />));
  return { taskQueries: () => sent.filter((request) => request.path === 'client/task').length };
}

const fresh = (tasks: Task[], overrides: Partial<User> = {}): Served => ({
  user: { ...user, ...overrides },
  tasks,
  cachedAt: null,
});

/** The page shows again (TanStack Query's focus): stale queries are fetched again. */
function showPageAgain() {
  act(() => void window.dispatchEvent(new Event('visibilitychange')));
}
const paid = (reference: string, amount = 1500): CreateTaskRequest => ({
  address: 'Ikeja, Lagos State, Nigeria',
  location: { type: 'Point', coordinates: [3.3421, 6.5965] },
  amount,
  unit: 'per pickup',
  user: 'u1',
  reference,
  type: 'household',
  serviceName: 'Household Waste Pickup',
});

const taskCard = (name: RegExp | string) =>
  within(screen.getByRole('list', { name: 'Recent Tasks' }))
    .getAllByRole('listitem')
    .find((item) => (typeof name === 'string' ? item.dataset.reference === name : name.test(item.textContent ?? '')))!;

beforeEach(async () => {
  localStorage.setItem('token', tokenFor('u1'));
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = vi.fn();
  for (const record of await getPendingTasks()) await removePendingTask(record.reference);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
afterAll(() => closeOfflineDb());

describe('Home keeps the tasks current and tells what changed', () => {
  it('a refetch (focus) that brings a new status: the card updates in place, no loading flash, and the change is announced', async () => {
    const { taskQueries } = renderHome([
      fresh([task('a', 'pending', 1), task('b', 'completed', 0)]),
      fresh([task('a', 'driver-assigned', 1), task('b', 'completed', 0)]),
    ]);
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    const card = taskCard('ref-a');
    expect(within(card).getByText('pending')).toBeTruthy();
    expect(screen.getByTestId('task-updates').textContent).toBe('');

    showPageAgain();
    await waitFor(() => expect(within(card).getByText('driver assigned')).toBeTruthy());
    expect(taskQueries()).toBe(2);
    // The same element, updated: nothing was unmounted or shown as loading.
    expect(taskCard('ref-a')).toBe(card);
    expect(within(card).getByRole('button', { name: 'View Task' })).toBeTruthy();
    expect(screen.queryByText('Loading data...')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('task-updates').textContent).toBe('Your Household Waste Pickup task: driver assigned'),
    );
    expect(screen.getByTestId('task-updates').getAttribute('aria-live')).toBe('polite');
  });

  it('polls every 30 s while a task is open, and not at all once none is', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { taskQueries } = renderHome([
        fresh([task('a', 'pending', 1)]),
        fresh([task('a', 'completed', 1)]),
        fresh([task('a', 'completed', 1)]),
      ]);
      await screen.findByRole('heading', { name: 'Welcome, Ada' });
      expect(taskQueries()).toBe(1);
      vi.advanceTimersByTime(29_000);
      expect(taskQueries()).toBe(1);
      vi.advanceTimersByTime(1_000);
      await waitFor(() => expect(within(taskCard('ref-a')).getByText('completed')).toBeTruthy());
      expect(taskQueries()).toBe(2);
      vi.advanceTimersByTime(120_000);
      expect(taskQueries()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a response cached on the device (offline) announces nothing', async () => {
    renderHome([
      fresh([task('a', 'pending', 1)]),
      { ...fresh([task('a', 'driver-assigned', 1)]), cachedAt: Date.now() - 60_000 },
    ]);
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    showPageAgain();
    await screen.findByTestId('offline-marker');
    expect(screen.getByTestId('task-updates').textContent).toBe('');
  });

  it('the booking just made is marked and brought into view', async () => {
    renderHome([fresh([task('a', 'pending', 2), task('b', 'completed', 0)])], { bookedReference: 'ref-a' });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    const card = taskCard('ref-a');
    expect(card.className).toContain('dashboard-highlight');
    // At the next frame (after a dialog the client came from has closed).
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1));
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(card);
  });
});

describe("paid bookings not confirmed yet: 'Payment received - confirming your booking'", () => {
  it('a kept pending booking shows as a card until the server lists its task', async () => {
    await putPendingTask(paid('pay-1'));
    renderHome([fresh([])]);
    const card = await screen.findByRole('listitem', { name: 'Payment received - confirming your booking' });
    expect(card.textContent).toContain('Household Waste Pickup · ₦1,500.00');
    expect(card.textContent).toContain('Ikeja, Lagos State, Nigeria');
    expect(card.textContent).toContain('Reference pay-1');
    cleanup();

    renderHome([fresh([{ ...task('a', 'pending', 1), reference: 'pay-1' }])]);
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    await waitFor(() => expect(taskCard('pay-1')).toBeTruthy());
    expect(screen.queryByText('Payment received - confirming your booking')).toBeNull();
  });

  it("a bank transfer the server still waits for: 'Waiting for your bank transfer', not 'received'", async () => {
    await putPendingTask(paid('pay-3'));
    await markPendingTaskAwaitingPayment('pay-3');
    renderHome([fresh([])]);
    const card = await screen.findByRole('listitem', { name: 'Waiting for your bank transfer' });
    expect(card.textContent).toContain(
      'Your booking is made as soon as your bank confirms the transfer. This page updates by itself.',
    );
    expect(card.textContent).toContain('Reference pay-3');
    expect(screen.queryByText(/Payment received/)).toBeNull();
  });

  it("a refused one: the server's message, that the payment is safe, support with the reference, and Dismiss removes it", async () => {
    await putPendingTask(paid('pay-2'));
    await markPendingTaskRefused('pay-2', 'Payment could not be verified');
    renderHome([fresh([])]);
    const card = await screen.findByRole('listitem', { name: 'Booking not confirmed' });
    expect(card.textContent).toContain('Payment could not be verified');
    expect(card.textContent).toContain(
      'Your payment is kept safe. Contact support at support@greenpick.ng with the reference pay-2.',
    );
    expect(within(card).getByRole('link', { name: 'support@greenpick.ng' }).getAttribute('href')).toBe(
      'mailto:support@greenpick.ng?subject=Payment%20pay-2',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Booking not confirmed')).toBeNull());
    expect(await getPendingTasks()).toEqual([]);
  });
});
