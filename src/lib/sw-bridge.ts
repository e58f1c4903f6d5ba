/**
 * The app's only link to the service worker (sw/sw.ts), through workbox-window. It
 * registers the worker in production builds only, tells the app when it is ready to work
 * offline and when an update waits, and activates a waiting update on request. Update
 * checks run only while online.
 */
import { Workbox } from 'workbox-window';

export interface ServiceWorkerNotices {
  /** First install finished: the app shell now opens without network. */
  onOfflineReady(): void;
  /** A new version is installed and waits; `reload` activates it and reloads the page. */
  onUpdateReady(reload: () => void): void;
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;

export function isServiceWorkerSupported(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

export function registerServiceWorker(notices: ServiceWorkerNotices): void {
  if (!isServiceWorkerSupported() || workbox) return;
  const base = import.meta.env.BASE_URL;
  workbox = new Workbox(`${base}sw.js`, { scope: base });
  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate) notices.onOfflineReady();
  });
  workbox.addEventListener('waiting', () => notices.onUpdateReady(applyUpdate));
  void workbox.register();

  const checkForUpdate = () => {
    if (navigator.onLine) void workbox?.update();
  };
  window.addEventListener('online', checkForUpdate);
  window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
}

/** Lets the waiting worker take over, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
