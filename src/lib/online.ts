/**
 * The one reader of the browser's network state (`navigator.onLine` and its `online` and
 * `offline` events), and what feeds TanStack Query's `onlineManager`, the app's one source
 * of online state (docs/architecture.md, 'The data layer'). Code that runs with Query reads
 * `onlineManager`; only what runs before Query has loaded (the first screen's offline banner,
 * the worker bridge) reads this module, which is the same source. No Query import here: the
 * first screen carries no Query.
 */
import { useSyncExternalStore } from 'react';

/** Whether the browser believes it is online (true where there is no browser). */
export function isBrowserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/** Calls `listener` with the new state on each `online` and `offline` event; returns the unsubscribe function. */
export function onBrowserOnlineChange(listener: (isOnline: boolean) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onOnline = () => listener(true);
  const onOffline = () => listener(false);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

/**
 * `onlineManager.setEventListener`'s argument: the state at start (Query would assume online,
 * and a page loaded offline would then never see the network return), then every change.
 */
export function feedOnlineManager(setOnline: (isOnline: boolean) => void): () => void {
  setOnline(isBrowserOnline());
  return onBrowserOnlineChange(setOnline);
}

const subscribeBrowser = (onChange: () => void) => onBrowserOnlineChange(onChange);

/** The same state for the first screen's offline banner, which shows before Query has loaded. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeBrowser, isBrowserOnline, () => true);
}
