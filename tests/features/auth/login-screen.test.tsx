// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useSessionStore } from '../../../src/lib/session-store';
import { fieldError, findToast } from '../shown';
import { fakeApi, renderApp } from './render-app';

async function fillLogin(email = 'ada@example.ng', password = 'secret123') {
  fireEvent.change(await screen.findByLabelText('Email Address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: password } });
}

beforeEach(() => {
  window.scrollTo = () => {};
  useSessionStore.setState({ token: null, notice: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the login screen (screen, states and messages)', () => {
  it('desktop shows Welcome Back, the fields, Remember me checked, and the Forgot password? and Sign up links', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('the password show/hide toggle', async () => {
    renderApp('/');
    const password = (await screen.findByLabelText('Password', { exact: true })) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('success with Remember me keeps the token in localStorage under "token" and goes to /client/home', async () => {
    const api = fakeApi({ '/client/login': [200, { data: 'token-abc' }] });
    vi.stubGlobal('fetch', api.fetch);
    const router = renderApp('/login');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/client/home');
    expect(api.sent[0]).toMatchObject({
      path: '/client/login',
      body: { email: 'ada@example.ng', password: 'secret123' },
    });
    expect(localStorage.getItem('token')).toBe('token-abc');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('unchecked Remember me keeps the token in sessionStorage instead', async () => {
    vi.stubGlobal('fetch', fakeApi({ '/client/login': [200, { data: 'token-xyz' }] }).fetch);
    renderApp('/');
    await fillLogin();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(sessionStorage.getItem('token')).toBe('token-xyz');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('the button reads Logging in... and is disabled while busy', async () => {
    const answers: Array<(response: Response) => void> = [];
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => answers.push(resolve)));
    renderApp('/');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The login request, once it has gone out (the HTTP client sends it in a later task).
    await vi.waitFor(() => expect(answers).toHaveLength(1), { timeout: 15_000 });
    await act(async () => answers[0]?.(Response.json({ data: 't' })));
    await screen.findByRole('heading', { name: 'Home' });
  });

  it("a wrong password shows the server's error field (toast, and under the password), stays on the login screen and leaves no session notice", async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ '/client/login': [401, { message: 'Invalid email or password', error: 'Invalid email or password' }] })
        .fetch,
    );
    const router = renderApp('/');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await findToast('Invalid email or password');
    const password = screen.getByLabelText('Password', { exact: true });
    expect(fieldError(password)).toBe('Invalid email or password');
    expect(fieldError(screen.getByLabelText('Email Address'))).toBe('Invalid email or password');
    // Editing either field clears the error beside them.
    fireEvent.change(password, { target: { value: 'another1' } });
    expect(fieldError(password)).toBeNull();
    expect(fieldError(screen.getByLabelText('Email Address'))).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(useSessionStore.getState().notice).toBeNull();
  });

  it("without an error field: 'Login failed. Please check your credentials.'", async () => {
    vi.stubGlobal('fetch', fakeApi({ '/client/login': [500, { message: 'Internal error' }] }).fetch);
    renderApp('/');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await findToast('Login failed. Please check your credentials.');
    expect(fieldError(screen.getByLabelText('Password', { exact: true }))).toBe(
      'Login failed. Please check your credentials.',
    );
  });

  it("a response without a token raises 'No token received'", async () => {
    vi.stubGlobal('fetch', fakeApi({ '/client/login': [200, { data: null }] }).fetch);
    renderApp('/');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await findToast('No token received');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the notice of an expired session once, on arrival', async () => {
    useSessionStore.setState({ notice: 'Your session has expired. Please log in again.' });
    renderApp('/');
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeTruthy();
    expect(useSessionStore.getState().notice).toBeNull();
  });
});
