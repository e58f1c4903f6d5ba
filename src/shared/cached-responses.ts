/**
 * Cached API answers, the pure part shared by the service worker (sw/sw.ts) and the app:
 * which reads are cached, under which key, whose they are (the JWT `sub`), how a cached
 * answer is marked (the `X-Cached-At` header), and how screens word its age. No DOM, no
 * IndexedDB here: storage is offline-db.ts.
 */
import type { ChatMessage, GetMessagesResponse } from './contract';
import { DISPLAY_TIME_ZONE } from './time-zone';

/** Set by the service worker on a response served from IndexedDB: when it was received (ms since the epoch). */
export const CACHED_AT_HEADER = 'X-Cached-At';

/** API reads the service worker keeps for offline use (paths under the API base). */
export const CACHED_QUERIES: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
  { method: 'GET', path: 'admin/pricing' },
  { method: 'GET', path: 'client/plans' },
  { method: 'GET', path: 'client/service-area' },
  { method: 'POST', path: 'client/userdata' },
  { method: 'POST', path: 'client/task' },
  { method: 'POST', path: 'client/getMessages' },
  { method: 'POST', path: 'client/events' },
  { method: 'POST', path: 'client/plan' },
  { method: 'POST', path: 'client/points' },
  { method: 'POST', path: 'client/places' },
  { method: 'POST', path: 'client/schedules' },
];

export const GET_MESSAGES_PATH = 'client/getMessages';

export function isCachedQuery(method: string, path: string): boolean {
  return CACHED_QUERIES.some((read) => read.method === method.toUpperCase() && read.path === path);
}

/** The part of a request URL after the API base (`https://api.example/` + `client/task` -> `client/task`); null when outside it. */
export function apiPathOf(url: string, apiBase: string): string | null {
  if (!url.startsWith(apiBase)) return null;
  const rest = url.slice(apiBase.length);
  const end = rest.search(/[?#]/);
  return end === -1 ? rest : rest.slice(0, end);
}

/** The JWT's `sub` claim (server/accounts/tokens.ts sets the user id there), without checking the signature; null when unreadable. */
export function decodeJwtSubject(token: string | null | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))),
    ) as { sub?: unknown };
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  } catch {
    return null;
  }
}

/** The token of a request: the `Authorization: Bearer` header, else a `token` field of the JSON body (userdata). */
export function requestToken(authorization: string | null, body: unknown): string | null {
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const token = (body as { token?: unknown } | null)?.token;
  return typeof token === 'string' && token !== '' ? token : null;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The cache key (after the user id) of a read: its path, then its body in a stable form
 * without the token (a new login must still find the response) and, for getMessages, without
 * `since` (the whole thread of a task is kept under one key).
 */
export function responsePathKey(path: string, body: unknown): string {
  if (body === undefined || body === null || typeof body !== 'object') return path;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (path === GET_MESSAGES_PATH) delete rest.since;
  return Object.keys(rest).length === 0 ? path : `${path} ${stableJson(rest)}`;
}

/** Whether a getMessages body asks for an older page (`before`): such pages are not kept. */
export function asksOlderPage(body: unknown): boolean {
  const before = (body as { before?: unknown } | null)?.before;
  return typeof before === 'string' && before !== '';
}

/** The `since` of a getMessages body, when it asks only for newer messages. */
export function sinceOf(body: unknown): string | null {
  const since = (body as { since?: unknown } | null)?.since;
  return typeof since === 'string' && since !== '' ? since : null;
}

function messagesOf(answer: unknown): ChatMessage[] | null {
  const messages = (answer as GetMessagesResponse | null)?.data?.messages;
  return Array.isArray(messages) ? messages : null;
}

/**
 * What to keep after a getMessages answer: a full response replaces the thread; a response to
 * `since` adds its messages not yet kept (by `_id`) to the kept thread. Null: keep nothing new.
 */
export function mergeMessagesResponse(kept: unknown, fresh: unknown, since: string | null): unknown {
  const freshMessages = messagesOf(fresh);
  if (!freshMessages) return null;
  if (since === null) return fresh;
  const cachedMessages = messagesOf(kept);
  if (!cachedMessages) return null;
  const known = new Set(cachedMessages.map((message) => message._id));
  const olderCursor = (kept as GetMessagesResponse).data.olderCursor ?? null;
  return {
    data: { messages: [...cachedMessages, ...freshMessages.filter((message) => !known.has(message._id))], olderCursor },
  };
}

/** A kept thread as the response to `since`: only the messages created after it. */
export function messagesSince(kept: unknown, since: string | null): unknown {
  const messages = messagesOf(kept);
  if (!messages || since === null) return kept;
  const after = Date.parse(since);
  return { data: { messages: messages.filter((message) => Date.parse(message.timestamp) > after), olderCursor: null } };
}

/** The time a cached response was received, from its header; null for a fresh response. */
export function cachedAtOf(response: { headers: { get(name: string): string | null } }): number | null {
  const value = response.headers.get(CACHED_AT_HEADER);
  if (value === null || value.trim() === '') return null;
  const ms = Number(value);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** The oldest of several answers' cached times (null when every response was fresh). */
export function oldestCachedAt(...times: Array<number | null | undefined>): number | null {
  const cached = times.filter((time): time is number => typeof time === 'number');
  return cached.length === 0 ? null : Math.min(...cached);
}

/**
 * 'Offline - last updated 14:05' for today, 'Offline - last updated 3 Nov, 14:05' for an
 * older day (Nigerian English, 24-hour clock, Lagos time like every time shown).
 */
export function formatLastUpdated(
  savedAt: number,
  now: number = Date.now(),
  timeZone: string = DISPLAY_TIME_ZONE,
): string {
  const options = { timeZone, hour: '2-digit', minute: '2-digit', hour12: false } as const;
  const day = (ms: number) =>
    new Intl.DateTimeFormat('en-NG', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
  const time = new Intl.DateTimeFormat('en-NG', options).format(savedAt);
  if (day(savedAt) === day(now)) return `Offline - last updated ${time}`;
  const date = new Intl.DateTimeFormat('en-NG', { timeZone, day: 'numeric', month: 'short' }).format(savedAt);
  return `Offline - last updated ${date}, ${time}`;
}
