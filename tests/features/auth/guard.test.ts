import { describe, expect, it } from 'vitest';
import { signedOutRedirect } from '../../../src/features/auth/guard';

describe('the signed-in area guard (SPEC section 2: "needs a stored token; otherwise redirect to / (replace)")', () => {
  it('without a stored token, redirects to / replacing the history entry', () => {
    expect(signedOutRedirect(null)).toEqual({ to: '/', replace: true });
    expect(signedOutRedirect(undefined)).toEqual({ to: '/', replace: true });
  });

  it('an empty token counts as no token', () => {
    expect(signedOutRedirect('')).toEqual({ to: '/', replace: true });
  });

  it('with a stored token, lets the visitor in', () => {
    expect(signedOutRedirect('eyJhbGciOi.payload.signature')).toBeNull();
  });
});
