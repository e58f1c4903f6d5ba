// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { fieldError, findToast } from '../shown';
import { fakeApi, renderApp } from './render-app';

async function fillSignup(overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    'First Name': 'Ada',
    'Last Name': 'Obi',
    'Email Address': 'Ada.Obi@Example.NG',
    'Phone Number': '+2348012345678',
    Password: 'longenough',
    'Confirm Password': 'longenough',
    ...overrides,
  };
  await screen.findByRole('heading', { name: 'Create your account' });
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

beforeEach(() => {
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-up screen (screen, states, validation and messages)', () => {
  it('has every field, the phone placeholder (a plus sign and digits) and the terms links', async () => {
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(screen.getByLabelText('Phone Number').getAttribute('placeholder')).toMatch(/^\+\d+$/);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect((screen.getByRole('checkbox', { name: /I agree/ }) as HTMLInputElement).required).toBe(true);
  });

  it('"email input is lower-cased as typed"', async () => {
    renderApp('/signup');
    const email = (await screen.findByLabelText('Email Address')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'ADA@Example.NG' } });
    expect(email.value).toBe('ada@example.ng');
  });

  it('mismatched passwords: toast "Passwords don\'t match!" and nothing is sent', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/signup');
    await fillSignup({ 'Confirm Password': 'different1' });
    submit();
    await findToast("Passwords don't match!");
    // Beside the confirmation too, which has focus; editing it clears the error.
    const confirmation = screen.getByLabelText('Confirm Password', { exact: true });
    expect(fieldError(confirmation)).toBe("Passwords don't match!");
    expect(document.activeElement).toBe(confirmation);
    fireEvent.change(confirmation, { target: { value: 'longenough' } });
    expect(fieldError(confirmation)).toBeNull();
    expect(api.sent).toEqual([]);
  });

  it("a short password: toast 'Password must be at least 8 characters long'", async () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    renderApp('/signup');
    await fillSignup({ Password: 'short7!', 'Confirm Password': 'short7!' });
    submit();
    await findToast('Password must be at least 8 characters long');
    expect(fieldError(screen.getByLabelText('Password', { exact: true }))).toBe(
      'Password must be at least 8 characters long',
    );
  });

  it("sends the payload with the referral code, shows 'Creating account...' then the success toast", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = fakeApi({ '/client/signup': [201, { data: { message: 'ok', userId: 'u1' } }] });
    vi.stubGlobal('fetch', async (request: Request) => {
      await gate;
      return api.fetch(request);
    });
    renderApp('/signup');
    await fillSignup();
    submit();
    await findToast('Creating account...');
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeTruthy();
    release();
    await findToast('Account created successfully!, login with your details');
    expect(api.sent[0]).toEqual({
      path: '/client/signup',
      authorization: null,
      body: {
        firstname: 'Ada',
        lastname: 'Obi',
        email: 'ada.obi@example.ng',
        phonenumber: '+2348012345678',
        password: 'longenough',
        ref: 'REF12345',
      },
    });
  });

  it("a 409 without a data message: 'Email already exists'", async () => {
    vi.stubGlobal('fetch', fakeApi({ '/client/signup': [409, { message: 'Conflict' }] }).fetch);
    renderApp('/signup');
    await fillSignup();
    submit();
    await findToast('Email already exists');
    expect(fieldError(screen.getByLabelText('Email Address'))).toBe('Email already exists');
    expect(screen.queryByText('Creating account...')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
  });

  it("no response: 'Network error. Please check your connection.'", async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/signup');
    await fillSignup();
    submit();
    await findToast('Network error. Please check your connection.');
    // Not a field's error: nothing is marked beside the fields.
    for (const label of ['First Name', 'Last Name', 'Email Address', 'Phone Number', 'Password'])
      expect(fieldError(screen.getByLabelText(label, { exact: true }))).toBeNull();
  });
});
