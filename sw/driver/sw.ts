/// <reference types="vite/client" />
/**
 * The driver app's service worker (docs/driver.md, 'Offline'), scope /driver/: the driver's
 * build precached, every /driver/ screen answered with the driver's shell, map tiles kept.
 * The client's worker (sw/sw.ts, scope /) never sees these pages: a page belongs to the
 * registration with the longest matching scope. The driver's reads and queued actions are
 * kept by the page in IndexedDB (src/shared/offline-db.ts), not here.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isMapTile } from '../runtime-routes';
import { DRIVER_API_GETS } from '../../src/shared/driver-paths';
import { tellWindows } from '../push';
import { driverPushNotice, openDriverNotification, showDriverPush } from './push';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/driver/index.html'), {
    allowlist: [/^\/driver(\/|$)/],
    denylist: DRIVER_API_GETS,
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isMapTile(url),
  new CacheFirst({
    cacheName: 'greenpick-driver-map-tiles',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// A driver's app updates at once: no screen holds work the page would lose (queued actions are in IndexedDB).
self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

// Pushes (docs/notifications.md, 'The driver's phone'): shown as notifications, told to the open pages.
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  // The open pages are told once the notification is up (or left out), as the client's worker does.
  const notice = driverPushNotice(data);
  event.waitUntil(
    showDriverPush(data, { registration: self.registration, now: Date.now() }).finally(() =>
      notice ? tellWindows(self.clients, notice) : undefined,
    ),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openDriverNotification(event.notification, self.clients, self.location.origin));
});
