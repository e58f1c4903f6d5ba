/**
 * Auth state in one place: a small zustand store over token storage. Screens sign in,
 * sign out and read `notice` (why the visitor was sent back to the login screen, e.g. after
 * a 401) through it; nothing else writes the token.
 */
import { create } from 'zustand';
import { clearToken, getToken, setToken } from './token-storage';

export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please log in again.';

interface SessionState {
  token: string | null;
  /** A message for the login screen, shown once. */
  notice: string | null;
  signIn(token: string, options?: { remember?: boolean }): void;
  /** Every logout: clears the token, and the user's cached responses and chat outbox (offline-db). */
  signOut(): void;
  /** The server refused the token (401): sign out and tell the login screen why. */
  expire(notice?: string): void;
  takeNotice(): string | null;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: getToken(),
  notice: null,
  signIn(token, options) {
    setToken(token, options);
    set({ token, notice: null });
  },
  signOut() {
    const token = get().token ?? getToken();
    clearToken();
    set({ token: null });
    if (token)
      void import('./push-device')
        .then(async ({ forgetDeviceAtLogout }) =>
          forgetDeviceAtLogout(token, (await import('../shared/config')).config.apiUrl),
        )
        .catch((error: unknown) => console.error('Could not turn notifications off at logout', error));
    // The user's cached responses and unsent chat leave the device with them.
    if (typeof indexedDB === 'undefined') return;
    void import('../shared/offline-db')
      .then(async ({ clearUserData }) =>
        clearUserData((await import('../shared/cached-responses')).decodeJwtSubject(token)),
      )
      .catch((error: unknown) => console.error('Could not clear offline data at logout', error));
  },
  expire(notice = SESSION_EXPIRED_NOTICE) {
    clearToken();
    set({ token: null, notice });
  },
  takeNotice() {
    const { notice } = get();
    if (notice) set({ notice: null });
    return notice;
  },
}));
