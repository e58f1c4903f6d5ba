/**
 * The API queries the worker caches for offline use: network first, a good response cached in
 * IndexedDB per user and request, and the cached one served with `X-Cached-At` when the
 * network fails or is slow (docs/offline.md, 'What is kept').
 */
import {
  CACHED_AT_HEADER,
  GET_MESSAGES_PATH,
  answerPathKey,
  decodeJwtSubject,
  mergeMessagesAnswer,
  messagesSince,
  requestToken,
  sinceOf,
  asksOlderPage,
} from '../src/shared/offline-answers';
import { getCachedAnswer, putCachedAnswer } from '../src/shared/offline-db';
import { jsonResponse, readJsonBody } from './request-body';

export interface CachedReadDeps {
  fetch(request: Request): Promise<Response>;
  /** Keeps the worker alive for work that finishes after the answer (keeping the network's answer). */
  waitUntil(work: Promise<unknown>): void;
  /** How long the network may take before the kept answer is served instead. */
  timeoutMs: number;
}

/** Where a read's answer is kept, and what part of the kept answer it asks for. */
interface ReadPlace {
  userId: string;
  key: string;
  path: string;
  since: string | null;
}

async function keepAnswer(place: ReadPlace, response: Response): Promise<void> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return;
  }
  if (place.path === GET_MESSAGES_PATH) {
    body = mergeMessagesAnswer((await getCachedAnswer(place.userId, place.key))?.body, body, place.since);
    if (body === null) return;
  }
  await putCachedAnswer(place.userId, place.key, body);
}

/** The kept answer as a response marked with when it was kept; null when nothing is kept (or the store fails). */
async function answerFromDevice(place: ReadPlace): Promise<Response | null> {
  try {
    const kept = await getCachedAnswer(place.userId, place.key);
    if (!kept) return null;
    const body = place.path === GET_MESSAGES_PATH ? messagesSince(kept.body, place.since) : kept.body;
    return jsonResponse(body, 200, { [CACHED_AT_HEADER]: String(kept.savedAt) });
  } catch {
    return null;
  }
}

/** Answers a kept read at `path` (under the API base); see the module comment. */
export async function answerCachedRead(request: Request, path: string, deps: CachedReadDeps): Promise<Response> {
  const body = await readJsonBody(request);
  const userId = decodeJwtSubject(requestToken(request.headers.get('Authorization'), body));
  const network = deps.fetch(request);
  // Nobody to keep it for (no token), or an older chat page (only the newest is kept): the network's answer as it is.
  if (!userId || (path === GET_MESSAGES_PATH && asksOlderPage(body))) return network;
  const place: ReadPlace = {
    userId,
    key: answerPathKey(path, body),
    path,
    since: path === GET_MESSAGES_PATH ? sinceOf(body) : null,
  };
  deps.waitUntil(
    network.then(
      (response) => (response.ok ? keepAnswer(place, response.clone()) : undefined),
      () => undefined,
    ),
  );

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), deps.timeoutMs)));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
    // Slow network: the kept answer now, else keep waiting.
    return (await answerFromDevice(place)) ?? network;
  } catch {
    // No network: the kept answer, else the same failure the page would have seen.
    return (await answerFromDevice(place)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}
