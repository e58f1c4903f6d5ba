/**
 * Chats end (issue 62, item 4): 24 hours after a task is completed or cancelled, the client's
 * and the driver's sends answer 403 'This chat has ended: contact support'; reading stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryVerdict } from '../../src/shared/call-failure';
import { CHAT_ENDED } from '../../src/shared/limits';
import { createTestServer, type TestServer } from './harness';
import { insertDriver, insertTask } from './ops-fixtures';

let clock = new Date();
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
});
afterAll(() => server.close());

const HOUR = 3_600_000;

async function setting(status: 'completed' | 'cancelled') {
  const db = server.deps.db;
  const client = await server.createClient();
  const driverId = await insertDriver(db, { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
  await db.query('update drivers set must_change_password = false where id = $1', [driverId]);
  const taskId = await insertTask(db, client.id, { status: 'on-going', driverId });
  const driverToken = await server.deps.tokens.sign(driverId, 0, 'driver');
  let sent = 0;
  const next = () => {
    sent += 1;
    return sent;
  };
  const clientSends = () =>
    server.request('POST', '/client/sendingMessages', {
      token: client.token,
      body: { taskId, sender: 'user', content: 'Thank you', clientId: `u-${next()}` },
    });
  const driverSends = () =>
    server.request('POST', '/driver/sendingMessages', {
      token: driverToken,
      body: { taskId, content: 'You are welcome', clientId: `d-${next()}` },
    });
  const reads = async () => [
    (await server.request('POST', '/client/getMessages', { token: client.token, body: { taskId } })).status,
    (await server.request('POST', '/driver/getMessages', { token: driverToken, body: { taskId } })).status,
  ];
  // The task ends now: its status and the status event, as every canceller and completer writes them.
  await db.query(
    `update tasks set status = $2, completed_at = case when $2 = 'completed' then $3::timestamptz end where id = $1`,
    [taskId, status, clock],
  );
  await db.query(
    `insert into task_events (user_id, task_id, kind, status, created_at) values ($1, $2, 'status', $3, $4)`,
    [client.id, taskId, status, clock],
  );
  return { clientSends, driverSends, reads, taskId, driverToken };
}

describe('a chat after its task', () => {
  for (const status of ['completed', 'cancelled'] as const)
    it(`${status}: both sides may still write for 24 hours, then get 403 '${CHAT_ENDED}'; reading stays`, async () => {
      clock = new Date();
      const chat = await setting(status);
      clock = new Date(clock.getTime() + 23 * HOUR);
      expect((await chat.clientSends()).status).toBe(201);
      expect((await chat.driverSends()).status).toBe(201);

      clock = new Date(clock.getTime() + HOUR);
      for (const answer of [await chat.clientSends(), await chat.driverSends()]) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: 'This chat has ended: contact support' });
      }
      expect(await chat.reads()).toEqual([200, 200]);
      const thread = await server.request('POST', '/driver/getMessages', {
        token: chat.driverToken,
        body: { taskId: chat.taskId },
      });
      expect(thread.body.data.messages).toHaveLength(2);
    });

  it("the apps take the ended chat's 403 as final: the client's outbox does not send it again", () => {
    const ended = { kind: 'http' as const, status: 403, body: { message: CHAT_ENDED }, message: CHAT_ENDED };
    expect(retryVerdict(ended, 'own')).toBe('final');
    expect(retryVerdict(ended, 'session')).toBe('final');
    expect(retryVerdict({ ...ended, message: 'You do not have access to this resource' }, 'session')).toBe('retry');
  });
});
