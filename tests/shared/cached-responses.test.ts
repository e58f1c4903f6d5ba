import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHED_AT_HEADER,
  responsePathKey,
  apiPathOf,
  cachedAtOf,
  decodeJwtSubject,
  formatLastUpdated,
  isCachedQuery,
  asksOlderPage,
  mergeMessagesResponse,
  messagesSince,
  oldestCachedAt,
  requestToken,
  sinceOf,
} from '../../src/shared/cached-responses';

/** A token shaped like server/accounts/tokens.ts makes (HS256, `sub` = the user id); the signature is not checked here. */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

const message = (id: string, timestamp: string) => ({
  _id: id,
  taskId: 't1',
  sender: 'user',
  content: id,
  timestamp,
  clientId: null,
});

describe('which reads the service worker keeps', () => {
  it('keeps GET /admin/pricing and the POST reads userdata, task and getMessages, nothing else', () => {
    expect(isCachedQuery('GET', 'admin/pricing')).toBe(true);
    expect(isCachedQuery('post', 'client/userdata')).toBe(true);
    expect(isCachedQuery('POST', 'client/task')).toBe(true);
    expect(isCachedQuery('POST', 'client/getMessages')).toBe(true);
    expect(isCachedQuery('POST', 'client/create')).toBe(false);
    expect(isCachedQuery('POST', 'client/sendingMessages')).toBe(false);
    expect(isCachedQuery('POST', 'admin/pricing')).toBe(false);
  });

  it('reads the API path after the base, without query or hash, and nothing outside the base', () => {
    expect(apiPathOf('https://app.example/client/task', 'https://app.example/')).toBe('client/task');
    expect(apiPathOf('https://app.example/admin/pricing?x=1', 'https://app.example/')).toBe('admin/pricing');
    expect(apiPathOf('https://api.example/v1/client/task', 'https://api.example/v1/')).toBe('client/task');
    expect(apiPathOf('https://other.example/client/task', 'https://app.example/')).toBeNull();
  });
});

describe('whose response it is: the JWT sub', () => {
  it('decodes the sub claim of a bearer token or of the body token (userdata)', () => {
    const jwt = token({ sub: 'user-42', iat: 1 });
    expect(decodeJwtSubject(jwt)).toBe('user-42');
    expect(requestToken(`Bearer ${jwt}`, null)).toBe(jwt);
    expect(requestToken(null, { token: jwt })).toBe(jwt);
    expect(requestToken('Bearer  ', { token: '' })).toBeNull();
  });

  it('is null for a missing, malformed or sub-less token', () => {
    expect(decodeJwtSubject(null)).toBeNull();
    expect(decodeJwtSubject('not-a-jwt')).toBeNull();
    expect(decodeJwtSubject('a.%%%.c')).toBeNull();
    expect(decodeJwtSubject(token({ iat: 1 }))).toBeNull();
  });

  it('reads base64url payloads that need padding and non-ASCII text', () => {
    expect(decodeJwtSubject(token({ sub: 'Ọlá-ñ?>' }))).toBe('Ọlá-ñ?>');
  });
});

describe('the cache key of a read includes the request body', () => {
  it('is the path alone for GET and for userdata (the token is not part of the key)', () => {
    expect(responsePathKey('admin/pricing', undefined)).toBe('admin/pricing');
    expect(responsePathKey('client/userdata', { token: 'a.b.c' })).toBe('client/userdata');
  });

  it('differs by body, in a stable order', () => {
    expect(responsePathKey('client/task', { userId: 'u1' })).toBe('client/task {"userId":"u1"}');
    expect(responsePathKey('x', { b: 1, a: { d: 2, c: 3 } })).toBe(responsePathKey('x', { a: { c: 3, d: 2 }, b: 1 }));
  });

  it('keeps one thread per task for getMessages, whatever `since`', () => {
    expect(responsePathKey('client/getMessages', { taskId: 't1' })).toBe('client/getMessages {"taskId":"t1"}');
    expect(responsePathKey('client/getMessages', { taskId: 't1', since: '2026-01-01T00:00:00Z' })).toBe(
      'client/getMessages {"taskId":"t1"}',
    );
    expect(responsePathKey('client/getMessages', { taskId: 't2' })).not.toBe(
      responsePathKey('client/getMessages', { taskId: 't1' }),
    );
    expect(sinceOf({ taskId: 't1', since: '2026-01-01T00:00:00Z' })).toBe('2026-01-01T00:00:00Z');
    expect(sinceOf({ taskId: 't1' })).toBeNull();
  });
});

describe('chat threads kept for offline', () => {
  const thread = {
    data: { messages: [message('m1', '2026-11-22T10:00:00.000Z'), message('m2', '2026-11-22T10:05:00.000Z')] },
  };

  it('a full response replaces the thread; a response to since adds only unseen messages', () => {
    expect(mergeMessagesResponse(undefined, thread, null)).toBe(thread);
    const newer = {
      data: { messages: [message('m2', '2026-11-22T10:05:00.000Z'), message('m3', '2026-11-22T10:09:00.000Z')] },
    };
    expect(mergeMessagesResponse(thread, newer, '2026-11-22T10:04:00.000Z')).toEqual({
      data: { messages: [...thread.data.messages, newer.data.messages[1]], olderCursor: null },
    });
    // The kept thread's cursor to older pages survives the polls.
    const paged = { data: { ...thread.data, olderCursor: 'm0' } };
    expect((mergeMessagesResponse(paged, newer, '2026-11-22T10:04:00.000Z') as typeof paged).data.olderCursor).toBe(
      'm0',
    );
  });

  it('an older page (before) is not a thread to keep', () => {
    expect(asksOlderPage({ taskId: 't1', before: 'm1' })).toBe(true);
    expect(asksOlderPage({ taskId: 't1', since: '2026-11-22T10:00:00.000Z' })).toBe(false);
  });

  it('keeps nothing for a response to since without a kept thread, or a response that is not a thread', () => {
    expect(mergeMessagesResponse(undefined, thread, '2026-11-22T10:00:00.000Z')).toBeNull();
    expect(mergeMessagesResponse(thread, { data: 'nope' }, null)).toBeNull();
  });

  it('answers since offline with the kept messages after it', () => {
    expect(messagesSince(thread, '2026-11-22T10:01:00.000Z')).toEqual({
      data: { messages: [thread.data.messages[1]], olderCursor: null },
    });
    expect(messagesSince(thread, null)).toBe(thread);
  });
});

describe('the cached-answer header', () => {
  const response = (value?: string) =>
    new Response('{"data":1}', { headers: value === undefined ? {} : { [CACHED_AT_HEADER]: value } });

  it('reads X-Cached-At as ms; a fresh response (no header) or a bad value is null', () => {
    expect(cachedAtOf(response('1763800000000'))).toBe(1763800000000);
    expect(cachedAtOf(response())).toBeNull();
    expect(cachedAtOf(response('soon'))).toBeNull();
    expect(cachedAtOf(response(''))).toBeNull();
  });

  it('a screen made of several answers is as old as its oldest cached one', () => {
    expect(oldestCachedAt(null, null)).toBeNull();
    expect(oldestCachedAt(null, 20, 10)).toBe(10);
    expect(oldestCachedAt()).toBeNull();
  });
});

describe("'Offline - last updated <time>'", () => {
  const lagos = 'Africa/Lagos';
  it('shows the time (24-hour) for a response from today', () => {
    expect(formatLastUpdated(Date.parse('2026-11-22T13:05:00Z'), Date.parse('2026-11-22T15:00:00Z'), lagos)).toBe(
      'Offline - last updated 14:05',
    );
  });

  it('adds the day for an older answer', () => {
    expect(formatLastUpdated(Date.parse('2026-11-03T08:30:00Z'), Date.parse('2026-11-22T15:00:00Z'), lagos)).toBe(
      'Offline - last updated 3 Nov, 09:30',
    );
  });

  describe('on a device in another time zone', () => {
    const deviceZone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'Asia/Tokyo';
    });
    afterAll(() => {
      if (deviceZone === undefined) delete process.env.TZ;
      else process.env.TZ = deviceZone;
    });

    it('still says the Lagos time, and "today" is the Lagos day', () => {
      const saved = Date.parse('2026-11-22T22:10:00Z');
      // In Tokyo this is already 07:10 on the 23rd.
      expect(new Date(saved).getHours()).toBe(7);
      expect(formatLastUpdated(saved, Date.parse('2026-11-22T22:40:00Z'))).toBe('Offline - last updated 23:10');
      expect(formatLastUpdated(saved, Date.parse('2026-11-23T09:00:00Z'))).toBe('Offline - last updated 22 Nov, 23:10');
    });
  });
});
