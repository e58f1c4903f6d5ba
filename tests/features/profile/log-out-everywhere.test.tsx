// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOGGED_OUT_EVERYWHERE,
  LOG_OUT_EVERYWHERE_FAILED,
  LogOutEverywhere,
} from '../../../src/features/profile/log-out-everywhere';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function answer(status: number, body: unknown) {
  const sent: Array<{ url: string; method: string; body: string; authorization: string | null; type: string | null }> =
    [];
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push({
      url: request.url,
      method: request.method,
      body: await request.text(),
      authorization: request.headers.get('Authorization'),
      type: request.headers.get('Content-Type'),
    });
    return Response.json(body, { status });
  });
  return sent;
}

async function click() {
  const onSignedOut = vi.fn();
  const onSessionEnded = vi.fn();
  render(<LogOutEverywhere onSignedOut={onSignedOut} onSessionEnded={onSessionEnded} />);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' })));
  return { onSignedOut, onSessionEnded };
}

beforeEach(() => localStorage.setItem('token', 'token-abc'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
});

describe("'Log out everywhere' on the profile", () => {
  it('asks the server to end every session (JSON, bearer token), then signs out here', async () => {
    const sent = answer(200, { data: { message: 'You have been logged out on every device' } });
    const { onSignedOut } = await click();
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalled(), { timeout: 15_000 });
    expect(sent).toEqual([
      {
        url: expect.stringMatching(/\/client\/logoutAll$/),
        method: 'POST',
        body: '{}',
        authorization: 'Bearer token-abc',
        type: 'application/json',
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(LOGGED_OUT_EVERYWHERE, expect.anything());
    expect(screen.getByRole('button').getAttribute('aria-describedby')).toBe('log-out-everywhere-hint');
  });

  it('no network: nothing is ended, the person is told, and stays signed in', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { onSignedOut } = await click();
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(LOG_OUT_EVERYWHERE_FAILED, expect.anything()), {
      timeout: 15_000,
    });
    expect(onSignedOut).not.toHaveBeenCalled();
    // The button comes back once the failed request has settled (the toast may be told first).
    await vi.waitFor(
      () =>
        expect((screen.getByRole('button', { name: 'Log out everywhere' }) as HTMLButtonElement).disabled).toBe(false),
      { timeout: 15_000 },
    );
  });

  it('a session that had already ended (401) goes to login', async () => {
    answer(401, { message: 'Your session has expired. Please log in again.' });
    const { onSignedOut, onSessionEnded } = await click();
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalled(), { timeout: 15_000 });
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});
