import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/ops/cli';
import { createTestServer, type TestServer } from './harness';
import { insertClient, insertDriver, insertTask } from './ops-fixtures';

const OPS_TOKEN = 'test-ops-token-driver-message';
const auth = { 'X-Ops-Token': OPS_TOKEN };
const YABA = { lat: 6.5158, lng: 3.3782 };
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
});
afterAll(() => server.close());

const db = () => server.deps.db;

async function assignedTask(status: 'driver-assigned' | 'on-going' | 'pending' = 'driver-assigned') {
  const client = await insertClient(db());
  const driverId = status === 'pending' ? null : await insertDriver(db(), YABA);
  const taskId = await insertTask(db(), client, { status, driverId });
  return { client, taskId, token: await server.deps.tokens.sign(client) };
}

describe("POST /ops/tasks/:id/messages (the driver's side of the chat)", () => {
  it("stores a message from the task's driver that the client then reads with getMessages (also with since)", async () => {
    const { taskId, token } = await assignedTask();
    const before = await server.request('POST', '/client/getMessages', { token, body: { taskId } });
    expect(before.body.data.messages).toEqual([]);

    const posted = await server.request('POST', `/ops/tasks/${taskId}/messages`, {
      headers: auth,
      body: { content: '  I am at the gate.  ' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ taskId, sender: 'driver', content: 'I am at the gate.', clientId: null });

    const read = await server.request('POST', '/client/getMessages', { token, body: { taskId } });
    expect(read.body.data.messages).toEqual([posted.body.data]);
    const since = await server.request('POST', '/client/getMessages', {
      token,
      body: { taskId, since: new Date(Date.parse(posted.body.data.timestamp) - 1).toISOString() },
    });
    expect(since.body.data.messages.map((message: { _id: string }) => message._id)).toEqual([posted.body.data._id]);
  });

  it('needs the ops token', async () => {
    const { taskId } = await assignedTask();
    expect((await server.request('POST', `/ops/tasks/${taskId}/messages`, { body: { content: 'Hi' } })).status).toBe(
      401,
    );
  });

  it('refuses an empty message (400), an unknown task (404) and a task without a driver (400)', async () => {
    const { taskId } = await assignedTask();
    const empty = await server.request('POST', `/ops/tasks/${taskId}/messages`, {
      headers: auth,
      body: { content: '   ' },
    });
    expect(empty).toMatchObject({ status: 400, body: { message: expect.stringMatching(/empty/) } });
    const missing = await server.request('POST', `/ops/tasks/${taskId}/messages`, { headers: auth, body: {} });
    expect(missing).toMatchObject({ status: 400, body: { message: expect.stringMatching(/content is required/) } });
    const unknown = await server.request('POST', '/ops/tasks/00000000-0000-0000-0000-000000000000/messages', {
      headers: auth,
      body: { content: 'Hi' },
    });
    expect(unknown.status).toBe(404);
    const pending = await assignedTask('pending');
    const noDriver = await server.request('POST', `/ops/tasks/${pending.taskId}/messages`, {
      headers: auth,
      body: { content: 'Hi' },
    });
    expect(noDriver).toMatchObject({ status: 400, body: { message: expect.stringMatching(/no driver/) } });
  });

  it('is the CLI command `say <taskId> <message>` (on the database when no server runs)', async () => {
    const { taskId, token } = await assignedTask('on-going');
    const out: string[] = [];
    const code = await runCli(['say', taskId, 'Five minutes away'], {
      env: { PORT: '1', HOST: '127.0.0.1', DATA_DIR: 'memory://' },
      out: (text) => out.push(text),
      err: () => undefined,
      openDatabase: async () => ({ db: db(), close: async () => undefined }),
      fetchImpl: async () =>
        Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })),
    });
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(/said: Five minutes away/);
    const read = await server.request('POST', '/client/getMessages', { token, body: { taskId } });
    expect(
      read.body.data.messages.map((message: { content: string; sender: string }) => [message.sender, message.content]),
    ).toEqual([['driver', 'Five minutes away']]);
  });
});
