/**
 * Two API instances started at the same moment on one empty PostgreSQL, as behind a load
 * balancer: both come up (migrations under an advisory lock), and everything a client does
 * holds across them. Only with a PostgreSQL server (`npm run test:server:pg`): PGlite is one
 * process's database, so there is nothing to share.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index';
import { startFakePaystack, type FakePaystack, paidNow } from './fake-paystack';
import { uniquePhone } from './harness';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

const OPS_TOKEN = 'two-instances-ops-token';
let database: TestDatabase;
let fake: FakePaystack;
let a: RunningServer;
let b: RunningServer;

async function call(
  server: RunningServer,
  path: string,
  body: unknown,
  token?: string,
  // biome-ignore lint/suspicious/noExplicitAny: a JSON response or a database row, read loosely; the assertions check its fields.
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function signUp(server: RunningServer, tag: string) {
  const email = `${tag}-${Date.now()}@example.ng`;
  const password = 'correct-horse-1';
  const signup = await call(server, '/client/signup', {
    firstname: 'Ada',
    lastname: 'Obi',
    phonenumber: uniquePhone(),
    email,
    password,
  });
  expect(signup.status).toBe(201);
  return { id: signup.body.data.userId as string, email, password };
}

describe.runIf(TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    [database, fake] = await Promise.all([createTestDatabase(), startFakePaystack()]);
    // What N instances share: the database, the token key, the Paystack and ops settings.
    const env = {
      DATABASE_URL: database.databaseUrl,
      JWT_SECRET: 'two-instances-secret-two-instances-secret',
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_API_URL: fake.url,
      OPS_TOKEN,
    };
    const options = {
      env,
      port: 0,
      dataDir: 'memory://',
      log: false,
      distDir: resolve(import.meta.dirname, 'no-such-dist'),
    };
    // The same moment, on an empty database.
    [a, b] = await Promise.all([startServer(options), startServer(options)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fake?.close();
    await database?.drop();
  });

  it('both come up and are ready; every migration was applied once', async () => {
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    }
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; times: string }>(
        'select name, count(*) as times from schema_migrations group by name',
      );
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.every((row) => Number(row.times) === 1)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('a token from one is accepted by the other', async () => {
    const user = await signUp(a, 'token');
    const token = (await call(a, '/client/login', { email: user.email, password: user.password })).body.data as string;
    const data = await call(b, '/client/userdata', {}, token);
    expect(data.status).toBe(200);
    expect(data.body.data).toMatchObject({ _id: user.id, email: user.email });
  });

  // The limits live in the database, so both instances count in one bucket.
  it('24 wrong logins for one e-mail, alternating between them, are limited as one (10 tried, 14 refused)', async () => {
    const user = await signUp(a, 'limit');
    const answers = [];
    for (let attempt = 0; attempt < 24; attempt += 1) {
      answers.push(
        (await call(attempt % 2 === 0 ? a : b, '/client/login', { email: user.email, password: `wrong-${attempt}` }))
          .status,
      );
    }
    expect(answers.filter((status) => status === 401)).toHaveLength(10);
    expect(answers.filter((status) => status === 429)).toHaveLength(14);
  });

  it("12 concurrent recovery requests from an address the account never signed in from, spread over both: exactly the day's 6 are sent", async () => {
    const user = await signUp(a, 'recovery');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => call(index % 2 === 0 ? a : b, '/client/forgot', { email: user.email })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(6);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ hits: number }>('select hits from rate_limits where key = $1', [
        `recovery:account:${user.email}`,
      ]);
      expect(rows.map((row) => Number(row.hits))).toEqual([6]);
    } finally {
      await client.end();
    }
  });

  it('16 concurrent creations with one paid reference, spread over both, make exactly one task', async () => {
    const user = await signUp(a, 'race');
    const token = (await call(b, '/client/login', { email: user.email, password: user.password })).body.data as string;
    const reference = `race-${Date.now()}`;
    fake.charge({ reference, status: 'success', amount: 150_000, email: user.email, paidAt: paidNow() });
    const body = {
      address: '12 Admiralty Way, Lekki, Lagos',
      location: { type: 'Point', coordinates: [3.4723, 6.4474] },
      amount: 1500,
      unit: 'per pickup',
      user: user.id,
      reference,
      type: 'household',
      serviceName: 'Household Waste Pickup',
    };
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => call(index % 2 === 0 ? a : b, '/client/create', body, token)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(15).fill(200), 201]);
    expect(new Set(answers.map((answer) => answer.body.data._id)).size).toBe(1);
    const tasks = await call(a, '/client/task', { userId: user.id }, token);
    expect(tasks.body.data.filter((task: { reference: string }) => task.reference === reference)).toHaveLength(1);
  });

  it('10 covered bookings at once, spread over both, with 3 pickups left in the plan: exactly 3 tasks', async () => {
    const user = await signUp(a, 'covered');
    const token = (await call(b, '/client/login', { email: user.email, password: user.password })).body.data as string;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    try {
      // Bronze (20 household pickups a month), 17 of them used this plan month.
      await admin.query(
        `update users set subscription_plan = 'bronze', subscription_started_at = now() - interval '1 day',
                subscription_expires_at = now() + interval '20 days' where id = $1`,
        [user.id],
      );
    } finally {
      await admin.end();
    }
    let counter = 0;
    const booking = () => {
      counter += 1;
      return {
        address: '12 Admiralty Way, Lekki, Lagos',
        location: { type: 'Point', coordinates: [3.4723, 6.4474] },
        amount: 1500,
        unit: 'per pickup',
        user: user.id,
        reference: `covered-${Date.now()}-${counter}`,
        type: 'household',
        serviceName: 'Household Waste Pickup',
        coveredQuantity: 1,
      };
    };
    for (let index = 0; index < 17; index += 1)
      expect((await call(index % 2 === 0 ? a : b, '/client/create', booking(), token)).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => call(index % 2 === 0 ? a : b, '/client/create', booking(), token)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    const plan = await call(a, '/client/plan', {}, token);
    expect(plan.body.data.allowance[0]).toMatchObject({ service: 'household', used: 20, left: 0 });
  });

  it('one chat clientId sent to both is stored once', async () => {
    const user = await signUp(b, 'chat');
    const token = (await call(a, '/client/login', { email: user.email, password: user.password })).body.data as string;
    const reference = `chat-${Date.now()}`;
    fake.charge({ reference, status: 'success', amount: 150_000, email: user.email, paidAt: paidNow() });
    const created = await call(
      a,
      '/client/create',
      {
        address: 'Yaba, Lagos',
        location: { type: 'Point', coordinates: [3.38, 6.51] },
        amount: 1500,
        unit: 'per pickup',
        user: user.id,
        reference,
        type: 'household',
        serviceName: 'Household Waste Pickup',
      },
      token,
    );
    expect(created.status).toBe(201);
    const message = {
      taskId: created.body.data._id,
      sender: 'user',
      content: 'Please ring the bell',
      clientId: `client-${Date.now()}`,
    };
    const sent = await Promise.all([
      call(a, '/client/sendingMessages', message, token),
      call(b, '/client/sendingMessages', message, token),
    ]);
    expect(sent.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(sent[0]!.body.data.id ?? sent[0]!.body.data._id).toBe(sent[1]!.body.data.id ?? sent[1]!.body.data._id);
    const thread = await call(b, '/client/getMessages', { taskId: created.body.data._id }, token);
    expect(
      thread.body.data.messages.filter((stored: { content: string }) => stored.content === 'Please ring the bell'),
    ).toHaveLength(1);
  });
  // The server is the judge: the client's cancel (a conditional UPDATE) and the operator's
  // 'on-going' (a locked row) on different instances, at the same moment: exactly one wins.
  it("a client's cancel racing the operator's completion on the other instance: exactly one wins, twelve times", async () => {
    const user = await signUp(a, 'cancel-race');
    const token = (await call(b, '/client/login', { email: user.email, password: user.password })).body.data as string;
    const ops = (server: RunningServer, path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Ops-Token': OPS_TOKEN },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const driver = await ops(a, '/ops/drivers', {
      firstname: 'Emeka',
      lastname: 'Nwosu',
      phone: '+2348052140917',
      lat: 6.5,
      lng: 3.37,
    });
    expect(driver.status).toBe(201);
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round += 1) {
      const reference = `cancel-race-${Date.now()}-${round}`;
      fake.charge({
        reference,
        status: 'success',
        amount: 150_000,
        email: user.email,
        paidAt: paidNow(),
      });
      const created = await call(
        a,
        '/client/create',
        {
          address: 'Yaba, Lagos',
          location: { type: 'Point', coordinates: [3.38, 6.51] },
          amount: 1500,
          unit: 'per pickup',
          user: user.id,
          reference,
          type: 'household',
          serviceName: 'Household Waste Pickup',
        },
        token,
      );
      const taskId = created.body.data._id as string;
      expect((await ops(a, `/ops/tasks/${taskId}/assign`, { driverId: driver.body.data.id })).status).toBe(200);
      // Staggered by a few milliseconds either way, so both orders (and true overlaps) occur.
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const lead = [0, 3, 8, 15][round % 4]!;
      const [operator, client] = await Promise.all([
        wait(round % 2 === 0 ? lead : 0).then(() =>
          ops(round % 2 === 0 ? a : b, `/ops/tasks/${taskId}/status`, { status: 'completed' }),
        ),
        wait(round % 2 === 0 ? 0 : lead).then(() =>
          call(round % 2 === 0 ? b : a, '/client/tasks/cancel', { taskId, reason: 'changed-plans' }, token),
        ),
      ]);
      const won = [operator.status === 200, client.status === 200];
      expect(won.filter(Boolean)).toHaveLength(1);
      const final = (await call(b, '/client/task', { userId: user.id }, token)).body.data.find(
        (task: { _id: string }) => task._id === taskId,
      );
      if (client.status === 200) {
        expect(operator.status).toBe(409);
        expect(operator.body.message).toBe('This task is cancelled');
        expect(final).toMatchObject({ status: 'cancelled', refund: { status: 'pending', amount: 1500 } });
        outcomes.push('cancelled');
      } else {
        expect(client.status).toBe(409);
        expect(client.body.message).toBe('This task is already done');
        expect(final).toMatchObject({ status: 'completed', refund: null });
        outcomes.push('completed');
      }
    }
    // Each round had exactly one winner, and each side won some.
    expect(new Set(outcomes)).toEqual(new Set(['cancelled', 'completed']));
  });
});
