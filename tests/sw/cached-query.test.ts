import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeOfflineDb, getCachedResponse, openOfflineDb, putCachedResponse } from '../../src/shared/offline-db';
import { respondFromCache, type CachedQueryDeps } from '../../sw/cached-query';

afterAll(() => closeOfflineDb());
beforeEach(async () => {
  await (await openOfflineDb()).clear('answers');
});

const tokenOf = (sub: string) => `header.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.signature`;
const TOKEN = tokenOf('u1');

const post = (path: string, body: unknown, token: string | null = TOKEN) =>
  new Request(`https://app.test/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** The worker's surroundings: the network answers with `respond`; what it keeps after answering is awaited by `settled`. */
function worker(respond: () => Response | Promise<Response>, timeoutMs = 1000) {
  const pending: Promise<unknown>[] = [];
  const deps: CachedQueryDeps = {
    fetch: async () => respond(),
    waitUntil: (work) => void pending.push(work),
    timeoutMs,
  };
  return { deps, settled: () => Promise.all(pending) };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const message = (id: string, timestamp: string) => ({
  _id: id,
  taskId: 't1',
  sender: 'driver',
  content: id,
  timestamp,
  clientId: null,
});

describe("the worker's cached queries", () => {
  it("online: the network's answer, kept for this user (the token's subject) without the token in its key", async () => {
    const { deps, settled } = worker(() => Response.json({ data: { _id: 'u1', firstname: 'Ada' } }));
    const response = await respondFromCache(post('client/userdata', { token: TOKEN }), 'client/userdata', deps);
    expect(response.headers.get('X-Cached-At')).toBeNull();
    expect(await response.json()).toEqual({ data: { _id: 'u1', firstname: 'Ada' } });
    await settled();
    expect((await getCachedResponse('u1', 'client/userdata'))?.body).toEqual({ data: { _id: 'u1', firstname: 'Ada' } });
  });

  it('offline: the cached response, marked with when it was kept (X-Cached-At)', async () => {
    await putCachedResponse('u1', 'client/task {"userId":"u1"}', { data: [{ _id: 't1' }] }, { savedAt: 1763800000000 });
    const response = await respondFromCache(post('client/task', { userId: 'u1' }), 'client/task', worker(offline).deps);
    expect(response.headers.get('X-Cached-At')).toBe('1763800000000');
    expect(await response.json()).toEqual({ data: [{ _id: 't1' }] });
  });

  it("offline with nothing kept: the same failure the page would have seen; another user's answer is not served", async () => {
    await putCachedResponse('someone-else', 'client/task {"userId":"u1"}', { data: [] });
    const response = await respondFromCache(post('client/task', { userId: 'u1' }), 'client/task', worker(offline).deps);
    expect(response.type).toBe('error');
  });

  it('a network slower than the time-out: the cached response now', async () => {
    await putCachedResponse('u1', 'client/userdata', { data: { firstname: 'Ada' } }, { savedAt: 5 });
    const slow = worker(() => new Promise<Response>(() => {}), 20);
    const response = await respondFromCache(post('client/userdata', { token: TOKEN }), 'client/userdata', slow.deps);
    expect(response.headers.get('X-Cached-At')).toBe('5');
  });

  it('an error answer (500) is passed on and not kept', async () => {
    const { deps, settled } = worker(() => Response.json({ message: 'Database unavailable' }, { status: 500 }));
    expect((await respondFromCache(post('client/userdata', { token: TOKEN }), 'client/userdata', deps)).status).toBe(
      500,
    );
    await settled();
    expect(await getCachedResponse('u1', 'client/userdata')).toBeUndefined();
  });

  it('without a token nothing is kept or served from the device', async () => {
    const { deps, settled } = worker(() => Response.json({ data: [] }));
    await respondFromCache(post('client/task', { userId: 'u1' }, null), 'client/task', deps);
    await settled();
    expect(await (await openOfflineDb()).count('answers')).toBe(0);
  });

  it('getMessages: a `since` poll adds its messages to the kept thread; offline, a `since` poll gets only the newer ones', async () => {
    const first = message('m1', '2026-11-22T10:00:00.000Z');
    const second = message('m2', '2026-11-22T10:01:00.000Z');
    const full = worker(() => Response.json({ data: { messages: [first] } }));
    await respondFromCache(post('client/getMessages', { taskId: 't1' }), 'client/getMessages', full.deps);
    await full.settled();
    const poll = worker(() => Response.json({ data: { messages: [second] } }));
    await respondFromCache(
      post('client/getMessages', { taskId: 't1', since: first.timestamp }),
      'client/getMessages',
      poll.deps,
    );
    await poll.settled();
    expect((await getCachedResponse('u1', 'client/getMessages {"taskId":"t1"}'))?.body).toEqual({
      data: { messages: [first, second], olderCursor: null },
    });

    const offlinePoll = await respondFromCache(
      post('client/getMessages', { taskId: 't1', since: first.timestamp }),
      'client/getMessages',
      worker(offline).deps,
    );
    expect(await offlinePoll.json()).toEqual({ data: { messages: [second], olderCursor: null } });
  });
});
