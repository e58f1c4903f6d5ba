/**
 * The app's link to the service worker (sw/sw.ts) once one controls the page, through
 * workbox-window: updates, the first control, the outbox's messages and the network's return.
 * A first visit starts the worker with sw-start.ts instead (docs/offline.md, 'First session'
 * and 'What the user sees').
 */
import { Workbox } from 'workbox-window';
import { retryAfterNetworkReturn } from '../shared/network-return';
import { OUTBOX_CHANGED, PAGE_ONLINE } from '../shared/sw-messages';
import { isBrowserOnline, onBrowserOnlineChange } from './online';

/** Why a waiting update cannot be applied right now (null: it can). */
export type ReloadBlocker = 'payment' | 'unsent-chat' | null;

/** Activates the waiting update and reloads; resolves with what stops it instead, if anything. */
export type ApplyUpdate = () => Promise<ReloadBlocker>;

export interface ServiceWorkerNotices {
  /** First install finished: the app shell now opens without network. */
  onOfflineReady(): void;
  /** A new version is installed and waits; `reload` activates it and reloads the page when that is safe. */
  onUpdateReady(reload: ApplyUpdate): void;
  /**
   * The first worker has just taken control of this page (it claims the page when it
   * activates). The reads the page made before went around it, so it kept none of them: read
   * the screen again, and the worker keeps the responses.
   */
  onFirstControl?(): void;
  /** The network came back before the bridge loaded: do at once what its return does. */
  cameOnlineBeforeLoad?: boolean;
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;
const outboxListeners = new Set<() => void>();

export function isServiceWorkerSupported(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

export function registerServiceWorker(notices: ServiceWorkerNotices): void {
  if (!isServiceWorkerSupported() || workbox) return;
  const base = import.meta.env.BASE_URL;
  workbox = new Workbox(`${base}sw.js`, { scope: base });
  // workbox-window decides isUpdate once, at registration: on a first visit a later update
  // would count as a first install too, so 'ready to work offline' is told once per page.
  let hasToldOfflineReady = false;
  workbox.addEventListener('installed', (event) => {
    if (event.isUpdate || hasToldOfflineReady) return;
    hasToldOfflineReady = true;
    notices.onOfflineReady();
  });
  workbox.addEventListener('waiting', () => notices.onUpdateReady(applyUpdate));
  workbox.addEventListener('controlling', (event) => {
    if (!event.isUpdate) notices.onFirstControl?.();
  });
  // Messages from any worker version (workbox-window's 'message' only hears its own).
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_CHANGED) {
      for (const listener of outboxListeners) listener();
    }
  });
  const current = workbox;
  const registered = current.register();

  // workbox-window's update() does nothing before its registration is known: it waits for it.
  // A check that fails is tried again shortly, unless the network has gone again.
  const checkForUpdate = () => {
    void retryAfterNetworkReturn(async () => {
      if (!isBrowserOnline()) return true;
      try {
        await registered;
        await current.update();
        return true;
      } catch {
        return false;
      }
    });
  };
  const onOnline = () => {
    checkForUpdate();
    notifyOnline();
  };
  onBrowserOnlineChange((isOnline) => {
    if (isOnline) onOnline();
  });
  window.setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  if (notices.cameOnlineBeforeLoad) onOnline();
}

/** Tells the worker that the network is back: it replays the chat outbox. */
export function notifyOnline(): void {
  if (!isServiceWorkerSupported()) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: PAGE_ONLINE }));
}

/** Calls `listener` whenever the worker reports a change of the chat outbox; returns an unsubscribe function. */
export function onOutboxChanged(listener: () => void): () => void {
  outboxListeners.add(listener);
  return () => outboxListeners.delete(listener);
}

/** What would make a reload lose something now: an open payment, or chat messages not yet sent. */
export async function reloadBlocker(): Promise<ReloadBlocker> {
  // Both loaded here, not with the bridge: the bridge loads on every first visit (the login
  // screen too), these only when an update is about to reload the page. A payment under way
  // has loaded the payment flag already; loaded only now, it can only say 'none'.
  const { isPaymentInProgress } = await import('./payment-activity');
  if (isPaymentInProgress()) return 'payment';
  try {
    const { getOutbox } = await import('../shared/offline-db');
    if ((await getOutbox()).some((message) => message.failedReason === undefined)) return 'unsent-chat';
  } catch {
    // No IndexedDB (or no way to open it): nothing can be waiting in it.
  }
  return null;
}

/** Lets the waiting worker take over, then reloads once it controls the page; never during a payment or with unsent chat. */
export async function applyUpdate(): Promise<ReloadBlocker> {
  const blocker = await reloadBlocker();
  if (blocker || !workbox) return blocker;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
  return null;
}
