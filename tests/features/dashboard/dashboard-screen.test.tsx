// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { Task, User } from '../../../src/shared/contract';
import { CACHED_AT_HEADER } from '../../../src/shared/cached-responses';
import { sampleUser } from '../../sample-data';
import { stubApi, tokenFor, withQueryClient } from '../../query-support';
import { DashboardScreen } from '../../../src/features/dashboard/dashboard-screen';

const user = sampleUser({ notification: true, balance: 1234.5 });

function task(id: string, status: string, datetime: string): Task {
  return {
    _id: id,
    status,
    datetime,
    serviceName: `Service ${id}`,
    reference: `ref-${id}`,
    confirmationCode: '123456',
    amount: 1500,
  } as Task;
}

/** The dashboard as /client/home shows it, its queries answered by `respond`. */
function renderDashboard(onViewTask = vi.fn()) {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/client/home',
    component: () => <DashboardScreen onViewTask={onViewTask} />,
  });
  const create = createRoute({ getParentRoute: () => root, path: '/client/create', component: () => <h1>Create</h1> });
  const router = createRouter({
    routeTree: root.addChildren([home, create]),
    history: createMemoryHistory({ initialEntries: ['/client/home'] }),
  });
  render(withQueryClient(<RouterProvider router={router} />));
  return { router, onViewTask };
}

/** The server's responses: the user, and their tasks. */
function serve(loaded: User, tasks: Task[], headers: Record<string, string> = {}) {
  return stubApi((path) =>
    Response.json({ data: path === 'client/userdata' ? loaded : tasks }, { headers: { ...headers } }),
  );
}

beforeEach(() => {
  window.scrollTo = () => {};
  localStorage.setItem('token', tokenFor('u1'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('home dashboard', () => {
  it("'Loading data...', then the greeting, balance with 2 decimals, Freemium and Recent Tasks newest first", async () => {
    let respond: () => void = () => {};
    const answered = new Promise<void>((resolve) => (respond = resolve));
    const tasks = [task('old', 'completed', '2026-10-01T10:00:00Z'), task('new', 'pending', '2026-11-20T10:00:00Z')];
    const sent = stubApi(async (path) => {
      await answered;
      return Response.json({ data: path === 'client/userdata' ? user : tasks });
    });
    renderDashboard();
    expect(await screen.findByText('Loading data...')).toBeTruthy();
    // The services come with the data, below 'Your open tasks': nothing shown early is pushed down.
    expect(screen.queryByRole('button', { name: 'Recycling Services' })).toBeNull();
    respond();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recycling Services' })).toBeTruthy();
    expect(screen.getByText('1,234.50')).toBeTruthy();
    expect(screen.getByText('Freemium')).toBeTruthy();
    expect(screen.getByRole('button', { name: /new notification/ })).toBeTruthy();
    expect(screen.getByTestId('notification-dot')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Recent Tasks' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.dashboard-task-name')?.textContent)).toEqual([
      'Service new',
      'Service old',
    ]);
    // The tasks were asked for beside the user, by the token's subject.
    expect(sent.map((request) => request.path).sort()).toEqual(['client/task', 'client/userdata']);
    expect(sent.find((request) => request.path === 'client/task')?.body).toEqual({ userId: 'u1' });
  });

  it("offline, from responses the service worker cached: 'Offline - last updated <time>' above the data", async () => {
    serve(user, [], { [CACHED_AT_HEADER]: String(Date.now() - 60_000) });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(screen.getByTestId('offline-marker').textContent).toMatch(/^Offline - last updated \d{2}:\d{2}$/);
  });

  it("'View Task' only for driver-assigned, on-going and completed; it hands the task to the route", async () => {
    const tasks = [
      task('a', 'pending', '2026-11-01T10:00:00Z'),
      task('b', 'driver-assigned', '2026-11-02T10:00:00Z'),
      task('c', 'on-going', '2026-11-03T10:00:00Z'),
      task('d', 'cancelled', '2026-11-04T10:00:00Z'),
      task('e', 'completed', '2026-11-05T10:00:00Z'),
    ];
    serve(user, tasks);
    const { onViewTask } = renderDashboard();
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    const buttons = screen.getAllByRole('button', { name: 'View Task' });
    expect(buttons).toHaveLength(3);
    fireEvent.click(buttons[0]!);
    expect(onViewTask).toHaveBeenCalledWith(tasks[4]);
  });

  it('choosing a service goes to /client/create with the tag as serviceType in navigation state', async () => {
    serve(user, []);
    const { router } = renderDashboard();
    expect(await screen.findByText('No recent tasks found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Office & Commercial Cleaning' }));
    expect(await screen.findByRole('heading', { name: 'Create' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/client/create');
    expect(router.state.location.state.serviceType).toBe('office');
  });

  it('a plan in force shows its name and expiry instead of Upgrade', async () => {
    serve({ ...user, subscription: { plan: 'gold', expiresAt: '2099-01-22T10:00:00Z' } }, []);
    renderDashboard();
    expect(await screen.findByText('Gold')).toBeTruthy();
    expect(screen.getByText('Expires 22 Jan 2099')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Upgrade/ })).toBeNull();
  });

  it("'No authentication token found' with Try Again when no token is stored", async () => {
    localStorage.clear();
    const sent = serve(user, []);
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No authentication token found');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("a failed query: the server's message, else 'Failed to load data. Please check your connection.'", async () => {
    stubApi(() => Response.json({ message: 'Database unavailable' }, { status: 500 }));
    renderDashboard();
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    cleanup();
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    renderDashboard();
    // The HTTP client tries a failed network twice more first (0.3 s, then 0.6 s).
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load data. Please check your connection.',
    );
  });
});
