// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '../../src/routeTree.gen';
import { queryClient } from '../../src/lib/query-client';

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  // jsdom has no scrolling; the router restores scroll positions on navigation.
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  // The app's one QueryClient: each test starts with nothing cached.
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the signed-in area', () => {
  it('without a token, /client/home redirects to / (the login screen), replacing the entry', async () => {
    const router = renderAt('/client/home');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.history.length).toBe(1);
  });

  it('with a token, shows Home and the Home / History / Profile navigation', async () => {
    localStorage.setItem('token', 'abc');
    renderAt('/client/home');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/client/home'],
      ['History', '/client/history'],
      ['Profile', '/client/profile'],
    ]) {
      expect(nav.querySelector(`a[href="${href}"]`)?.textContent).toBe(name);
    }
  });

  it('/client (index) is the home too', async () => {
    sessionStorage.setItem('token', 'abc');
    renderAt('/client');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('Logout clears the token and goes to /', async () => {
    localStorage.setItem('token', 'abc');
    const router = renderAt('/client/history');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it("hovering a link preloads the next screen's code, not its data; going there reads the user once", async () => {
    const reads: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      const path = new URL(request.url).pathname;
      reads.push(path);
      if (path === '/client/notifications') {
        const settings = { driverUpdates: true, chat: true, receipts: true, reminders: true, sms: true };
        return Response.json({ data: { settings, vapidPublicKey: 'key', devices: 0, smsAvailable: false } });
      }
      return Response.json({
        data: { _id: 'u1', firstname: 'Ada', lastname: 'Okafor', email: 'ada@example.ng', referralCode: 'ADA' },
      });
    });
    try {
      localStorage.setItem('token', 'abc');
      const router = renderAt('/client/settings');
      await screen.findByRole('heading', { name: 'Settings' });
      // Settings' own query (its notification switches).
      await screen.findByRole('switch', { name: /Driver updates/ });
      expect(reads).toEqual(['/client/notifications']);
      reads.length = 0;
      await act(() => router.preloadRoute({ to: '/client/profile' }));
      expect(reads).toEqual([]);
      await act(() => router.navigate({ to: '/client/profile' }));
      expect(await screen.findByText('Ada Okafor')).toBeTruthy();
      expect(reads).toEqual(['/client/userdata']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("/client/settings shows the app's version; Log out asks first, and 'Stay signed in' keeps the session", async () => {
    localStorage.setItem('token', 'abc');
    renderAt('/client/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.getByText(/^\d+\.\d+\.\d+$/, { selector: '.settings-version' }).parentElement?.textContent).toMatch(
      /^GreenPick version \d+\.\d+\.\d+$/,
    );
    expect(screen.getByRole('button', { name: 'Log out everywhere' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByText('Log out of GreenPick on this device?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByText('Log out of GreenPick on this device?')).toBeNull();
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('an unknown route shows a not-found page with a link home', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
