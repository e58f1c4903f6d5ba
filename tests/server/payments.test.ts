import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createPaystackVerifier, type PaymentVerifier } from '../../server/payments/verifier';
import { createTestServer, type TestServer } from './harness';
import { barrierVerifier, count, insertClient, payReference, taskBody, withVerifier, type TestClient } from './task-fixtures';

let server: TestServer;
let client: TestClient;
let other: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  client = await insertClient(server);
  other = await insertClient(server);
});
afterAll(() => server.close());

const create = (who: TestClient, body: object) => server.request('POST', '/client/create', { token: who.token, body });

describe('POST /client/create: the payment behind the task', () => {
  it("402 'Payment could not be verified' for a reference nobody paid, and no task is written", async () => {
    const body = taskBody(client);
    const response = await create(client, body);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ message: 'Payment could not be verified' });
    expect(await count(server, 'select 1 from tasks where reference = $1', [body.reference])).toBe(0);
    expect(await count(server, 'select 1 from payment_uses where reference = $1', [body.reference])).toBe(0);
  });

  it("400 'Payment amount does not match the price of this service' when less (or more) was paid", async () => {
    for (const paid of [1000, 2000]) {
      const body = taskBody(client);
      await payReference(server, client, paid, body.reference);
      const response = await create(client, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Payment amount does not match the price of this service' });
    }
  });

  it('a payment in another currency is refused even for the right amount', async () => {
    const body = taskBody(client);
    const dollars: PaymentVerifier = { kind: 'paystack', verify: async (reference) => ({ reference, amountKobo: 150_000, currency: 'USD', email: '' }) };
    const response = await withVerifier(server, dollars, () => create(client, body));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Payment amount does not match the price of this service' });
  });

  it('a payment provider that cannot be reached is a retryable 502 with a message, not a 402', async () => {
    const down: PaymentVerifier = { kind: 'paystack', verify: async () => { throw new Error('ECONNRESET'); } };
    const response = await withVerifier(server, down, () => create(client, taskBody(client)));
    expect(response.status).toBe(502);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('is idempotent by reference: a replay answers 200 with the same task, never a second one', async () => {
    const body = taskBody(client);
    await payReference(server, client, 1500, body.reference);
    const first = await create(client, body);
    const replay = await create(client, body);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await count(server, 'select 1 from tasks where reference = $1', [body.reference])).toBe(1);
    const [use] = await server.deps.db.query<{ purpose: string; user_id: string; amount_kobo: string }>('select * from payment_uses where reference = $1', [body.reference]);
    expect({ ...use, amount_kobo: Number(use.amount_kobo) }).toMatchObject({ purpose: 'task', user_id: client.id, amount_kobo: 150_000 });
  });

  it('concurrent creates with one reference give one task (one 201, the others 200, same _id)', async () => {
    const body = taskBody(client);
    await payReference(server, client, 1500, body.reference);
    const race = barrierVerifier(server, 3);
    const answers = await withVerifier(server, race, () => Promise.all([create(client, body), create(client, body), create(client, body)]));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.data._id)).size).toBe(1);
    expect(await count(server, 'select 1 from tasks where reference = $1', [body.reference])).toBe(1);
  });

  it("409 'This payment reference has already been used' when another user replays someone's reference", async () => {
    const body = taskBody(client);
    await payReference(server, client, 1500, body.reference);
    expect((await create(client, body)).status).toBe(201);
    const response = await create(other, { ...body, user: other.id });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'This payment reference has already been used' });
  });
});


describe('POST /dev/payments: the local test ledger', () => {
  it("answers 201 { data: { reference, amount, status: 'success' } } and the ledger then verifies the reference", async () => {
    const reference = `T${Date.now()}`;
    const response = await server.request('POST', '/dev/payments', { token: client.token, body: { reference, amount: 150_000, email: client.email } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ data: { reference, amount: 150_000, status: 'success' } });
    const [row] = await server.deps.db.query<{ user_id: string; amount_kobo: string }>('select user_id, amount_kobo from test_payments where reference = $1', [reference]);
    expect({ userId: row.user_id, kobo: Number(row.amount_kobo) }).toEqual({ userId: client.id, kobo: 150_000 });
    expect(await server.deps.payments.verify(reference)).toEqual({ reference, amountKobo: 150_000, currency: 'NGN', email: client.email });
    expect(await server.deps.payments.verify(`${reference}-unknown`)).toBeNull();
  });

  it('the same reference recorded twice is a 409, and the first amount stays', async () => {
    const reference = await payReference(server, client, 1500);
    const again = await server.request('POST', '/dev/payments', { token: other.token, body: { reference, amount: 999_999_00, email: other.email } });
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual(expect.any(String));
    expect((await server.deps.payments.verify(reference))?.amountKobo).toBe(150_000);
  });

  it('needs a bearer token (401)', async () => {
    const response = await server.request('POST', '/dev/payments', { body: { reference: 'no-token', amount: 100, email: 'a@example.ng' } });
    expect(response.status).toBe(401);
  });

  it.each([
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -100 }],
    ['a fractional amount of kobo', { amount: 100.5 }],
    ['a string amount', { amount: '100' }],
    ['a bad email', { email: 'not-an-email' }],
    ['no reference', { reference: undefined }],
  ])('400 with a message for %s', async (_case, overrides) => {
    const body = { reference: `bad-${Date.now()}`, amount: 100, email: 'a@example.ng', ...overrides };
    const response = await server.request('POST', '/dev/payments', { token: client.token, body });
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe('GET /dev/mailbox: the dev mailbox', () => {
  it('answers { data: DevMail[] } with the letters sent to that address only', async () => {
    await server.deps.mailer.send({ to: 'Reader@Example.ng', subject: 'Your code', text: 'Code: 1234' });
    await server.deps.mailer.send({ to: 'someone-else@example.ng', subject: 'Not yours', text: '...' });
    const response = await server.request('GET', '/dev/mailbox?email=reader%40example.ng');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [{ to: 'reader@example.ng', subject: 'Your code', text: 'Code: 1234', sentAt: expect.any(String) }] });
  });

  it('400 with a message without a valid email', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox?email=nope']) {
      const response = await server.request('GET', path);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});

describe('dev routes are absent when real providers are configured', () => {
  it('with Paystack and SMTP configured, POST /dev/payments and GET /dev/mailbox answer 404', async () => {
    // nodemailer connects only when sending, so an unreachable SMTP address is fine here.
    const real = await createTestServer({ config: { paystackSecretKey: 'sk_test_x', smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      expect(real.deps.payments.kind).toBe('paystack');
      const token = await real.deps.tokens.sign('anyone');
      const payment = await real.request('POST', '/dev/payments', { token, body: { reference: 'r1', amount: 100, email: 'a@example.ng' } });
      expect(payment.status).toBe(404);
      expect(payment.body).toEqual({ message: 'Not found' });
      expect((await real.request('GET', '/dev/mailbox?email=a%40example.ng')).status).toBe(404);
    } finally {
      await real.close();
    }
  }, 30_000);

  it('with only Paystack configured, the dev mailbox stays but POST /dev/payments answers 404', async () => {
    const paystack = createPaystackVerifier('sk_test_x', async () => new Response('{}', { status: 500 }));
    const app = createApp({ ...server.deps, payments: paystack });
    const payment = await app.request('/dev/payments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ reference: `only-paystack-${Date.now()}`, amount: 100, email: client.email }),
    });
    expect(payment.status).toBe(404);
    expect((await app.request('/dev/mailbox?email=a%40example.ng')).status).toBe(200);
  });
});

describe('createPaystackVerifier (with a fake fetch)', () => {
  const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const paid = { status: true, data: { status: 'success', amount: 150_000, currency: 'NGN', reference: 'ref/1', customer: { email: 'ada@example.ng' } } };

  it('a successful transaction gives its amount in kobo, currency and email; the call is authorised with the secret key', async () => {
    const calls: { url: string; auth: string | null }[] = [];
    const verifier = createPaystackVerifier('sk_test_secret', async (input, init) => {
      calls.push({ url: String(input), auth: new Headers(init?.headers).get('Authorization') });
      return answer(200, paid)();
    });
    expect(await verifier.verify('ref/1')).toEqual({ reference: 'ref/1', amountKobo: 150_000, currency: 'NGN', email: 'ada@example.ng' });
    expect(calls).toEqual([{ url: 'https://api.paystack.co/transaction/verify/ref%2F1', auth: 'Bearer sk_test_secret' }]);
  });

  it.each([
    ['an abandoned transaction', answer(200, { status: true, data: { ...paid.data, status: 'abandoned' } })],
    ['a failed transaction', answer(200, { status: true, data: { ...paid.data, status: 'failed' } })],
    ['status false', answer(200, { status: false, message: 'Transaction reference not found' })],
    ['no amount', answer(200, { status: true, data: { status: 'success', currency: 'NGN' } })],
    ['an unknown reference (404)', answer(404, { status: false, message: 'Transaction reference not found' })],
  ])('%s is not a payment (null)', async (_case, fetchImpl) => {
    expect(await createPaystackVerifier('sk', fetchImpl).verify('ref')).toBeNull();
  });

  it('the amount Paystack reports is passed on as is, so a short payment is caught by the caller', async () => {
    const short = answer(200, { status: true, data: { ...paid.data, amount: 100_000 } });
    expect((await createPaystackVerifier('sk', short).verify('ref'))?.amountKobo).toBe(100_000);
  });

  it('a server error throws (retry later) instead of calling the payment unpaid', async () => {
    await expect(createPaystackVerifier('sk', answer(503, {})).verify('ref')).rejects.toThrow(/503/);
  });
});
