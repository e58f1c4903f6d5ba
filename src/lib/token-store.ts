/**
 * A sign-in token in Web Storage under one key: one factory for the three apps' tokens (the
 * client's `token`, src/lib/token-storage.ts; the driver's `driver-token`, src/lib/driver-token.ts;
 * the operator's `greenpick-ops-token`, src/ops-console/session.ts). Storage may be missing (a
 * worker, node) or throw (blocked cookies, some private modes): a read is then no token.
 */
type StorageKind = 'localStorage' | 'sessionStorage';

export interface TokenStore {
  get(): string | null;
  /** Kept in the store's storage; with `remember: false`, in its `forgetful` one (only one ever holds it). */
  set(token: string, options?: { remember?: boolean }): void;
  /** Removed from every storage the store uses. */
  clear(): void;
  /** Called after every set and clear (a 401 signs the app out); answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

function storage(kind: StorageKind): Storage | undefined {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    return undefined;
  }
}

export function createTokenStore(key: string, kept: StorageKind, forgetful?: StorageKind): TokenStore {
  const kinds = forgetful ? [kept, forgetful] : [kept];
  const listeners = new Set<() => void>();
  const read = (kind: StorageKind) => {
    try {
      return storage(kind)?.getItem(key) || null;
    } catch {
      return null;
    }
  };
  const remove = (kind: StorageKind) => {
    try {
      storage(kind)?.removeItem(key);
    } catch {
      /* nothing stored there */
    }
  };
  const told = (change: () => void) => {
    try {
      change();
    } finally {
      for (const listener of listeners) listener();
    }
  };
  return {
    get: () => kinds.reduce<string | null>((found, kind) => found ?? read(kind), null),
    set: (token, { remember = true } = {}) =>
      told(() => {
        const keep = !remember && forgetful ? forgetful : kept;
        for (const kind of kinds) if (kind !== keep) remove(kind);
        // A refusal here is the caller's to handle (the console's session then lasts as long as the page).
        storage(keep)?.setItem(key, token);
      }),
    clear: () => told(() => kinds.forEach(remove)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
