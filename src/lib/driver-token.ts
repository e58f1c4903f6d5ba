/**
 * The driver's sign-in token, kept on the device under its own key (a phone can hold a
 * client's session and a driver's side by side; the roles differ, docs/driver.md).
 */
const KEY = 'driver-token';
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function getDriverToken(): string | null {
  try {
    return storage()?.getItem(KEY) || null;
  } catch {
    return null;
  }
}

export function setDriverToken(token: string): void {
  storage()?.setItem(KEY, token);
  for (const listener of listeners) listener();
}

export function clearDriverToken(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
  for (const listener of listeners) listener();
}

/** Called when the token is set or cleared (a 401 signs the driver out). */
export function onDriverTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
