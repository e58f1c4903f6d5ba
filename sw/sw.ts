/// <reference types="vite/client" />
/**
 * The service worker (built by vite-plugin-pwa, injectManifest). See ARCHITECTURE.md
 * "Offline design".
 *
 * - Precache: the whole build (app shell, every route chunk, the MapLibre chunk and worker,
 *   icons, the gazetteer), older builds' caches dropped. Navigations get the precached
 *   index.html, never API paths.
 * - API reads (`isCachedRead` in src/shared/offline-answers.ts): network first with a short time-out; a good
 *   answer is kept in IndexedDB per user (src/shared/offline-db.ts); without network the kept
 *   answer is served with `X-Cached-At` (screens then say 'Offline - last updated ...').
 * - Chat: a `sendingMessages` POST that fails for lack of network (or while older messages
 *   still wait) is queued in the outbox and answered 202 `{queued, clientId}`; the outbox is
 *   replayed in order (src/shared/chat-outbox.ts) on `sync`, on worker start and activation,
 *   and when a page says it is online; pages are told `OUTBOX_CHANGED` after each change.
 * - Map tiles and static data files: cache first, bounded in count and age.
 * - Updates wait for SKIP_WAITING (sent by src/lib/sw-bridge.ts when the user reloads).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { OUTBOX_REPLAY_HEADER, SEND_MESSAGE_PATH, deliverWithFetch, queueMessage, replayOutbox } from '../src/shared/chat-outbox';
import { config } from '../src/shared/config';
import {
  CACHED_AT_HEADER,
  GET_MESSAGES_PATH,
  answerPathKey,
  apiPathOf,
  decodeJwtSubject,
  isCachedRead,
  mergeMessagesAnswer,
  messagesSince,
  requestToken,
  sinceOf,
} from '../src/shared/offline-answers';
import { getCachedAnswer, getOutbox, putCachedAnswer } from '../src/shared/offline-db';
import { API_PATH_DENYLIST } from './navigation';
import { OUTBOX_CHANGED, PAGE_ONLINE, SKIP_WAITING, SYNC_TAG } from '../src/shared/sw-messages';
import { isMapTile, isStaticData } from './runtime-routes';

declare const self: ServiceWorkerGlobalScope;

/** How long an API read waits for the network before a kept answer is served instead. */
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

// ---- API reads: network first, kept in IndexedDB per user ----

function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

async function readBody(request: Request): Promise<unknown> {
  if (request.method !== 'POST') return undefined;
  try {
    return (await request.clone().json()) as unknown;
  } catch {
    return undefined;
  }
}

async function keepAnswer(userId: string, path: string, key: string, since: string | null, response: Response): Promise<void> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return;
  }
  if (path === GET_MESSAGES_PATH) {
    body = mergeMessagesAnswer((await getCachedAnswer(userId, key))?.body, body, since);
    if (body === null) return;
  }
  await putCachedAnswer(userId, key, body);
}

async function keptResponse(userId: string, key: string, path: string, since: string | null): Promise<Response | null> {
  try {
    const kept = await getCachedAnswer(userId, key);
    if (!kept) return null;
    const body = path === GET_MESSAGES_PATH ? messagesSince(kept.body, since) : kept.body;
    return jsonResponse(body, 200, { [CACHED_AT_HEADER]: String(kept.savedAt) });
  } catch {
    return null;
  }
}

function cachedRead(event: FetchEvent, path: string): Promise<Response> {
  const { request } = event;
  const answer = (async () => {
    const body = await readBody(request);
    const userId = decodeJwtSubject(requestToken(request.headers.get('Authorization'), body));
    const key = answerPathKey(path, body);
    const since = path === GET_MESSAGES_PATH ? sinceOf(body) : null;
    const network = fetch(request);
    event.waitUntil(
      network.then(
        (response) => (response.ok && userId ? keepAnswer(userId, path, key, since, response.clone()) : undefined),
        () => undefined,
      ),
    );
    if (!userId) return network;

    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), NETWORK_TIMEOUT_MS)));
    try {
      const first = await Promise.race([network, timeout]);
      if (first !== 'timeout') return first;
      // Slow network: the kept answer now, else keep waiting.
      return (await keptResponse(userId, key, path, since)) ?? network;
    } catch {
      // No network: the kept answer, else the same failure the page would have seen.
      return (await keptResponse(userId, key, path, since)) ?? Response.error();
    } finally {
      clearTimeout(timer);
    }
  })();
  return answer;
}

// ---- chat outbox ----

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

interface OutgoingMessage {
  taskId: string;
  content: string;
  clientId?: unknown;
}

function isOutgoingMessage(body: unknown): body is OutgoingMessage {
  const { taskId, content } = (body ?? {}) as Record<string, unknown>;
  return typeof taskId === 'string' && taskId !== '' && typeof content === 'string' && content.trim() !== '';
}

async function sendOrQueue(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const body = await readBody(request);
  if (!isOutgoingMessage(body)) return fetch(request);
  // Older messages still wait: this one queues behind them, so the order is kept.
  const olderWaiting = (await getOutbox()).some((message) => message.failedReason === undefined);
  if (!olderWaiting) {
    try {
      return await fetch(request);
    } catch {
      // No network: queue it below.
    }
  }
  const token = requestToken(request.headers.get('Authorization'), null);
  const clientId = typeof body.clientId === 'string' && body.clientId !== '' ? body.clientId : crypto.randomUUID();
  await queueMessage({ taskId: body.taskId, sender: 'user', content: body.content, clientId, userId: decodeJwtSubject(token) ?? undefined, token: token ?? undefined });
  event.waitUntil(
    (async () => {
      await tellPages({ type: OUTBOX_CHANGED });
      await registerSync();
      if (olderWaiting) await replay();
    })(),
  );
  return jsonResponse({ queued: true, clientId }, 202);
}

// ---- routing of API calls ----

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const path = apiPathOf(request.url, API_BASE);
  if (path === null) return;
  if (request.method === 'POST' && path === SEND_MESSAGE_PATH && !request.headers.has(OUTBOX_REPLAY_HEADER)) {
    event.respondWith(sendOrQueue(event));
  } else if (isCachedRead(request.method, path)) {
    event.respondWith(cachedRead(event, path));
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
