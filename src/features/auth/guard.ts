/**
 * The signed-in area's guard rule (SPEC section 2): without a stored token, /client and
 * everything below it redirect to / and replace the history entry, so Back does not return
 * to a page the visitor may not see.
 */
export interface GuardRedirect {
  to: '/';
  replace: true;
}

export function signedOutRedirect(token: string | null | undefined): GuardRedirect | null {
  return token ? null : { to: '/', replace: true };
}
