/**
 * The operator's session: their token in this tab's sessionStorage (a shared desk's browser
 * forgets it with the tab), under a key of its own, never the client's `token`.
 */
import { useSyncExternalStore } from 'react';
import { createTokenStore } from '../lib/token-store';

const store = createTokenStore('greenpick-ops-token', 'sessionStorage');

export const getOpsToken = store.get;

/** Why the operator was signed out, shown once on the sign-in screen. */
let signOutReason: string | null = null;

export function setOpsToken(token: string | null, reason: string | null = null): void {
  // Said before the listeners hear of the change: the sign-in screen they render reads it.
  signOutReason = token ? null : reason;
  try {
    if (token) store.set(token);
    else store.clear();
  } catch {
    // Storage refused (a private mode): the session lasts as long as the page.
  }
}

/** Read, not taken: the next sign-in clears it (a render may run twice). */
export function lastSignOutReason(): string | null {
  return signOutReason;
}

export function useOpsToken(): string | null {
  return useSyncExternalStore(store.subscribe, getOpsToken, () => null);
}
