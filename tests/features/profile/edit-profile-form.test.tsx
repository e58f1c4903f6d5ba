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
} from '@tanstack/react-router';
import { toast } from 'react-toastify';
import type { User } from '../../../src/shared/contract';
import { EditProfileForm } from '../../../src/features/profile/edit-profile-form';
import { ReferralCodeBox } from '../../../src/features/profile/referral-code-box';
import { stubApi, withQueryClient, type SentRequest } from '../../query-support';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), dismiss: vi.fn() } }));

const user: User = {
  _id: 'u1',
  email: 'ada@example.ng',
  firstname: 'Ada',
  lastname: 'Okafor',
  phonenumber: '08031234567',
  bio: '',
  avatar: '',
  referralCode: 'ADAOKAFOR',
  notification: false,
  balance: 0,
  subscription: null,
};

function renderForm(onSaved = vi.fn()) {
  const root = createRootRoute({ component: Outlet });
  const edit = createRoute({
    getParentRoute: () => root,
    path: '/client/edit',
    component: () => <EditProfileForm user={user} onSaved={onSaved} />,
  });
  const login = createRoute({ getParentRoute: () => root, path: '/login', component: () => <h1>Login</h1> });
  const router = createRouter({
    routeTree: root.addChildren([edit, login]),
    history: createMemoryHistory({ initialEntries: ['/client/edit'] }),
  });
  render(withQueryClient(<RouterProvider router={router} />));
  return { router, onSaved };
}

/** The server's answer to the save (PUT api/user/profile); returns the requests sent. */
function answerSave(respond: () => Response | Promise<Response>): SentRequest[] {
  return stubApi(() => respond());
}

beforeEach(() => {
  window.scrollTo = () => {};
  localStorage.setItem('token', 'abc');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
  vi.useRealTimers();
});

describe('edit profile form', () => {
  it("'Phone number is invalid' blocks the save, and editing the field clears its error", async () => {
    const sent = answerSave(() => Response.json({ data: user }));
    renderForm();
    const phone = await screen.findByLabelText('Phone (Optional)');
    fireEvent.change(phone, { target: { value: '12-34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Phone number is invalid');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    fireEvent.change(phone, { target: { value: '12-345' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'Saving...' while busy, then 'Profile updated successfully!' for 3 seconds", async () => {
    let finish: (saved: User) => void = () => {};
    const sent = answerSave(
      () => new Promise<Response>((resolve) => (finish = (saved) => resolve(Response.json({ data: saved })))),
    );
    const { onSaved } = renderForm();
    fireEvent.change(await screen.findByLabelText('Bio (Optional)'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 15_000 });
    expect(sent[0]).toEqual({
      path: 'api/user/profile',
      body: { firstName: 'Ada', lastName: 'Okafor', email: 'ada@example.ng', phone: '08031234567', bio: 'Hello' },
    });
    await act(async () => finish({ ...user, bio: 'Hello' }));
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeTruthy();
    // The flow's toasts name their own ids and load react-toastify on the first toast.
    await vi.waitFor(
      () =>
        expect(toast.success).toHaveBeenCalledWith('Profile updated successfully!', {
          autoClose: 3000,
          toastId: expect.any(String),
        }),
      { timeout: 15_000 },
    );
    expect(onSaved).toHaveBeenCalledWith({ ...user, bio: 'Hello' });
  });

  it("the server's errors object is shown per field", async () => {
    answerSave(() =>
      Response.json(
        { message: 'Email is already in use', errors: { email: 'Email is already in use' } },
        { status: 409 },
      ),
    );
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is already in use');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("any other failure: 'Failed to update profile. Please try again.'", async () => {
    answerSave(() => Response.json({ message: 'boom' }, { status: 500 }));
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(
      () =>
        expect(toast.error).toHaveBeenCalledWith('Failed to update profile. Please try again.', {
          autoClose: 5000,
          toastId: expect.any(String),
        }),
      { timeout: 15_000 },
    );
  });

  it('no token on save goes to /login', async () => {
    const sent = answerSave(() => Response.json({ data: user }));
    const { router } = renderForm();
    localStorage.clear();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent).toEqual([]);
  });
});

describe('referral code box', () => {
  it("Copy reads 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ReferralCodeBox code="ADAOKAFOR" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('ADAOKAFOR');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
