/// <reference types="vite/client" />
/**
 * The service worker (built by vite-plugin-pwa, injectManifest): the precache, the API queries
 * cached for offline use, the chat outbox of the pages it controls and the runtime caches.
 * What it caches, queues and replays, and for whom: docs/offline.md.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  OUTBOX_REPLAY_HEADER,
  SEND_MESSAGE_PATH,
  deliverWithFetch,
  replayOutbox,
  type ReplaySummary,
} from '../src/shared/chat-outbox';
import { config } from '../src/shared/config';
import { retryAfterNetworkReturn } from '../src/shared/network-return';
import { apiPathOf, isCachedQuery } from '../src/shared/cached-responses';
import { respondFromCache } from './cached-query';
import { respondToChatSend } from './chat-send';
import { API_PATH_DENYLIST } from './navigation';
import { CHAT_OPEN, OUTBOX_CHANGED, PAGE_ONLINE, SKIP_WAITING, SYNC_TAG } from '../src/shared/sw-messages';
import { openFromNotification, pushNotice, showPush, tellWindows } from './push';
import { isMapTile, isStaticData } from './runtime-routes';

declare const self: ServiceWorkerGlobalScope;

/** How long an API read waits for the network before a cached response is served instead. */
const NETWORK_TIMEOUT_MS = 4000;
const API_BASE = config.apiUrl;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: API_PATH_DENYLIST }));

// ---- map tiles and static data: cache first, bounded ----

registerRoute(
  ({ url, request }) => request.method === 'GET' && isMapTile(url),
  new CacheFirst({
    cacheName: 'greenpick-map-tiles',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isStaticData(url.pathname),
  new CacheFirst({
    cacheName: 'greenpick-data',
    plugins: [new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// ---- chat outbox replay ----

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

async function registerSync(): Promise<void> {
  try {
    await (self.registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync?.register(SYNC_TAG);
  } catch {
    // Background sync refused or missing: worker start and the page's 'online' still replay.
  }
}

let replaying: Promise<ReplaySummary | null> | undefined;

/** Replays the outbox (one replay at a time: chat-outbox holds a lock), then tells the pages; null when it failed. */
function replay(): Promise<ReplaySummary | null> {
  replaying ??= (async () => {
    try {
      const summary = await replayOutbox(deliverWithFetch(API_BASE, (input, init) => fetch(input, init)));
      await tellWindows(self.clients, { type: OUTBOX_CHANGED, ...summary });
      return summary;
    } catch (error) {
      console.error('Chat outbox replay failed', error);
      return null;
    } finally {
      replaying = undefined;
    }
  })();
  return replaying;
}

/** A page's 'online': the outbox is replayed, and again shortly while messages still wait. */
function replayOnceOnline(): Promise<void> {
  return retryAfterNetworkReturn(async () => (await replay())?.waiting === 0);
}

// ---- routing of API calls ----

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const path = apiPathOf(request.url, API_BASE);
  if (path === null) return;
  const fetchFromNetwork = (sent: Request) => fetch(sent);
  if (request.method === 'POST' && path === SEND_MESSAGE_PATH && !request.headers.has(OUTBOX_REPLAY_HEADER)) {
    event.respondWith(
      respondToChatSend(request, {
        fetch: fetchFromNetwork,
        onQueued: (outcome) =>
          event.waitUntil(
            (async () => {
              await tellWindows(self.clients, { type: OUTBOX_CHANGED });
              await registerSync();
              // Queued behind older messages that wait: try them all now, in order.
              if (outcome.state === 'waiting' && outcome.behindOlder) await replay();
            })(),
          ),
      }),
    );
  } else if (isCachedQuery(request.method, path)) {
    event.respondWith(
      respondFromCache(request, path, {
        fetch: fetchFromNetwork,
        waitUntil: (work) => event.waitUntil(work),
        timeoutMs: NETWORK_TIMEOUT_MS,
      }),
    );
  }
});

// ---- lifecycle and messages ----

interface SyncEventLike extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as unknown as SyncEventLike;
  if (sync.tag === SYNC_TAG) sync.waitUntil(replay());
});

self.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; taskId?: unknown } | null;
  const type = message?.type;
  if (type === SKIP_WAITING) void self.skipWaiting();
  else if (type === PAGE_ONLINE) event.waitUntil(replayOnceOnline());
  else if (type === CHAT_OPEN && event.source instanceof WindowClient) {
    if (typeof message?.taskId === 'string') openChats.set(event.source.id, message.taskId);
    else openChats.delete(event.source.id);
  }
});

// ---- notifications (docs/notifications.md) ----

/** Which window shows which task's chat: a driver's message there is not pushed to this device. */
const openChats = new Map<string, string>();

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  // Open windows read again what the push is about, so a screen on view is current at once
  // rather than at its next refresh. They are told once the notification is up (or was not
  // wanted): Chromium loses a notification it is still putting up when a page reads the list.
  const notice = pushNotice(data);
  event.waitUntil(
    showPush(data, {
      registration: self.registration,
      clients: self.clients,
      openChats,
      base: import.meta.env.BASE_URL,
    }).finally(() => (notice ? tellWindows(self.clients, notice) : undefined)),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openFromNotification(event.notification, self.clients, self.location.origin));
});

self.addEventListener('activate', (event) => event.waitUntil(replay()));

// Every start of the worker (it is stopped when idle) tries what is left in the outbox.
void replay();

// The first install controls the open page at once, so it works offline without a reload.
// An update still waits for SKIP_WAITING.
clientsClaim();
