/**
 * A database that is gone, frozen or handed a value it cannot hold: the caller gets a 4xx or a
 * 503 with Retry-After, never a 500, and the log gets one line per outage, not one per request.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/connection';
import { openDb } from '../../server/db/connection';
import { databaseErrorKind } from '../../server/http/database-errors';
import { createTestServer, type TestServer } from './harness';
import { captureLog } from './log-capture';
import { silentLogger } from '../../server/log';
import { createPaidTask, insertClient, type TestClient } from './task-fixtures';

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  client = await insertClient(server);
});
afterAll(() => server.close());

/** The test server's database, failing every call with `error` while `down` is set. */
function flakyDb(db: Db, error: () => Error): { db: Db; down: { value: boolean } } {
  const down = { value: false };
  const guard = <T>(call: () => Promise<T>) => (down.value ? Promise.reject(error()) : call());
  return {
    down,
    db: {
      ...db,
      query: (sql, params, options) => guard(() => db.query(sql, params, options)),
      exec: (sql) => guard(() => db.exec(sql)),
      transaction: (work) => guard(() => db.transaction(work)),
    },
  };
}
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('database errors', () => {
  it('classifies data exceptions as bad input and connection failures as unavailable', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(databaseErrorKind(coded('22008'))).toBe('bad-input');
    expect(databaseErrorKind(coded('22P05'))).toBe('bad-input');
    expect(databaseErrorKind(coded('57P01'))).toBe('unavailable');
    expect(databaseErrorKind(coded('08006'))).toBe('unavailable');
    expect(databaseErrorKind(refused())).toBe('unavailable');
    expect(databaseErrorKind(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    expect(databaseErrorKind(new Error('Query read timeout'))).toBe('unavailable');
    expect(databaseErrorKind(coded('23505'))).toBeUndefined();
  });

  it('an outage answers 503 with Retry-After and a clear message, logged once with a count when it ends', async () => {
    const { log, lines } = captureLog();
    const flaky = flakyDb(server.deps.db, refused);
    const app = createApp({ ...server.deps, db: flaky.db, log });
    const userdata = () =>
      app.request('/client/userdata', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.token}` },
        body: '{}',
      });
    flaky.down.value = true;
    const ids: (string | null)[] = [];
    for (let i = 0; i < 25; i += 1) {
      const response = await userdata();
      ids.push(response.headers.get('X-Request-Id'));
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('5');
      expect(await response.json()).toEqual({
        message: 'The service is briefly unavailable. Please try again in a moment.',
      });
    }
    flaky.down.value = false;
    const back = await userdata();
    expect(back.status).toBe(200);
    // Each line names the request it was written during: the first that failed, the first that worked.
    expect(lines.filter((line) => line.module === 'db')).toEqual([
      {
        time: expect.any(String),
        level: 'error',
        module: 'db',
        requestId: ids[0],
        reason: 'connect ECONNREFUSED 127.0.0.1:5432',
        message: 'unavailable: answering 503 until it is back',
      },
      {
        time: expect.any(String),
        level: 'info',
        module: 'db',
        requestId: back.headers.get('X-Request-Id'),
        failedRequests: 25,
        message: 'available again',
      },
    ]);
  });

  it('dates PostgreSQL cannot hold are 400, not 500 (chat since, bell upTo)', async () => {
    const task = await createPaidTask(server, client);
    for (const since of ['0000-01-01T00:00:00Z', '0000-12-31T23:59:59.999Z']) {
      const response = await server.request('POST', '/client/getMessages', {
        token: client.token,
        body: { taskId: task._id, since },
      });
      expect(response.status, since).toBe(400);
      expect(response.body.message).toBe('since must be an ISO date');
    }
    const read = await server.request('POST', '/client/events/read', {
      token: client.token,
      body: { upTo: '0000-01-01T00:00:00Z' },
    });
    expect(read.status).toBe(400);
  });
});

describe('a frozen database server', () => {
  let blackHole: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never answers: what a SIGSTOPped PostgreSQL looks like.
    blackHole = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  it('a connection that never answers fails within the connect time-out instead of hanging', async () => {
    // The black hole never answers: only the connect time-out can end this open (without it the
    // test hangs until its guard below), so no clock is needed to tell a failure from a hang.
    const { port } = blackHole.address() as { port: number };
    const opening = openDb({
      databaseUrl: `postgres://nobody@127.0.0.1:${port}/none`,
      dataDir: 'memory://',
      connectTimeoutMs: 300,
      log: silentLogger(),
    });
    const error = await opening.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(databaseErrorKind(error)).toBe('unavailable');
  });
});
