/**
 * Whether the driver is online (taking offers), kept on the device so that the app opens as it
 * was left; the server is told at each change and when the app opens online.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'driver-online';
const listeners = new Set<() => void>();

export function isAvailable(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberAvailable(online: boolean): void {
  try {
    if (online) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    /* storage blocked: it lasts the visit */
  }
  for (const listener of listeners) listener();
}

export function useAvailable(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    isAvailable,
    () => false,
  );
}
