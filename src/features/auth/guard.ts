/**
 * The signed-in area's guard rule (docs/product.md, Screens): without a stored token, /client
 * and everything below it redirect to / and replace the history entry, so Back does not
 * return to a page the visitor may not see; Edit profile and Subscribe send the visitor to
 * /login instead.
 */
export type SignedOutTarget = '/' | '/login';

export interface GuardRedirect {
  to: SignedOutTarget;
  replace: true;
}

/** Pages of the signed-in area whose guard goes to /login (docs/product.md, Screens). */
export const LOGIN_GUARDED_PATHS: readonly string[] = ['/client/edit', '/client/subscribe'];

/** Where a signed-out visitor of `pathname` is sent. */
export function signedOutTarget(pathname: string): SignedOutTarget {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return LOGIN_GUARDED_PATHS.includes(path) ? '/login' : '/';
}

export function signedOutRedirect(token: string | null | undefined, to: SignedOutTarget = '/'): GuardRedirect | null {
  return token ? null : { to, replace: true };
}
