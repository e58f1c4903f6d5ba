/**
 * Two instances on one PostgreSQL, each answering polls from its own memory
 * (server/db/poll-cache.ts): what changes on B shows at A's next poll once B's notification
 * has reached A (milliseconds; the test waits for it rather than for a time). Only with a
 * PostgreSQL server (`npm run test:server:pg`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../src/shared/contract';
import { TRACKERS_KEY, locationKey, sessionKey, threadKey } from '../../server/db/poll-cache';
import * as ops from '../../server/console/commands';
import { createTestServer, statementsDuring, type TestServer } from './harness';
import { assignDriver, createPaidTask, insertDriver } from './task-fixtures';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

let database: TestDatabase;
let a: TestServer;
let b: TestServer;

type Client = Awaited<ReturnType<TestServer['createClient']>>;

/**
 * Resolves once A has dropped `key` `times` times (a hang guard, not a duration): once on B's
 * notification; twice for a write on A itself, which drops the key right after its commit and
 * again when its own notification comes back (a test that read between the two would see the
 * echo drop what it had just kept).
 */
async function reachesA(key: string, write: () => Promise<unknown>, times = 1): Promise<void> {
  const spy = vi.spyOn(a.deps.polls, 'invalidate');
  try {
    await write();
    await vi.waitFor(
      () => expect(spy.mock.calls.filter(([keys]) => keys.includes(key)).length).toBeGreaterThanOrEqual(times),
      {
        timeout: 15_000,
      },
    );
  } finally {
    spy.mockRestore();
  }
}

const poll = (server: TestServer, who: Client, taskId: string, since: string) =>
  server.request('POST', '/client/getMessages', { token: who.token, body: { taskId, since } });

/** A client with a task, whose empty poll A answers from memory. */
async function pollingOnA(): Promise<{ client: Client; task: Task }> {
  const client = await a.createClient();
  const task = await createPaidTask(a, client);
  expect((await poll(a, client, task._id, '2020-01-01T00:00:00Z')).status).toBe(200);
  expect(await statementsDuring(a, async () => void (await poll(a, client, task._id, '2020-01-01T00:00:00Z')))).toBe(0);
  return { client, task };
}

describe.runIf(TEST_DATABASE_URL)('polls answered from memory on two instances of one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { jwtSecret: 'poll-cache-two-instances-secret-0123456789', opsToken: 'poll-cache-two-ops-token' };
    a = await createTestServer({ database, config });
    b = await createTestServer({ database, config });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it("'log out everywhere' on B ends the session at A's next poll", async () => {
    const { client, task } = await pollingOnA();
    await reachesA(sessionKey(client.id), async () => {
      expect((await b.request('POST', '/client/logoutAll', { token: client.token, body: {} })).status).toBe(200);
    });
    expect((await poll(a, client, task._id, '2020-01-01T00:00:00Z')).status).toBe(401);
  });

  it("a password reset on B ends the session at A's next poll", async () => {
    const { client, task } = await pollingOnA();
    await reachesA(sessionKey(client.id), async () => {
      await b.request('POST', '/client/forgot', { body: { email: client.email } });
      const code = /\b(\d{4})\b/.exec(b.deps.mailer.inbox!(client.email).at(-1)!.text)![1];
      expect((await b.request('POST', '/client/resetCode', { body: { email: client.email, code } })).status).toBe(200);
      const reset = await b.request('POST', '/client/resetPassword', {
        body: { email: client.email, newPassword: 'brand-new-pass' },
      });
      expect(reset.status).toBe(200);
    });
    expect((await poll(a, client, task._id, '2020-01-01T00:00:00Z')).status).toBe(401);
  });

  it("a message sent on B shows at A's next poll", async () => {
    const { client, task } = await pollingOnA();
    await reachesA(threadKey(task._id), async () => {
      const sent = await b.request('POST', '/client/sendingMessages', {
        token: client.token,
        body: { taskId: task._id, sender: 'user', content: 'Sent through B' },
      });
      expect(sent.status).toBe(201);
    });
    const next = await poll(a, client, task._id, '2020-01-01T00:00:00Z');
    expect(next.body.data.messages.map((message: { content: string }) => message.content)).toEqual(['Sent through B']);
  });

  it("a driver moved on B shows at A's next poll; the task closed on B stops A's", async () => {
    const client = await a.createClient();
    const task = await createPaidTask(a, client);
    const driverId = await insertDriver(a, [3.38, 6.52]);
    await reachesA(TRACKERS_KEY, () => assignDriver(a, task._id, driverId), 2);
    const follow = () => a.request('GET', `/driver/location/${driverId}`, { token: client.token });
    expect((await follow()).body.data.location.coordinates).toEqual([3.38, 6.52]);
    expect(await statementsDuring(a, async () => void (await follow()))).toBe(0);

    await reachesA(locationKey(driverId), () => ops.moveDriver(b.deps.db, driverId, 6.6, 3.4));
    expect((await follow()).body.data.location.coordinates).toEqual([3.4, 6.6]);

    await reachesA(TRACKERS_KEY, () => ops.moveTaskTo(b.deps, task._id, 'completed', { actor: 'cli' }));
    expect((await follow()).status).toBe(403);
  });
});
