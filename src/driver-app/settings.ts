/**
 * The driver's choices on this phone (docs/driver.md, 'Settings'), kept in localStorage: whether
 * an offer rings, which maps app Navigate opens (asked once, then remembered), and 'Not now' to
 * offers by notification. Read with `useDriverSetting`; a change reaches every screen at once.
 */
import { useSyncExternalStore } from 'react';
import type { NavigationApp } from '../shared/navigation-links';

interface DriverSettings {
  /** An open offer rings (WebAudio) and vibrates; off: the card alone. */
  ring: boolean;
  /** null until the driver chose at the first Navigate. */
  navigationApp: NavigationApp | null;
  /** The driver said 'Not now' to offers by notification on this phone. */
  pushDeclined: boolean;
}

const KEYS: Record<keyof DriverSettings, string> = {
  ring: 'driver-ring',
  navigationApp: 'driver-navigation-app',
  pushDeclined: 'driver-push-declined',
};
const NAVIGATION_APPS: readonly NavigationApp[] = ['google', 'waze', 'geo'];
const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readSettings(): DriverSettings {
  const app = read(KEYS.navigationApp);
  return {
    ring: read(KEYS.ring) !== 'off',
    navigationApp: NAVIGATION_APPS.find((known) => known === app) ?? null,
    pushDeclined: read(KEYS.pushDeclined) === '1',
  };
}

let current = readSettings();

export function driverSettings(): DriverSettings {
  return current;
}

export function changeDriverSetting<K extends keyof DriverSettings>(key: K, value: DriverSettings[K]): void {
  const stored = key === 'ring' ? (value ? 'on' : 'off') : key === 'pushDeclined' ? (value ? '1' : null) : value;
  try {
    if (stored === null) localStorage.removeItem(KEYS[key]);
    else localStorage.setItem(KEYS[key], String(stored));
  } catch {
    /* storage blocked: it lasts the visit */
  }
  current = { ...current, [key]: value };
  for (const listener of listeners) listener();
}

export function useDriverSettings(): DriverSettings {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    driverSettings,
    driverSettings,
  );
}
