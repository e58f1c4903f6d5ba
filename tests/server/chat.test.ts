import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Task } from '../../src/shared/contract';
import { publishInvalidation, sessionKey, threadKey } from '../../server/db/poll-cache';
import { createTestServer, type TestServer } from './harness';
import { count, createPaidTask, insertClient, type TestClient } from './task-fixtures';

let server: TestServer;
let client: TestClient;
let other: TestClient;
let task: Task;
let othersTask: Task;

beforeAll(async () => {
  // Generous send limits: this file sends far more than a person would (chat-flood.test.ts tests the limits).
  server = await createTestServer({ limits: { chatPerUser: { limit: 10_000, windowMs: 60_000 } } });
  client = await insertClient(server);
  other = await insertClient(server);
  task = await createPaidTask(server, client);
  othersTask = await createPaidTask(server, other);
});
afterAll(() => server.close());

const send = (body: object, who = client) =>
  server.request('POST', '/client/sendingMessages', {
    token: who.token,
    body: { taskId: task._id, sender: 'user', ...body },
  });
const read = (body: object, who = client) =>
  server.request('POST', '/client/getMessages', { token: who.token, body: { taskId: task._id, ...body } });
const messagesOf = (taskId: string) => count(server, 'select 1 from messages where task_id = $1', [taskId]);

/** A driver's message at an exact (microsecond) time, as the ops side would store it. */
async function driverSays(taskId: string, content: string, at: string): Promise<string> {
  const id = randomUUID();
  await server.deps.db.query(
    "insert into messages (id, task_id, sender, content, created_at) values ($1, $2, 'driver', $3, $4)",
    [id, taskId, content, at],
  );
  await publishInvalidation(server.deps.db, [threadKey(taskId)]);
  return id;
}

describe('POST /client/sendingMessages', () => {
  it('answers 201 { data: ChatMessage } with the content trimmed', async () => {
    const response = await send({ content: '  I am at the gate  ', clientId: 'c-1' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      data: {
        _id: expect.any(String),
        taskId: task._id,
        sender: 'user',
        content: 'I am at the gate',
        timestamp: expect.stringMatching(/\.\d{3}Z$/),
        clientId: 'c-1',
        senderName: null,
      },
    });
  });

  it('a repeated clientId for the same task returns the existing message (200), not a second one', async () => {
    const first = await send({ content: 'Once only', clientId: 'c-2' });
    const replay = await send({ content: 'Once only', clientId: 'c-2' });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await count(server, "select 1 from messages where client_id = 'c-2'")).toBe(1);
  });

  it('concurrent duplicates of one clientId are delivered exactly once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send({ content: 'Replayed offline', clientId: 'c-3' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.data._id)).size).toBe(1);
    expect(await count(server, "select 1 from messages where client_id = 'c-3'")).toBe(1);
  });

  it('the same clientId on another task, or no clientId at all, is a new message each time', async () => {
    const second = await createPaidTask(server, client);
    expect((await send({ content: 'Hello', clientId: 'c-4' })).status).toBe(201);
    expect((await send({ taskId: second._id, content: 'Hello', clientId: 'c-4' })).status).toBe(201);
    const before = await messagesOf(task._id);
    expect((await send({ content: 'No id' })).status).toBe(201);
    expect((await send({ content: 'No id' })).status).toBe(201);
    expect(await messagesOf(task._id)).toBe(before + 2);
  });

  it('messages can be sent on a task of any status', async () => {
    const done = await createPaidTask(server, client);
    await server.deps.db.query("update tasks set status = 'completed' where id = $1", [done._id]);
    expect((await send({ taskId: done._id, content: 'Thanks!' })).status).toBe(201);
  });

  it('a client cannot speak as the driver (403), and nothing is written', async () => {
    const before = await messagesOf(task._id);
    const response = await send({ sender: 'driver', content: 'I have arrived' });
    expect(response.status).toBe(403);
    expect(response.body.message).toEqual(expect.any(String));
    expect(await messagesOf(task._id)).toBe(before);
  });

  it.each([
    ['an empty message', { content: '' }],
    ['a whitespace-only message', { content: ' \n\t ' }],
    ['a message over 2000 characters', { content: 'x'.repeat(2001) }],
    ['a missing content', { content: undefined }],
    ['an unknown sender', { sender: 'admin', content: 'hi' }],
    ['a clientId over 100 characters', { content: 'hi', clientId: 'c'.repeat(101) }],
    ['a numeric taskId', { taskId: 7, content: 'hi' }],
  ])('400 with a message for %s', async (_case, body) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('2000 characters are accepted', async () => {
    expect((await send({ content: 'y'.repeat(2000) })).status).toBe(201);
  });

  it("401 without a token; 403 on another client's task; 404 on an unknown task; 400 for malformed JSON", async () => {
    expect(
      (
        await server.request('POST', '/client/sendingMessages', {
          body: { taskId: task._id, sender: 'user', content: 'hi' },
        })
      ).status,
    ).toBe(401);
    const before = await messagesOf(othersTask._id);
    expect((await send({ taskId: othersTask._id, content: 'hi' })).status).toBe(403);
    expect(await messagesOf(othersTask._id)).toBe(before);
    const unknown = await send({ taskId: 'no-such-task', content: 'hi' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toEqual(expect.any(String));
    expect(
      (await server.request('POST', '/client/sendingMessages', { token: client.token, rawBody: '{"taskId"' })).status,
    ).toBe(400);
  });
});

describe('POST /client/getMessages', () => {
  it("answers { data: { messages: ChatMessage[] } }, oldest first, with the driver's messages too", async () => {
    const chat = await createPaidTask(server, client);
    await send({ taskId: chat._id, content: 'Where are you?' });
    const driverMessage = await driverSays(chat._id, 'Five minutes away', new Date(Date.now() + 1000).toISOString());
    const response = await read({ taskId: chat._id });
    expect(response.status).toBe(200);
    expect(response.body.data.messages.map((message: ChatMessage) => [message.sender, message.content])).toEqual([
      ['user', 'Where are you?'],
      ['driver', 'Five minutes away'],
    ]);
    expect(response.body.data.messages[1]).toEqual({
      _id: driverMessage,
      taskId: chat._id,
      sender: 'driver',
      content: 'Five minutes away',
      timestamp: expect.any(String),
      clientId: null,
      senderName: null,
    });
  });

  it('with since, only messages created strictly after it', async () => {
    const chat = await createPaidTask(server, client);
    await driverSays(chat._id, 'before', '2030-05-05T10:00:00.000Z');
    await driverSays(chat._id, 'at', '2030-05-05T10:00:01.000Z');
    await driverSays(chat._id, 'after', '2030-05-05T10:00:02.000Z');
    const response = await read({ taskId: chat._id, since: '2030-05-05T10:00:01.000Z' });
    expect(response.body.data.messages.map((message: ChatMessage) => message.content)).toEqual(['after']);
    const withOffset = await read({ taskId: chat._id, since: '2030-05-05T11:00:00.500+01:00' });
    expect(withOffset.body.data.messages.map((message: ChatMessage) => message.content)).toEqual(['at', 'after']);
  });

  it('no message is ever missed although the DB keeps microseconds and the API shows milliseconds', async () => {
    const chat = await createPaidTask(server, client);
    await driverSays(chat._id, 'earlier', '2030-05-05T10:00:00.122500Z');
    await driverSays(chat._id, 'seen', '2030-05-05T10:00:00.123900Z');
    const seen = (await read({ taskId: chat._id })).body.data.messages.at(-1);
    // Truncated, never rounded up: rounding would put `since` after a later message of the same millisecond.
    expect(seen.timestamp).toBe('2030-05-05T10:00:00.123Z');

    await driverSays(chat._id, 'same millisecond, later', '2030-05-05T10:00:00.123950Z');
    const next = await read({ taskId: chat._id, since: seen.timestamp });
    const contents = next.body.data.messages.map((message: ChatMessage) => message.content);
    expect(contents).toContain('same millisecond, later');
    expect(contents).not.toContain('earlier');
  });

  it('polling with since = the newest timestamp seen collects every message sent in a burst', async () => {
    const chat = await createPaidTask(server, client);
    const received = new Map<string, ChatMessage>();
    let since: string | undefined;
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([
        send({ taskId: chat._id, content: `a${round}` }),
        send({ taskId: chat._id, content: `b${round}` }),
      ]);
      const response = await read({ taskId: chat._id, ...(since ? { since } : {}) });
      for (const message of response.body.data.messages as ChatMessage[]) received.set(message._id, message);
      since = [...received.values()]
        .map((message) => message.timestamp)
        .sort()
        .at(-1);
    }
    expect(received.size).toBe(20);
    expect(await messagesOf(chat._id)).toBe(20);
  });

  it('a session ended while a chat is polled answers 401 at the next poll, although the token was checked before', async () => {
    const polling = await insertClient(server);
    const chat = await createPaidTask(server, polling);
    await send({ taskId: chat._id, content: 'Are you near?' }, polling);
    // Polled twice: the token's signature has been checked and remembered.
    for (let poll = 0; poll < 2; poll += 1)
      expect((await read({ taskId: chat._id }, polling)).body.data.messages).toHaveLength(1);

    expect((await server.request('POST', '/client/logoutAll', { token: polling.token, body: {} })).status).toBe(200);
    const ended = await read({ taskId: chat._id }, polling);
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({ message: 'Your session has expired. Please log in again.' });
    // An ended session is told first, before a bad body or an unknown task; nothing is answered.
    expect((await read({ taskId: chat._id, since: 'yesterday' }, polling)).status).toBe(401);
    expect((await read({ taskId: 'no-such-task' }, polling)).status).toBe(401);
    expect((await read({ taskId: othersTask._id }, polling)).status).toBe(401);
  });

  it("a deleted user's token answers 401, not 404 or 403", async () => {
    const leaving = await insertClient(server);
    expect((await read({ taskId: 'no-such-task' }, leaving)).status).toBe(404);
    // A poll answered from memory keeps the session's version, which the deletion must end too.
    expect((await read({ taskId: othersTask._id, since: '2020-01-01T00:00:00Z' }, leaving)).status).toBe(403);
    await server.deps.db.query('delete from users where id = $1', [leaving.id]);
    // Deleting an account ends its sessions like any other way (server/db/poll-cache.ts).
    await publishInvalidation(server.deps.db, [sessionKey(leaving.id)]);
    const response = await read({ taskId: 'no-such-task' }, leaving);
    expect(response.status).toBe(401);
    expect((await read({ taskId: othersTask._id }, leaving)).status).toBe(401);
    expect((await read({ taskId: othersTask._id, since: '2020-01-01T00:00:00Z' }, leaving)).status).toBe(401);
  });

  it('an empty poll is a short uncompressed JSON response that states its length', async () => {
    const response = await server.request('POST', '/client/getMessages', {
      token: client.token,
      body: { taskId: task._id, since: '2099-01-01T00:00:00.000Z' },
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { messages: [], olderCursor: null } });
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Content-Length')).toBe(String(JSON.stringify(response.body).length));
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it("400 for an invalid since; 401 without a token; 403 on another client's task; 404 on an unknown task", async () => {
    for (const since of ['yesterday', '2030-13-45T99:00:00Z', 12]) {
      const response = await read({ since });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await server.request('POST', '/client/getMessages', { body: { taskId: task._id } })).status).toBe(401);
    expect((await read({ taskId: othersTask._id })).status).toBe(403);
    expect((await read({ taskId: 'no-such-task' })).status).toBe(404);
    expect((await read({ taskId: undefined })).status).toBe(400);
  });
});
