/**
 * What a load balancer and an operator rely on: /healthz and /readyz, an X-Request-Id on
 * every response, and a graceful stop (SIGTERM: no new connections, requests in flight
 * finish within the grace period, the pool closes, exit code 0).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/connection';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stopAccepting } from '../../server/http/graceful-stop';
import { READY_TIMEOUT_MS } from '../../server/http/health.routes';
import { startFakePaystack, type FakePaystack, paidNow } from './fake-paystack';
import { createTestServer, type TestServer } from './harness';
import { captureLog } from './log-capture';
import { PROCESS_TEST_TIMEOUT_MS, untilOutput } from '../support/processes';
import { freePort } from '../../scripts/throwaway-postgres';
import { createTestDatabase, preparedDataDir } from './test-database';

const ROOT = resolve(import.meta.dirname, '../..');
let server: TestServer;
let fake: FakePaystack;

beforeAll(async () => {
  [server, fake] = await Promise.all([createTestServer(), startFakePaystack()]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('health checks', () => {
  it('GET /healthz answers 200 while the process serves; GET /readyz 200 when the database answers (never cached)', async () => {
    const health = await server.request('GET', '/healthz');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(health.headers.get('Cache-Control')).toBe('no-store');
    const ready = await server.request('GET', '/readyz');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect(ready.headers.get('Cache-Control')).toBe('no-store');
  });

  it('GET /readyz answers 503 when the database fails, while /healthz still answers 200', async () => {
    const down: Db = { ...server.deps.db, query: async () => Promise.reject(new Error('connect ECONNREFUSED')) };
    const app = createApp({ ...server.deps, db: down });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', message: 'The database does not answer' });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it(`GET /readyz answers 503 when the database does not answer within ${READY_TIMEOUT_MS} ms`, async () => {
    const hung: Db = { ...server.deps.db, query: () => new Promise(() => undefined) };
    // Fake timers: the clock is moved on by exactly the time-out instead of waited out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answer = createApp({ ...server.deps, db: hung }).request('/readyz');
      await vi.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
      const ready = await answer;
      expect(ready.status).toBe(503);
    } finally {
      vi.useRealTimers();
    }
  });

  it('GET /readyz answers 503 once the server is stopping', async () => {
    const app = createApp(server.deps, { lifecycle: { stopping: true } });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'stopping' });
  });
});

describe('X-Request-Id', () => {
  it('is on every response (success, not found, unauthorised, refused input), and differs per request', async () => {
    const answers = [
      await server.request('GET', '/healthz'),
      await server.request('GET', '/no/such/route'),
      await server.request('POST', '/client/userdata', { body: {} }),
      await server.request('POST', '/client/login', { rawBody: '{' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 401, 400]);
    const ids = answers.map((answer) => answer.headers.get('X-Request-Id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a reverse proxy's id when it is sane, and replaces one that is not", async () => {
    expect(
      (await server.request('GET', '/healthz', { headers: { 'X-Request-Id': 'proxy-abc_123=' } })).headers.get(
        'X-Request-Id',
      ),
    ).toBe('proxy-abc_123=');
    // Too long, or anything but letters, digits, '_', '-' and '=' (Hono's rule): a new id.
    for (const odd of ['x'.repeat(500), 'a b', 'a.b', 'id;drop']) {
      const response = await server.request('GET', '/healthz', { headers: { 'X-Request-Id': odd } });
      expect(response.headers.get('X-Request-Id'), odd).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

/** Signs up and logs in over HTTP; answers the client's id, token and e-mail. */
async function signIn(url: string) {
  const email = `stop-${Date.now()}-${Math.random().toString(36).slice(2)}@example.ng`;
  const password = 'correct-horse-1';
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const signup = (await (
    await post('/client/signup', { firstname: 'Ada', lastname: 'Obi', phonenumber: '+2348012345678', email, password })
  ).json()) as { data: { userId: string } };
  const token = ((await (await post('/client/login', { email, password })).json()) as { data: string }).data;
  return { id: signup.data.userId, token, email, post };
}

const createBody = (id: string, reference: string) => ({
  address: '12 Admiralty Way, Lekki, Lagos',
  location: { type: 'Point', coordinates: [3.4723, 6.4474] },
  amount: 1500,
  unit: 'per pickup',
  user: id,
  reference,
  type: 'household',
  serviceName: 'Household Waste Pickup',
});

describe('a graceful stop', () => {
  it(
    'SIGTERM: new connections are refused, the request in flight finishes (201), the process exits 0',
    async () => {
      const port = await freePort();
      const database = await createTestDatabase();
      const prepared = database.databaseUrl ? undefined : preparedDataDir();
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        DATA_DIR: prepared?.dir ?? 'memory://',
        PORT: String(port),
        PAYSTACK_SECRET_KEY: fake.secretKey,
        PAYSTACK_API_URL: fake.url,
        JWT_SECRET: 'stop-test-secret-stop-test-secret-1234',
      };
      if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env });
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
      try {
        await untilOutput(child, /listening on/);
        const url = `http://127.0.0.1:${port}`;
        const client = await signIn(url);
        const reference = `stop-${Date.now()}`;
        fake.charge({
          reference,
          status: 'success',
          amount: 150_000,
          email: client.email,
          paidAt: paidNow(),
        });
        // The verify call waits until the stop has begun: the request is surely in flight then.
        let release!: () => void;
        fake.held = new Promise<void>((resolve) => (release = resolve));
        const inFlight = client.post('/client/create', createBody(client.id, reference), client.token);
        await fake.verifyArrived(reference);
        const stopping = untilOutput(child, /shutting down/);
        child.kill('SIGTERM');
        await stopping;
        await expect(fetch(`${url}/healthz`)).rejects.toThrow();
        release();
        const answer = await inFlight;
        expect(answer.status).toBe(201);
        expect(((await answer.json()) as { data: { reference: string } }).data.reference).toBe(reference);
        expect(await exited).toBe(0);
      } finally {
        fake.held = undefined;
        child.kill('SIGKILL');
        prepared?.remove();
        await database.drop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('a request still running after the grace period is cut off, a quick one finishes, and the stop completes', async () => {
    // A server whose /slow never answers and whose /quick answers 100 ms after the stop began.
    let stopBegan!: () => void;
    const stopping = new Promise<void>((resolve) => (stopBegan = resolve));
    let arrived = 0;
    let bothArrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (bothArrived = resolve));
    const http = createHttpServer((request, response) => {
      if (request.url === '/quick') void stopping.then(() => setTimeout(() => response.end('done'), 100));
      arrived += 1;
      if (arrived === 2) bothArrived();
    });
    await new Promise<void>((ready) => http.listen(0, '127.0.0.1', ready));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    const slow = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'cut off',
    );
    const quick = fetch(`${url}/quick`).then((response) => response.text());
    await inFlight;
    const { log, lines } = captureLog();
    const stop = stopAccepting(http, 300, log);
    stopBegan();
    await stop;
    expect(await quick).toBe('done');
    expect(await slow).toBe('cut off');
    expect(lines).toEqual([
      {
        time: expect.any(String),
        level: 'warn',
        module: 'server',
        graceMs: 300,
        message: 'requests still running: closing their connections',
      },
    ]);
    expect(http.listening).toBe(false);
  });
});
