/// <reference types="vite/client" />
/**
 * The service worker (built by vite-plugin-pwa, injectManifest). What it keeps, queues and
 * replays, and for whom: docs/offline.md.
 *
 * - Precache: the whole build (app shell, every route chunk, the MapLibre chunk and worker,
 *   icons, the gazetteer), older builds' caches dropped. Navigations get the precached
 *   index.html, never API paths.
 * - API reads (`isCachedQuery` in src/shared/cached-responses.ts): network first with a short
 *   time-out, kept in IndexedDB per user, served from there with `X-Cached-At` without
 *   network (cached-query.ts).
 * - Chat: the worker owns the messages of the pages it controls: a `sendingMessages` POST is
 *   sent or queued by the outbox's rule (chat-send.ts, src/shared/chat-outbox.ts) and answered
 *   202 `{queued, clientId}` when queued; the outbox is replayed in order on `sync`, on worker
 *   start and activation, and when a page asks (it is online again, or its chat opened);
 *   pages are told `OUTBOX_CHANGED` after each change.
 * - Map tiles and static data files: cache first, bounded in count and age.
 * - Updates wait for SKIP_WAITING (sent by src/lib/sw-bridge.ts when the user reloads).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { OUTBOX_REPLAY_HEADER, SEND_MESSAGE_PATH, deliverWithFetch, replayOutbox } from '../src/shared/chat-outbox';
import { config } from '../src/shared/config';
import { apiPathOf, isCachedQuery } from '../src/shared/cached-responses';
import { respondFromCache } from './cached-query';
import { respondToChatSend } from './chat-send';
import { API_PATH_DENYLIST } from './navigation';
import { OUTBOX_CHANGED, PAGE_ONLINE, SKIP_WAITING, SYNC_TAG } from '../src/shared/sw-messages';
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

async function tellPages(message: { type: string } & Record<string, unknown>): Promise<void> {
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: 'window' });
  for (const page of pages) page.postMessage(message);
}

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

let replaying: Promise<void> | undefined;

/** Replays the outbox (one replay at a time: chat-outbox holds a lock), then tells the pages. */
function replay(): Promise<void> {
  replaying ??= (async () => {
    try {
      const summary = await replayOutbox(deliverWithFetch(API_BASE, (input, init) => fetch(input, init)));
      await tellPages({ type: OUTBOX_CHANGED, ...summary });
    } catch (error) {
      console.error('Chat outbox replay failed', error);
    } finally {
      replaying = undefined;
    }
  })();
  return replaying;
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
              await tellPages({ type: OUTBOX_CHANGED });
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
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING) void self.skipWaiting();
  else if (type === PAGE_ONLINE) event.waitUntil(replay());
});

self.addEventListener('activate', (event) => event.waitUntil(replay()));

// Every start of the worker (it is stopped when idle) tries what is left in the outbox.
void replay();

// The first install controls the open page at once, so it works offline without a reload.
// An update still waits for SKIP_WAITING.
clientsClaim();
