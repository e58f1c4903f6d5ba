/**
 * Starts the service worker (sw/sw.ts) with the browser's own API on a first visit, so the
 * login screen does not download the workbox-window bridge (sw-bridge.ts), which loads once
 * a worker controls the page (docs/offline.md, 'First session').
 */
export interface FirstVisitNotices {
  /** The first install finished: the app shell now opens without network. */
  onOfflineReady(): void;
  /** The first worker has just taken control of this page (it claims pages when it activates). */
  onFirstControl(): void;
  /** Loads the bridge (workbox-window) for what comes next: updates, messages, update checks. */
  loadBridge(): void;
}

/** The part of `navigator.serviceWorker` used here (a parameter, so tests can hand in their own). */
export type ServiceWorkers = Pick<
  ServiceWorkerContainer,
  'controller' | 'getRegistration' | 'register' | 'addEventListener'
>;

export function startServiceWorker(
  notices: FirstVisitNotices,
  workers: ServiceWorkers | undefined,
  scriptUrl: string,
  scope: string,
): void {
  if (!workers) return;
  // A later visit: a worker controls the page already; the bridge takes it from here.
  if (workers.controller) {
    notices.loadBridge();
    return;
  }
  workers.addEventListener(
    'controllerchange',
    () => {
      notices.onFirstControl();
      notices.loadBridge();
    },
    { once: true },
  );
  const begin = async () => {
    // An install another page began (the previous screen, before a reload) is that page's news.
    const isFirstRegistration = (await workers.getRegistration(scope)) === undefined;
    const registration = await workers.register(scriptUrl, { scope });
    const { installing } = registration;
    // Installed before, and this page is simply not controlled (a hard reload): nothing new to tell.
    if (!installing || registration.active) {
      notices.loadBridge();
      return;
    }
    if (!isFirstRegistration) return;
    let hasTold = false;
    installing.addEventListener('statechange', () => {
      if (hasTold || (installing.state !== 'installed' && installing.state !== 'activated')) return;
      hasTold = true;
      notices.onOfflineReady();
    });
  };
  begin().catch((error: unknown) => console.error('Could not register the service worker', error));
}
