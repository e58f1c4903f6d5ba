// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '../../../src/lib/session-store';
import { renderApp } from '../auth/render-app';

beforeEach(() => {
  window.scrollTo = () => {};
  useSessionStore.setState({ token: null, notice: null });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the signed-in shell and the session', () => {
  it('a 401 anywhere (expire) returns to the login screen with the notice', async () => {
    localStorage.setItem('token', 'old');
    useSessionStore.setState({ token: 'old' });
    const router = renderApp('/client/home');
    await screen.findByRole('heading', { name: 'Home' });
    act(() => useSessionStore.getState().expire());
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('"Every logout clears the token, then goes to /": the sidebar Logout', async () => {
    sessionStorage.setItem('token', 'old');
    useSessionStore.setState({ token: 'old' });
    const router = renderApp('/client/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('a logout from another screen (signOut, e.g. the profile) also leaves the area', async () => {
    localStorage.setItem('token', 'old');
    useSessionStore.setState({ token: 'old' });
    const router = renderApp('/client/home');
    await screen.findByRole('heading', { name: 'Home' });
    act(() => useSessionStore.getState().signOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('the navigation', () => {
  it('Home, History and Profile link to their pages, with the logo and Logout', async () => {
    localStorage.setItem('token', 'abc');
    renderApp('/client/home');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/client/home'],
      ['History', '/client/history'],
      ['Profile', '/client/profile'],
    ]);
    expect(screen.getByRole('img', { name: 'GreenPick' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});
