import { describe, expect, it } from 'vitest';
import { signedOutRedirect, signedOutTarget } from '../../../src/features/auth/guard';

describe('the signed-in area guard (route table: "needs a stored token; otherwise redirect to / (replace)")', () => {
  it('without a stored token, redirects to / replacing the history entry', () => {
    expect(signedOutRedirect(null)).toEqual({ to: '/', replace: true });
    expect(signedOutRedirect(undefined)).toEqual({ to: '/', replace: true });
  });

  it('an empty token counts as no token', () => {
    expect(signedOutRedirect('')).toEqual({ to: '/', replace: true });
  });

  it('with a stored token, lets the visitor in', () => {
    expect(signedOutRedirect('eyJhbGciOi.payload.signature')).toBeNull();
    expect(signedOutRedirect('eyJhbGciOi.payload.signature', '/login')).toBeNull();
  });

  it('"/client/edit ... no token goes to /login" and "/client/subscribe ... no token goes to /login"', () => {
    expect(signedOutTarget('/client/edit')).toBe('/login');
    expect(signedOutTarget('/client/subscribe/')).toBe('/login');
    expect(signedOutRedirect(null, signedOutTarget('/client/subscribe'))).toEqual({ to: '/login', replace: true });
  });

  it('every other page of the area goes to /', () => {
    for (const path of [
      '/client',
      '/client/',
      '/client/home',
      '/client/create',
      '/client/history',
      '/client/profile',
      '/client/referal',
      '/client/settings',
    ]) {
      expect(signedOutTarget(path), path).toBe('/');
    }
  });
});
