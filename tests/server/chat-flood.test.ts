import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/contract';
import { CHAT_PAGE_SIZE, CHAT_THREAD_MAX, MAX_LENGTH } from '../../src/shared/limits';
import { publishInvalidation, threadKey } from '../../server/db/poll-cache';
import { createTestServer, type TestServer } from './harness';
import { count, createPaidTask, insertClient, type TestClient } from './task-fixtures';

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await createTestServer({
    limits: { chatPerUser: { limit: 5, windowMs: 60_000 }, chatPerTask: { limit: 3, windowMs: 86_400_000 } },
  });
  client = await insertClient(server);
});
afterAll(() => server.close());

const send = (taskId: string, content: string, who = client) =>
  server.request('POST', '/client/sendingMessages', { token: who.token, body: { taskId, sender: 'user', content } });
const read = (body: object) => server.request('POST', '/client/getMessages', { token: client.token, body });

/** `n` driver messages one second apart from 2030-01-01, numbered from 1, `size` characters each. */
async function fillThread(taskId: string, n: number, size = 10): Promise<void> {
  await server.deps.db.query(
    `insert into messages (id, task_id, sender, content, created_at)
     select gen_random_uuid(), $1, 'driver', lpad(i::text, $3, '.'), timestamptz '2030-01-01T00:00:00Z' + i * interval '1 second'
     from generate_series(1, $2) i`,
    [taskId, n, size],
  );
  await publishInvalidation(server.deps.db, [threadKey(taskId)]);
}
const numbers = (messages: ChatMessage[]) => messages.map((message) => Number(message.content.replaceAll('.', '')));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('getMessages pages a long thread', () => {
  it('answers the newest page, oldest first, and a cursor that walks back to the start', async () => {
    const task = await createPaidTask(server, client);
    await fillThread(task._id, 250);
    const first = await read({ taskId: task._id });
    expect(first.status).toBe(200);
    expect(numbers(first.body.data.messages)).toEqual(range(151, 250));
    expect(first.body.data.olderCursor).toEqual(expect.any(String));
    const second = await read({ taskId: task._id, before: first.body.data.olderCursor });
    expect(numbers(second.body.data.messages)).toEqual(range(51, 150));
    const third = await read({ taskId: task._id, before: second.body.data.olderCursor });
    expect(numbers(third.body.data.messages)).toEqual(range(1, 50));
    expect(third.body.data.olderCursor).toBeNull();
  });

  it('a short thread has no cursor; an unknown or foreign cursor answers an empty page', async () => {
    const task = await createPaidTask(server, client);
    const other = await createPaidTask(server, client);
    await fillThread(task._id, 3);
    await fillThread(other._id, 3);
    const page = await read({ taskId: task._id });
    expect(numbers(page.body.data.messages)).toEqual([1, 2, 3]);
    expect(page.body.data.olderCursor).toBeNull();
    const foreign = (await read({ taskId: other._id })).body.data.messages[2]._id;
    expect((await read({ taskId: task._id, before: foreign })).body.data).toEqual({ messages: [], olderCursor: null });
    expect((await read({ taskId: task._id, before: 'no-such-message' })).body.data.messages).toEqual([]);
  });

  it('with since, the oldest page after it, so a poll that gets a full page continues without a gap', async () => {
    const task = await createPaidTask(server, client);
    await fillThread(task._id, 150);
    const seen: number[] = [];
    let since = '2029-12-31T00:00:00.000Z';
    for (let poll = 0; poll < 3; poll += 1) {
      const page = await read({ taskId: task._id, since });
      expect(page.body.data.messages.length).toBeLessThanOrEqual(CHAT_PAGE_SIZE);
      seen.push(...numbers(page.body.data.messages));
      since = page.body.data.messages.at(-1)?.timestamp ?? since;
    }
    expect(seen).toEqual(range(1, 150));
  });

  it('the bytes of one response are bounded however long the thread', async () => {
    const task = await createPaidTask(server, client);
    await fillThread(task._id, 400, MAX_LENGTH.chat);
    const response = await read({ taskId: task._id });
    expect(response.body.data.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(Number(response.headers.get('Content-Length'))).toBeLessThan(CHAT_PAGE_SIZE * (MAX_LENGTH.chat + 300));
  });

  it('400 for a cursor too long', async () => {
    const task = await createPaidTask(server, client);
    const response = await read({ taskId: task._id, before: 'x'.repeat(MAX_LENGTH.id + 1) });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/before/);
  });
});

describe('sending is limited', () => {
  it('per user per minute, whatever the task: the one over is 429 with a clear message and is not stored', async () => {
    const sender = await insertClient(server);
    const first = await createPaidTask(server, sender);
    const second = await createPaidTask(server, sender);
    for (let i = 0; i < 3; i += 1) expect((await send(first._id, `a${i}`, sender)).status).toBe(201);
    for (let i = 0; i < 2; i += 1) expect((await send(second._id, `b${i}`, sender)).status).toBe(201);
    const refused = await send(second._id, 'one too many', sender);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many messages. Please wait a moment and try again.');
    expect(await count(server, 'select 1 from messages where task_id = $1', [second._id])).toBe(2);
  });

  it("per task per day: a busy thread is refused while the same client's other task is not", async () => {
    const sender = await insertClient(server);
    const busy = await createPaidTask(server, sender);
    const quiet = await createPaidTask(server, sender);
    for (let i = 0; i < 3; i += 1) expect((await send(busy._id, `m${i}`, sender)).status).toBe(201);
    expect((await send(busy._id, 'again', sender)).status).toBe(429);
    expect((await send(quiet._id, 'hello', sender)).status).toBe(201);
    expect(await count(server, 'select 1 from messages where task_id = $1', [busy._id])).toBe(3);
  });

  it('a full thread takes no more messages (429), and what it holds is kept', async () => {
    const sender = await insertClient(server);
    const task = await createPaidTask(server, sender);
    await fillThread(task._id, CHAT_THREAD_MAX);
    const refused = await send(task._id, 'still there?', sender);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('This chat is full. Please call the driver instead.');
    expect(await count(server, 'select 1 from messages where task_id = $1', [task._id])).toBe(CHAT_THREAD_MAX);
  });
});
