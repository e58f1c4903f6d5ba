/**
 * The polls answered from memory (server/db/poll-cache.ts): an empty chat poll and an
 * unchanged driver location poll send no statement to the database, and every write that
 * changes their answer (a message from any path, a session ended, a driver moved, a task
 * closed) shows at the next poll. On PGlite and on PostgreSQL (`npm run test:server:pg`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../src/shared/contract';
import { TRACKERS_KEY, type ThreadMark, publishInvalidation, sessionKey, threadKey } from '../../server/db/poll-cache';
import * as ops from '../../server/console/commands';
import { createTestServer, statementsDuring, type TestServer } from './harness';
import { assignDriver, createPaidTask, insertClient, insertDriver, type TestClient } from './task-fixtures';
import { TEST_DATABASE_URL } from './test-database';

let server: TestServer;
let client: TestClient;
let task: Task;

beforeAll(async () => {
  server = await createTestServer({ config: { jwtSecret: 'poll-cache-test-secret-0123456789abcdef' } });
  client = await insertClient(server);
  task = await createPaidTask(server, client);
  // The driver side writes too (ops.sendDriverMessage): the task has a driver.
  await assignDriver(server, task._id, await insertDriver(server));
});
afterAll(() => server.close());

/**
 * Runs a write and waits until its key has been dropped twice: at once after the commit, then
 * on its own notification coming back (PostgreSQL delivers it a moment later, and it drops
 * what was read in between: one more read, never a stale one). Then the steady state is measured.
 */
async function settled<T>(key: string, write: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(server.deps.polls, 'invalidate');
  try {
    const result = await write();
    await vi.waitFor(() => expect(spy.mock.calls.filter(([keys]) => keys.includes(key)).length).toBe(2), {
      timeout: 15_000,
    });
    return result;
  } finally {
    spy.mockRestore();
  }
}

const poll = (since: string, who: TestClient = client, taskId = task._id) =>
  server.request('POST', '/client/getMessages', { token: who.token, body: { taskId, since } });
const follow = (driverId: string, who: TestClient = client) =>
  server.request('GET', `/driver/location/${driverId}`, { token: who.token });
const send = (content: string) =>
  server.request('POST', '/client/sendingMessages', {
    token: client.token,
    body: { taskId: task._id, sender: 'user', content },
  });

describe('an empty chat poll', () => {
  it('is answered without a database statement once the thread is known, and a new message shows at the next poll', async () => {
    const first = await settled(threadKey(task._id), () => send('At the gate'));
    expect(first.status).toBe(201);
    // The first poll reads the thread's mark; the ones after it read memory only.
    const since = first.body.data.timestamp as string;
    expect((await poll(since)).status).toBe(200);
    const polls: unknown[] = [];
    const sent = await statementsDuring(server, async () => {
      for (let n = 0; n < 3; n += 1) polls.push((await poll('2099-01-01T00:00:00.000Z')).body);
    });
    expect(sent).toBe(0);
    expect(polls).toEqual(Array(3).fill({ data: { messages: [], olderCursor: null } }));

    const second = await send('Coming down');
    const after = await poll(since);
    expect(after.body.data.messages.map((message: { content: string }) => message.content)).toContain('Coming down');
    // A driver's message written by the operator side (another path than the client's send).
    await ops.sendDriverMessage(server.deps.db, task._id, 'On my way');
    const next = await poll(second.body.data.timestamp);
    expect(next.body.data.messages.map((message: { content: string }) => message.content)).toContain('On my way');
  });

  it('answers exactly what the query would: a since inside the newest message millisecond repeats it', async () => {
    // Stored times keep microseconds and the API shows milliseconds: a since copied from the
    // newest message is earlier than it, and the database answers it again. So does memory.
    await server.deps.db.query(
      `insert into messages (id, task_id, sender, content, created_at)
       values (gen_random_uuid()::text, $1, 'driver', 'Microseconds', '2098-05-05T10:00:00.123456Z')`,
      [task._id],
    );
    await settled(threadKey(task._id), () => publishInvalidation(server.deps.db, [threadKey(task._id)]));
    const repeated = await poll('2098-05-05T10:00:00.123Z');
    expect(repeated.body.data.messages.map((message: { content: string }) => message.content)).toEqual([
      'Microseconds',
    ]);
    expect((await poll('2098-05-05T10:00:00.123456Z')).body.data.messages).toEqual([]);
    expect((await poll('2098-05-05T11:00:00.123+01:00')).body.data.messages).toHaveLength(1);
    expect(await statementsDuring(server, async () => void (await poll('2098-05-05T10:00:00.1235Z')))).toBe(0);
  });

  it("keeps the poll's order of answers: 401 for an ended session, 404 for no task, 403 for another's", async () => {
    const other = await insertClient(server);
    const since = '2020-01-01T00:00:00Z';
    expect((await poll(since, other)).status).toBe(403);
    expect((await poll(since, other, 'no-such-task')).status).toBe(404);
    // Kept now: answered from memory, and still right.
    expect(await statementsDuring(server, async () => expect((await poll(since, other)).status).toBe(403))).toBe(0);
    const ended = await settled(sessionKey(other.id), () =>
      server.request('POST', '/client/logoutAll', { token: other.token, body: {} }),
    );
    expect(ended.status).toBe(200);
    expect((await poll(since, other)).status).toBe(401);
  });
});

describe('an unchanged driver location poll', () => {
  it('is answered without a database statement; a move, and the end of the task, show at the next poll', async () => {
    const driverId = await insertDriver(server, [3.38, 6.52]);
    const ride = await createPaidTask(server, client);
    await settled(TRACKERS_KEY, () => assignDriver(server, ride._id, driverId));
    expect((await follow(driverId)).body.data.location.coordinates).toEqual([3.38, 6.52]);
    const sent = await statementsDuring(server, async () => {
      expect((await follow(driverId)).body.data.location.coordinates).toEqual([3.38, 6.52]);
    });
    expect(sent).toBe(0);

    await ops.moveDriver(server.deps.db, driverId, 6.6, 3.4);
    expect((await follow(driverId)).body.data.location.coordinates).toEqual([3.4, 6.6]);

    await ops.moveTaskTo(server.deps, ride._id, 'completed', { actor: 'cli' });
    expect((await follow(driverId)).status).toBe(403);
  });
});

describe('the fill race', () => {
  it('a read that started before an invalidation of its key does not keep what it read', async () => {
    const polls = server.deps.polls;
    let release: (mark: ThreadMark) => void = () => {};
    const slow = polls.threadMark('race-task', () => new Promise((resolve) => (release = resolve)));
    // The write's key arrives while the read is in flight: what it then reads is not kept.
    polls.invalidate(['c:race-task']);
    release({ owner: 'before', newestMicros: null });
    expect(await slow).toEqual({ owner: 'before', newestMicros: null });
    const fresh = await polls.threadMark('race-task', async () => ({ owner: 'after', newestMicros: 1n }));
    expect(fresh?.owner).toBe('after');
    // And what was read after the invalidation is kept.
    expect((await polls.threadMark('race-task', async () => ({ owner: 'again', newestMicros: 2n })))?.owner).toBe(
      'after',
    );
  });
});

describe.runIf(TEST_DATABASE_URL)('when the LISTEN connection drops (PostgreSQL)', () => {
  it('nothing is kept and every poll reads the database until it listens again', async () => {
    const polls = server.deps.polls;
    const quiet = await createPaidTask(server, client);
    const since = '2020-01-01T00:00:00Z';
    const pollQuiet = () => poll(since, client, quiet._id);
    // Kept: a thread without messages, answered from memory.
    expect((await pollQuiet()).body.data.messages).toEqual([]);
    expect(await statementsDuring(server, pollQuiet)).toBe(0);
    await server.deps.db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'greenpick-listen'`,
    );
    await expect.poll(() => polls.active).toBe(false);
    // A write whose notification is missed (it publishes none): memory would still say 'nothing new'.
    await server.deps.db.query(
      `insert into messages (id, task_id, sender, content) values (gen_random_uuid()::text, $1, 'driver', 'Missed')`,
      [quiet._id],
    );
    const missed = await pollQuiet();
    expect(missed.body.data.messages.map((message: { content: string }) => message.content)).toEqual(['Missed']);
    expect(await statementsDuring(server, pollQuiet)).toBeGreaterThan(0);
    // Listening again, it keeps again.
    await expect.poll(() => polls.active).toBe(true);
    const after = missed.body.data.messages[0].timestamp as string;
    expect((await poll('2099-01-01T00:00:00Z', client, quiet._id)).body.data.messages).toEqual([]);
    expect(await statementsDuring(server, () => poll('2099-01-01T00:00:00Z', client, quiet._id))).toBe(0);
    expect((await poll(after, client, quiet._id)).status).toBe(200);
  });
});
