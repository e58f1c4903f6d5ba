/**
 * The API queries the worker caches for offline use: network first, a good response cached in
 * IndexedDB per user and request, and the cached one served with `X-Cached-At` when the
 * network fails or is slow (docs/offline.md, 'What is kept').
 */
import {
  CACHED_AT_HEADER,
  GET_MESSAGES_PATH,
  responsePathKey,
  decodeJwtSubject,
  mergeMessagesResponse,
  messagesSince,
  requestToken,
  sinceOf,
  asksOlderPage,
} from '../src/shared/cached-responses';
import { getCachedResponse, putCachedResponse } from '../src/shared/offline-db';
import { jsonResponse, readJsonBody } from './request-body';

export interface CachedQueryDeps {
  fetch(request: Request): Promise<Response>;
  /** Keeps the worker alive for work that finishes after the response (keeping the network's answer). */
  waitUntil(work: Promise<unknown>): void;
  /** How long the network may take before the cached response is served instead. */
  timeoutMs: number;
}

/** Where a read's answer is kept, and what part of the cached response it asks for. */
interface ReadPlace {
  userId: string;
  key: string;
  path: string;
  since: string | null;
  /** When the request was sent: its answer is not kept if the user signed out since. */
  askedAt: number;
}

async function cacheResponse(place: ReadPlace, response: Response): Promise<void> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return;
  }
  if (place.path === GET_MESSAGES_PATH) {
    body = mergeMessagesResponse((await getCachedResponse(place.userId, place.key))?.body, body, place.since);
    if (body === null) return;
  }
  await putCachedResponse(place.userId, place.key, body, { askedAt: place.askedAt });
}

/** The cached response as a response marked with when it was kept; null when nothing is kept (or the store fails). */
async function responseFromDevice(place: ReadPlace): Promise<Response | null> {
  try {
    const kept = await getCachedResponse(place.userId, place.key);
    if (!kept) return null;
    const body = place.path === GET_MESSAGES_PATH ? messagesSince(kept.body, place.since) : kept.body;
    return jsonResponse(body, 200, { [CACHED_AT_HEADER]: String(kept.savedAt) });
  } catch {
    return null;
  }
}

/** Answers a cached query at `path` (under the API base); see the module comment. */
export async function respondFromCache(request: Request, path: string, deps: CachedQueryDeps): Promise<Response> {
  const askedAt = Date.now();
  const body = await readJsonBody(request);
  const userId = decodeJwtSubject(requestToken(request.headers.get('Authorization'), body));
  const network = deps.fetch(request);
  // Nobody to keep it for (no token), or an older chat page (only the newest is kept): the network's answer as it is.
  if (!userId || (path === GET_MESSAGES_PATH && asksOlderPage(body))) return network;
  const place: ReadPlace = {
    userId,
    key: responsePathKey(path, body),
    path,
    since: path === GET_MESSAGES_PATH ? sinceOf(body) : null,
    askedAt,
  };
  deps.waitUntil(
    network.then(
      (response) => (response.ok ? cacheResponse(place, response.clone()) : undefined),
      () => undefined,
    ),
  );

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), deps.timeoutMs)));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
    // Slow network: the cached response now, else keep waiting.
    return (await responseFromDevice(place)) ?? network;
  } catch {
    // No network: the cached response, else the same failure the page would have seen.
    return (await responseFromDevice(place)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}
