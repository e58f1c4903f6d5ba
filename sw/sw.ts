/**
 * The service worker (built by vite-plugin-pwa, injectManifest). For now it keeps the app
 * shell: it precaches the build (self.__WB_MANIFEST), drops caches of older builds, answers
 * navigations with the precached index.html (never API paths), and activates a waiting
 * update when the page asks (SKIP_WAITING, sent by src/lib/sw-bridge.ts).
 * API caching in IndexedDB and the chat outbox come with the offline issue.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { API_PATH_DENYLIST } from './navigation';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: API_PATH_DENYLIST }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install controls the open page at once, so it works offline without a reload.
// An update still waits for SKIP_WAITING.
clientsClaim();
