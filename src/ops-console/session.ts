/**
 * The operator's session: their token in this tab's sessionStorage (a shared desk's browser
 * forgets it with the tab), under a key of its own, never the client's `token`.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'greenpick-ops-token';
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function getOpsToken(): string | null {
  try {
    return storage()?.getItem(KEY) || null;
  } catch {
    return null;
  }
}

/** Why the operator was signed out, shown once on the sign-in screen. */
let signOutReason: string | null = null;

export function setOpsToken(token: string | null, reason: string | null = null): void {
  try {
    if (token) storage()?.setItem(KEY, token);
    else storage()?.removeItem(KEY);
  } catch {
    // Storage refused (a private mode): the session lasts as long as the page.
  }
  signOutReason = token ? null : reason;
  for (const listener of listeners) listener();
}

/** Read, not taken: the next sign-in clears it (a render may run twice). */
export function lastSignOutReason(): string | null {
  return signOutReason;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpsToken(): string | null {
  return useSyncExternalStore(subscribe, getOpsToken, () => null);
}
