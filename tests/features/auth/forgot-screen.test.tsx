// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fieldError, findToast } from '../shown';
import { fakeApi, renderApp } from './render-app';

beforeEach(() => {
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function sendCodeFor(email: string) {
  fireEvent.change(await screen.findByLabelText('Email Address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
}

function typeCode(code: string) {
  code.split('').forEach((digit, index) => {
    fireEvent.change(screen.getByRole('textbox', { name: `Digit ${index + 1} of 4` }), { target: { value: digit } });
  });
}

describe('password recovery (screen, steps, rules and messages)', () => {
  it('Email, Verify, Reset, then /login, each step on success: true with its toast', async () => {
    const api = fakeApi({
      '/client/forgot': [200, { success: true, message: 'sent' }],
      '/client/resetCode': [200, { success: true, message: 'ok' }],
      '/client/resetPassword': [200, { success: true, message: 'ok' }],
    });
    vi.stubGlobal('fetch', api.fetch);
    const router = renderApp('/forgot');
    await sendCodeFor('ada@example.ng');
    await findToast('Verification code sent to your email');
    expect(await screen.findByRole('heading', { name: 'Verify Code' })).toBeTruthy();

    typeCode('0427');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await findToast('Code verified successfully');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'newpass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await findToast('Password reset successfully');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    expect(api.sent.map(({ path, body }) => [path, body])).toEqual([
      ['/client/forgot', { email: 'ada@example.ng' }],
      ['/client/resetCode', { email: 'ada@example.ng', code: '0427' }],
      ['/client/resetPassword', { email: 'ada@example.ng', newPassword: 'newpass1' }],
    ]);
  });

  it('a step does not advance without success: true, and shows the server message', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        '/client/forgot': [200, { success: true, message: 'sent' }],
        '/client/resetCode': [
          400,
          { success: false, message: 'Verification code has expired. Please request a new code.' },
        ],
      }).fetch,
    );
    renderApp('/forgot');
    await sendCodeFor('ada@example.ng');
    await screen.findByRole('heading', { name: 'Verify Code' });
    typeCode('1111');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await findToast('Verification code has expired. Please request a new code.');
    expect(screen.getByRole('heading', { name: 'Verify Code' })).toBeTruthy();
    // Beside the code boxes too; typing a digit clears it.
    const firstBox = screen.getByRole('textbox', { name: 'Digit 1 of 4' });
    expect(fieldError(firstBox)).toBe('Verification code has expired. Please request a new code.');
    fireEvent.change(firstBox, { target: { value: '2' } });
    expect(fieldError(firstBox)).toBeNull();
  });

  it("a 200 answer without success: true stays on the step with 'Failed to send code'", async () => {
    vi.stubGlobal('fetch', fakeApi({ '/client/forgot': [200, { success: false }] }).fetch);
    renderApp('/forgot');
    await sendCodeFor('ada@example.ng');
    await findToast('Failed to send code');
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    expect(fieldError(screen.getByLabelText('Email Address'))).toBe('Failed to send code');
  });

  it("'Passwords do not match' on the Reset step, and Back goes to the previous step, then from step 1 to /", async () => {
    const api = fakeApi({
      '/client/forgot': [200, { success: true, message: 'sent' }],
      '/client/resetCode': [200, { success: true, message: 'ok' }],
    });
    vi.stubGlobal('fetch', api.fetch);
    const router = renderApp('/forgot');
    await sendCodeFor('ada@example.ng');
    await screen.findByRole('heading', { name: 'Verify Code' });
    typeCode('0427');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await screen.findByRole('heading', { name: 'Reset Password' });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'newpass2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await findToast('Passwords do not match');
    expect(fieldError(screen.getByLabelText('Confirm New Password'))).toBe('Passwords do not match');
    expect(fieldError(screen.getByLabelText('New Password'))).toBeNull();
    expect(api.sent.map(({ path }) => path)).not.toContain('/client/resetPassword');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Verify Code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
