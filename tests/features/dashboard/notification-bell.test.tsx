// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  useParams,
} from '@tanstack/react-router';
import type { TaskEvent } from '../../../src/shared/contract';
import { CACHED_AT_HEADER } from '../../../src/shared/cached-responses';
import { NotificationBell } from '../../../src/features/dashboard/notification-bell';
import { stubApi, tokenFor, withQueryClient, type SentRequest } from '../../query-support';

type EventsResponse = { data: TaskEvent[]; cachedAt: number | null } | Error;

/** The events endpoint answers with the next of `responses` (the last one stays); marking read answers 0 unread. */
function serveEvents(...responses: EventsResponse[]): SentRequest[] {
  return stubApi((path) => {
    if (path === 'client/events/read') return Response.json({ data: { unread: 0 } });
    const next = responses.length > 1 ? responses.shift()! : responses[0]!;
    if (next instanceof Error) return Promise.reject(next);
    const headers: Record<string, string> = next.cachedAt === null ? {} : { [CACHED_AT_HEADER]: String(next.cachedAt) };
    return Response.json({ data: next.data }, { headers });
  });
}

const markedRead = (sent: SentRequest[]) =>
  sent.filter((request) => request.path === 'client/events/read').map((request) => request.body);

function event(id: string, overrides: Partial<TaskEvent> = {}): TaskEvent {
  return {
    _id: id,
    kind: 'status',
    taskId: 't1',
    status: 'driver-assigned',
    type: 'household',
    serviceName: 'Household Waste Pickup',
    amount: null,
    at: '2026-11-20T10:00:00.000Z',
    read: false,
    ...overrides,
  };
}

/** The bell as Home shows it: the dot goes once the list has marked the events read. */
function Bell({ initiallyUnread }: { initiallyUnread: boolean }) {
  const [hasUnread, setHasUnread] = useState(initiallyUnread);
  return (
    <>
      <NotificationBell hasUnread={hasUnread} onRead={() => setHasUnread(false)} />
      <button type="button">Elsewhere</button>
    </>
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

/** The bell on Home, in a router with the task page's address (each entry about a task opens it). */
async function renderBell(initiallyUnread: boolean) {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/client/home',
    component: () => <Bell initiallyUnread={initiallyUnread} />,
  });
  const taskPage = createRoute({
    getParentRoute: () => root,
    path: '/client/tasks/$taskId',
    component: function TaskPage() {
      const { taskId } = useParams({ strict: false });
      return <h1>Task page {taskId}</h1>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([home, taskPage]),
    history: createMemoryHistory({ initialEntries: ['/client/home'] }),
  });
  render(withQueryClient(<RouterProvider router={router} />));
  await screen.findByRole('button', { name: /^Notifications/ });
  return router;
}

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the bell: a button that opens the recent task events', () => {
  it('the red dot means unread; opening lists the events newest first with the new ones marked, focus moves in, and they are marked read up to the newest', async () => {
    const sent = serveEvents({
      data: [
        event('3', { status: 'on-going', serviceName: 'Office Cleaning', at: '2026-11-20T10:30:00.000Z' }),
        event('2', { at: '2026-11-20T10:10:00.000Z' }),
        event('1', { status: 'completed', serviceName: 'Laundry Service', at: '2026-11-19T09:00:00.000Z', read: true }),
      ],
      cachedAt: null,
    });
    await renderBell(true);
    expect(bell().getAttribute('aria-label')).toBe('Notifications: you have a new notification');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('notification-dot')).toBeTruthy();

    fireEvent.click(bell());
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(bell().getAttribute('aria-controls')).toBe(panel.id);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Notifications' })),
    );
    const items = within(await within(panel).findByRole('list', { name: 'Recent task updates' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.querySelector('.bell-event-text')?.textContent)).toEqual([
      'New: Office & Commercial Cleaning: Your driver is on the way',
      'New: Household Waste Pickup: A driver is assigned to your task',
      'Laundry & Dry Cleaning: Your task is done',
    ]);
    await waitFor(() => expect(screen.queryByTestId('notification-dot')).toBeNull());
    expect(markedRead(sent)).toEqual([{ upTo: '2026-11-20T10:30:00.000Z' }]);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('Escape and Close shut it and give focus back to the bell; a click elsewhere shuts it', async () => {
    serveEvents({ data: [], cachedAt: null });
    await renderBell(false);
    fireEvent.click(bell());
    await screen.findByRole('region', { name: 'Notifications' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell());

    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell());

    fireEvent.click(bell());
    await screen.findByRole('region', { name: 'Notifications' });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it("no events: 'No notifications yet', and nothing is marked read", async () => {
    const sent = serveEvents({ data: [], cachedAt: null });
    await renderBell(false);
    fireEvent.click(bell());
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(markedRead(sent)).toEqual([]);
  });

  it('offline, the list kept on the device shows with its age and marks nothing read; a failed read says so with Try Again', async () => {
    const sent = serveEvents({ data: [event('1')], cachedAt: Date.now() - 60_000 });
    await renderBell(true);
    fireEvent.click(bell());
    expect((await screen.findByTestId('offline-marker')).textContent).toMatch(/^Offline - last updated/);
    expect(markedRead(sent)).toEqual([]);
    expect(screen.getByTestId('notification-dot')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    // The HTTP client tries a failed network twice more before the query fails.
    const offline = new TypeError('Failed to fetch');
    serveEvents(offline, offline, offline, { data: [event('1', { read: true })], cachedAt: null });
    await renderBell(false);
    fireEvent.click(bell());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your notifications. Please check your connection.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Household Waste Pickup: A driver is assigned to your task')).toBeTruthy();
  });

  it('an entry about a task opens its page (/client/tasks/$taskId) and the list closes', async () => {
    serveEvents({ data: [event('2', { taskId: 'task-42', status: 'on-going' })], cachedAt: null });
    const router = await renderBell(false);
    fireEvent.click(bell());
    const entry = await screen.findByRole('link', { name: 'Household Waste Pickup: Your driver is on the way' });
    expect(entry.getAttribute('href')).toBe('/client/tasks/task-42');
    fireEvent.click(entry);
    expect(await screen.findByRole('heading', { name: 'Task page task-42' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/client/tasks/task-42');
  });

  it('a refund and a support reply say where things are, in plain words', async () => {
    serveEvents({
      data: [
        event('4', { kind: 'support-reply', status: null, message: 'We are sorry: a new driver comes at 3 pm.' }),
        event('3', { kind: 'refund', status: null, amount: 4000, refundStatus: 'refunded' }),
        event('2', { kind: 'refund', status: null, amount: 4000, refundStatus: 'pending' }),
      ],
      cachedAt: null,
    });
    await renderBell(false);
    fireEvent.click(bell());
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'GreenPick support replied: We are sorry: a new driver comes at 3 pm.',
      'Your Household Waste Pickup task: Refunded ₦4,000.00',
      'Your Household Waste Pickup task: Refund of ₦4,000.00 started - usually 3-5 working days',
    ]);
  });
});
