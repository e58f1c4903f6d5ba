/**
 * Money across two API instances on one PostgreSQL (issue 43), as behind a load balancer: a
 * dispute delivered to both at once is handled exactly once, and the verify limit and the
 * memory of unknown references hold across them. Only with a PostgreSQL server
 * (`npm run test:server:pg`): PGlite is one process's database.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limit';
import { startFakePaystack, type FakePaystack, paidNow } from './fake-paystack';
import { uniquePhone } from './harness';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

const OPS_TOKEN = 'money-two-instances-ops-token';
let database: TestDatabase;
let fake: FakePaystack;
let a: RunningServer;
let b: RunningServer;

async function call(
  server: RunningServer,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: a JSON response, read loosely; the assertions check its fields.
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function signedIn(tag: string) {
  const email = `${tag}-${Date.now()}@example.ng`;
  const password = 'correct-horse-1';
  const signup = await call(a, '/client/signup', {
    firstname: 'Ada',
    lastname: 'Obi',
    phonenumber: uniquePhone(),
    email,
    password,
  });
  expect(signup.status).toBe(201);
  const token = (await call(b, '/client/login', { email, password })).body.data as string;
  return { id: signup.body.data.userId as string, email, token };
}

const booking = (userId: string, reference: string) => ({
  address: '12 Admiralty Way, Lekki, Lagos',
  location: { type: 'Point', coordinates: [3.4723, 6.4474] },
  amount: 1500,
  unit: 'per pickup',
  user: userId,
  reference,
  type: 'household',
  serviceName: 'Household Waste Pickup',
});

describe.runIf(TEST_DATABASE_URL)('money on two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    [database, fake] = await Promise.all([createTestDatabase(), startFakePaystack()]);
    const env = {
      DATABASE_URL: database.databaseUrl,
      JWT_SECRET: 'money-two-instances-secret-money-two',
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
      // Both clients of a test come from 127.0.0.1: only the per-client limit is under test here.
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        signupPerAddress: { limit: 1_000, windowMs: 60_000 },
        verifyPerAddress: { limit: 1_000, windowMs: 60_000 },
      },
    };
    [a, b] = await Promise.all([startServer(options), startServer(options)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await fake?.close();
    await database?.drop();
  });

  it('a dispute delivered to both at once, twice: one entry for the operator, the task reversed once, its cancel refunds nothing', async () => {
    const user = await signedIn('dispute');
    const reference = `dispute-${Date.now()}`;
    fake.charge({ reference, status: 'success', amount: 150_000, email: user.email, paidAt: paidNow() });
    const created = await call(a, '/client/create', booking(user.id, reference), user.token);
    expect(created.status).toBe(201);

    const { body, signature } = fake.webhook({
      event: 'charge.dispute.create',
      data: { id: 7, status: 'awaiting-merchant-feedback', transaction: { reference, amount: 150_000 } },
    });
    const deliveries = await Promise.all(
      [a, b, a, b].map((server) =>
        call(server, '/paystack/webhook', body, undefined, { 'x-paystack-signature': signature }),
      ),
    );
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200]);

    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const attention = await client.query(
        'select reversal, attempts, reason from payments_needing_attention where reference = $1',
        [reference],
      );
      expect(attention.rows).toHaveLength(1);
      expect(attention.rows[0]).toMatchObject({ reversal: 'charge.dispute.create', attempts: 1 });
      expect(attention.rows[0].reason).toMatch(/^Reversed after fulfilment \(charge\.dispute\.create\): task /);
    } finally {
      await client.end();
    }

    const refundsBefore = fake.refunds.length;
    const cancelled = await call(
      b,
      '/client/tasks/cancel',
      { taskId: created.body.data._id, reason: 'changed-plans' },
      user.token,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refund: null, paymentReversed: true });
    expect(fake.refunds.length).toBe(refundsBefore);
  });

  it('made-up references spread over both: 10 verify calls a minute for the client, the rest 429 with Retry-After; an unknown one is asked once', async () => {
    const user = await signedIn('verify');
    const references = Array.from({ length: 20 }, (_, index) => `madeup-${Date.now()}-${index}`);
    const answers = [];
    for (const [index, reference] of references.entries())
      answers.push(await call(index % 2 === 0 ? a : b, '/client/create', booking(user.id, reference), user.token));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(402), ...Array(10).fill(429)]);
    expect(answers.at(-1)!.headers.get('retry-after')).toBe('60');
    expect(references.reduce((sum, reference) => sum + fake.verifyCalls(reference), 0)).toBe(10);
    // The first made-up one again, on the other instance: remembered, not asked again.
    expect((await call(b, '/client/create', booking(user.id, references[0]!), user.token)).status).toBe(402);
    expect(fake.verifyCalls(references[0]!)).toBe(1);
  });
});
