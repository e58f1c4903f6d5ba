/**
 * The sign-in token, kept under the key `token` (docs/product.md, Accounts). Remember me (the default)
 * keeps it in localStorage so it outlives the browser session; unchecked, it goes to
 * sessionStorage. Only one of the two ever holds it. Nothing else touches these keys.
 */

export const TOKEN_KEY = 'token';

type StorageKind = 'localStorage' | 'sessionStorage';

/** Storage can be missing (a worker, node) or throw (blocked cookies, some private modes). */
function storage(kind: StorageKind): Storage | undefined {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    return undefined;
  }
}

function read(kind: StorageKind): string | null {
  try {
    return storage(kind)?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

function remove(kind: StorageKind): void {
  try {
    storage(kind)?.removeItem(TOKEN_KEY);
  } catch {
    /* nothing stored there */
  }
}

export function getToken(): string | null {
  return read('localStorage') ?? read('sessionStorage');
}

export function setToken(token: string, { remember = true }: { remember?: boolean } = {}): void {
  const keep: StorageKind = remember ? 'localStorage' : 'sessionStorage';
  remove(remember ? 'sessionStorage' : 'localStorage');
  storage(keep)?.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  remove('localStorage');
  remove('sessionStorage');
}

export function hasToken(): boolean {
  return getToken() !== null;
}
