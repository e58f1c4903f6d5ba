import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createSmtpMailer } from '../../server/notifications/mailer';
import { PAYMENT_STILL_PROCESSING, paymentKeptSafeMessage } from '../../server/payments/check';
import { NO_PENDING_TEST_PAYMENT } from '../../server/http/dev.routes';
import { createPaystackVerifier, type PaymentVerifier } from '../../server/payments/verifier';
import { startFakePaystack } from './fake-paystack';
import type { TestServer } from './harness';
import {
  barrierVerifier,
  count,
  insertClient,
  newReference,
  payAndSubmitTask,
  payReference,
  serverWithTwoClients,
  submitTask,
  taskBody,
  withVerifier,
  type TestClient,
} from './task-fixtures';

let server: TestServer;
let client: TestClient;
let other: TestClient;
serverWithTwoClients((started) => ({ server, client, other } = started));

describe('POST /client/create: the payment behind the task', () => {
  it("402 'Payment could not be verified' for a reference nobody paid, and no task is written", async () => {
    const body = taskBody(client);
    const response = await submitTask(server, client, body);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ message: 'Payment could not be verified' });
    expect(await count(server, 'select 1 from tasks where reference = $1', [body.reference])).toBe(0);
    expect(await count(server, 'select 1 from payment_uses where reference = $1', [body.reference])).toBe(0);
  });

  it('400 when less (or more) was paid than the client was shown: no task, and the payment is kept as needing attention', async () => {
    for (const paid of [1000, 2000]) {
      const body = taskBody(client);
      await payReference(server, client, paid, body.reference);
      const response = await submitTask(server, client, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: paymentKeptSafeMessage('service') });
      expect(await count(server, 'select 1 from tasks where reference = $1', [body.reference])).toBe(0);
      const [kept] = await server.deps.db.query<{ reason: string; user_id: string }>(
        'select reason, user_id from payments_needing_attention where reference = $1',
        [body.reference],
      );
      expect(kept).toMatchObject({
        user_id: client.id,
        reason: expect.stringMatching(/^Paid ₦\d,000\.00, but the price is ₦1,500\.00; the app claimed ₦1,500\.00$/),
      });
    }
  });

  it('a payment in another currency is refused even for the right amount, and kept as needing attention', async () => {
    const body = taskBody(client);
    const dollars: PaymentVerifier = {
      kind: 'paystack',
      verify: async (reference) => ({
        reference,
        amountKobo: 150_000,
        currency: 'USD',
        email: client.email,
        payerUserId: null,
        paidAt: null,
        metadata: null,
        channel: 'card',
      }),
    };
    const response = await withVerifier(server, dollars, () => submitTask(server, client, body));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: paymentKeptSafeMessage('service') });
    const [kept] = await server.deps.db.query<{ reason: string }>(
      'select reason from payments_needing_attention where reference = $1',
      [body.reference],
    );
    expect(kept?.reason).toBe('Paid 1,500.00 USD, not naira');
  });

  it('a payment provider that cannot be reached is a retriable 502 with a message, not a 402', async () => {
    const down: PaymentVerifier = {
      kind: 'paystack',
      verify: async () => {
        throw new Error('ECONNRESET');
      },
    };
    const response = await withVerifier(server, down, () => submitTask(server, client, taskBody(client)));
    expect(response.status).toBe(502);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('is idempotent by reference: a replay answers 200 with the same task, never a second one', async () => {
    const body = taskBody(client);
    const first = await payAndSubmitTask(server, client, body);
    const replay = await submitTask(server, client, body);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await count(server, 'select 1 from tasks where reference = $1', [body.reference])).toBe(1);
    const [use] = await server.deps.db.query<{ purpose: string; user_id: string; amount_kobo: string }>(
      'select * from payment_uses where reference = $1',
      [body.reference],
    );
    expect({ ...use, amount_kobo: Number(use.amount_kobo) }).toMatchObject({
      purpose: 'task',
      user_id: client.id,
      amount_kobo: 150_000,
    });
  });

  it('concurrent creates with one reference give one task (one 201, the others 200, same _id)', async () => {
    const body = taskBody(client);
    await payReference(server, client, 1500, body.reference);
    const race = barrierVerifier(server, 3);
    const answers = await withVerifier(server, race, () =>
      Promise.all([
        submitTask(server, client, body),
        submitTask(server, client, body),
        submitTask(server, client, body),
      ]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.data._id)).size).toBe(1);
    expect(await count(server, 'select 1 from tasks where reference = $1', [body.reference])).toBe(1);
  });

  it("409 'This payment reference was already used' when another user replays someone's reference", async () => {
    const body = taskBody(client);
    await payReference(server, client, 1500, body.reference);
    expect((await submitTask(server, client, body)).status).toBe(201);
    const response = await submitTask(server, other, { ...body, user: other.id });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'This payment reference was already used' });
  });
});

describe('a payment belongs to its payer (the local test ledger)', () => {
  it('the test ledger binds a payment to the client who recorded it', async () => {
    const payer = await insertClient(server);
    const stranger = await insertClient(server);
    const reference = newReference();
    // The stranger records a payment with the payer's e-mail: it is still the stranger's.
    expect(
      (
        await server.request('POST', '/dev/payments', {
          token: stranger.token,
          body: { reference, amount: 150_000, email: payer.email },
        })
      ).status,
    ).toBe(201);
    const taken = await submitTask(server, payer, taskBody(payer, { reference }));
    expect(taken.status).toBe(403);
    expect((await submitTask(server, stranger, taskBody(stranger, { reference }))).status).toBe(201);
  });
});

describe('a real Paystack public key with no secret key on the server (the local test ledger)', () => {
  it('the unknown reference is answered 402 but kept as a payment needing attention that says what to set', async () => {
    const payer = await insertClient(server);
    const body = taskBody(payer);
    const response = await submitTask(server, payer, body);
    expect(response.status).toBe(402);
    const [kept] = await server.deps.db.query<{ reason: string; user_id: string; request: unknown }>(
      'select reason, user_id, request from payments_needing_attention where reference = $1',
      [body.reference],
    );
    expect(kept?.reason).toMatch(/set PAYSTACK_SECRET_KEY/);
    expect(kept?.user_id).toBe(payer.id);
    expect(kept?.request).toMatchObject({ reference: body.reference, address: body.address, type: 'household' });
  });
});

describe('POST /dev/payments: the local test ledger', () => {
  it("answers 201 { data: { reference, amount, status: 'success' } } and the ledger then verifies the reference", async () => {
    const reference = `T${Date.now()}`;
    const response = await server.request('POST', '/dev/payments', {
      token: client.token,
      body: { reference, amount: 150_000, email: client.email },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ data: { reference, amount: 150_000, status: 'success' } });
    const [row] = await server.deps.db.query<{ user_id: string; amount_kobo: string }>(
      'select user_id, amount_kobo from test_payments where reference = $1',
      [reference],
    );
    expect({ userId: row.user_id, kobo: Number(row.amount_kobo) }).toEqual({ userId: client.id, kobo: 150_000 });
    expect(await server.deps.payments.verify(reference)).toEqual({
      reference,
      amountKobo: 150_000,
      currency: 'NGN',
      email: client.email,
      payerUserId: client.id,
      paidAt: null,
      metadata: null,
      channel: 'card',
    });
    expect(await server.deps.payments.verify(`${reference}-unknown`)).toBeNull();
  });

  it('the same reference recorded twice is a 409, and the first amount stays', async () => {
    const reference = await payReference(server, client, 1500);
    const again = await server.request('POST', '/dev/payments', {
      token: other.token,
      body: { reference, amount: 999_999_00, email: other.email },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual(expect.any(String));
    expect((await server.deps.payments.verify(reference))?.amountKobo).toBe(150_000);
  });

  it('needs a bearer token (401)', async () => {
    const response = await server.request('POST', '/dev/payments', {
      body: { reference: 'no-token', amount: 100, email: 'a@example.ng' },
    });
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

describe('a bank transfer not confirmed yet: the test ledger pending, then settled', () => {
  const recordTransfer = (who: TestClient, reference: string, amount = 150_000) =>
    server.request('POST', '/dev/payments', {
      token: who.token,
      body: { reference, amount, email: who.email, status: 'pending' },
    });
  const settle = (who: TestClient | null, body: unknown) =>
    server.request('POST', '/dev/payments/settle', { token: who?.token, body });
  const written = async (reference: string) => ({
    tasks: await count(server, 'select 1 from tasks where reference = $1', [reference]),
    uses: await count(server, 'select 1 from payment_uses where reference = $1', [reference]),
    charges: await count(server, 'select 1 from charges where reference = $1', [reference]),
    attention: await count(server, 'select 1 from payments_needing_attention where reference = $1', [reference]),
  });

  it("status 'pending' is recorded (201) and its verify is PaymentProviderUnavailable 503, as Paystack's verify of a transfer in progress", async () => {
    const reference = newReference();
    const response = await recordTransfer(client, reference);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ data: { reference, amount: 150_000, status: 'pending' } });
    await expect(server.deps.payments.verify(reference)).rejects.toMatchObject({
      name: 'PaymentProviderUnavailable',
      status: 503,
    });
  });

  it('POST /client/create answers 503 (still processing) and writes nothing; once settled, the same request creates the task', async () => {
    const body = taskBody(client);
    expect((await recordTransfer(client, body.reference)).status).toBe(201);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const waiting = await submitTask(server, client, body);
      expect(waiting.status).toBe(503);
      expect(waiting.body).toEqual({ message: PAYMENT_STILL_PROCESSING });
    }
    expect(await written(body.reference)).toEqual({ tasks: 0, uses: 0, charges: 0, attention: 0 });

    const settled = await settle(client, { reference: body.reference });
    expect(settled.status).toBe(200);
    expect(settled.body).toEqual({ data: { reference: body.reference, status: 'success' } });
    const created = await submitTask(server, client, body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ reference: body.reference, amount: 1500, status: 'pending' });
    expect(await written(body.reference)).toEqual({ tasks: 1, uses: 1, charges: 1, attention: 0 });
  });

  it("404 with a message for a reference settled already, unknown, paid by card, or someone else's (which stays pending)", async () => {
    const reference = newReference();
    await recordTransfer(client, reference);
    expect((await settle(client, { reference })).status).toBe(200);
    const card = await payReference(server, client, 1500);
    const theirs = newReference();
    await recordTransfer(other, theirs);
    for (const [who, ref] of [
      [client, reference],
      [client, newReference()],
      [client, card],
      [client, theirs],
    ] as const) {
      const response = await settle(who, { reference: ref });
      expect(response.status, ref).toBe(404);
      expect(response.body).toEqual({ message: NO_PENDING_TEST_PAYMENT });
    }
    await expect(server.deps.payments.verify(theirs)).rejects.toMatchObject({ status: 503 });
  });

  it('needs a bearer token (401)', async () => {
    expect((await settle(null, { reference: newReference() })).status).toBe(401);
  });

  it.each([
    ['no reference', {}],
    ['an empty reference', { reference: '  ' }],
    ['a number', { reference: 12345 }],
    ['a reference over 100 characters', { reference: 'r'.repeat(101) }],
    ['a reference with a slash', { reference: 'a/b' }],
    ['not an object', ['ref']],
  ])('settle: 400 with a message for %s', async (_case, body) => {
    const response = await settle(client, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it('settle: 400 for a body that is not JSON', async () => {
    const response = await server.request('POST', '/dev/payments/settle', { token: client.token, rawBody: '{ref' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Request body must be valid JSON' });
  });

  it.each([['settled'], [''], [null], [1]])('POST /dev/payments: 400 for status %j', async (status) => {
    const response = await server.request('POST', '/dev/payments', {
      token: client.token,
      body: { reference: newReference(), amount: 100, email: client.email, status },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "status must be 'success' or 'pending'" });
  });
});

describe('GET /dev/mailbox: the dev mailbox', () => {
  it('answers { data: DevMail[] } with the letters sent to that address only', async () => {
    await server.deps.mailer.send({ to: 'Reader@Example.ng', subject: 'Your code', text: 'Code: 1234' });
    await server.deps.mailer.send({ to: 'someone-else@example.ng', subject: 'Not yours', text: '...' });
    const response = await server.request('GET', '/dev/mailbox?email=reader%40example.ng');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [{ to: 'reader@example.ng', subject: 'Your code', text: 'Code: 1234', sentAt: expect.any(String) }],
    });
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
    // This server's database, with both real providers (nodemailer connects only when sending).
    const app = createApp({
      ...server.deps,
      config: { ...server.deps.config, paystackSecretKey: 'sk_test_x', smtpUrl: 'smtp://127.0.0.1:1' },
      payments: createPaystackVerifier({
        secretKey: 'sk_test_x',
        fetchImpl: async () => new Response('{}', { status: 500 }),
      }),
      mailer: await createSmtpMailer('smtp://127.0.0.1:1', 'GreenPick <no-reply@greenpick.ng>'),
    });
    const payment = await app.request('/dev/payments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ reference: 'r1', amount: 100, email: client.email }),
    });
    expect(payment.status).toBe(404);
    expect(await payment.json()).toEqual({ message: 'Not found' });
    const settle = await app.request('/dev/payments/settle', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ reference: 'r1' }),
    });
    expect(settle.status).toBe(404);
    expect(await settle.json()).toEqual({ message: 'Not found' });
    expect((await app.request('/dev/mailbox?email=a%40example.ng')).status).toBe(404);
  });

  it('with only Paystack configured, the dev mailbox stays but POST /dev/payments answers 404', async () => {
    const paystack = createPaystackVerifier({
      secretKey: 'sk_test_x',
      fetchImpl: async () => new Response('{}', { status: 500 }),
    });
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

describe('createPaystackVerifier against the fake Paystack server', () => {
  const withFake = async (work: (fake: Awaited<ReturnType<typeof startFakePaystack>>) => Promise<void>) => {
    const fake = await startFakePaystack();
    try {
      await work(fake);
    } finally {
      await fake.close();
    }
  };
  const verifierFor = (fake: { url: string; secretKey: string }, timeoutMs?: number) =>
    createPaystackVerifier({ secretKey: fake.secretKey, apiUrl: fake.url, timeoutMs });

  it('a successful transaction gives its amount in kobo, currency, e-mail, paid time and metadata (authorised with the secret key)', () =>
    withFake(async (fake) => {
      fake.charge({
        reference: 'ref.1',
        status: 'success',
        amount: 150_000,
        email: 'Ada@Example.ng',
        paidAt: '2030-01-02T03:04:05.000Z',
        metadata: { serviceType: 'household' },
      });
      expect(await verifierFor(fake).verify('ref.1')).toEqual({
        reference: 'ref.1',
        amountKobo: 150_000,
        currency: 'NGN',
        email: 'ada@example.ng',
        payerUserId: null,
        paidAt: new Date('2030-01-02T03:04:05.000Z'),
        metadata: { serviceType: 'household' },
        channel: 'card',
      });
      expect(fake.verifyCalls('ref.1')).toBe(1);
      await expect(
        createPaystackVerifier({ secretKey: 'sk_wrong', apiUrl: fake.url }).verify('ref.1'),
      ).rejects.toMatchObject({ status: 502, message: expect.stringMatching(/401.*PAYSTACK_SECRET_KEY/) });
    }));

  it.each(['failed', 'abandoned', 'reversed'] as const)('a %s transaction is final: null (not paid)', (status) =>
    withFake(async (fake) => {
      fake.charge({ reference: `ref-${status}`, status, amount: 150_000, email: 'ada@example.ng' });
      expect(await verifierFor(fake).verify(`ref-${status}`)).toBeNull();
    }),
  );

  it('an unknown reference (400 "Transaction reference not found") is final: null', () =>
    withFake(async (fake) => {
      expect(await verifierFor(fake).verify('nobody-paid-this')).toBeNull();
    }));

  it.each(['ongoing', 'pending'] as const)('a charge still %s is not final: 503 to retry later', (status) =>
    withFake(async (fake) => {
      fake.charge({ reference: 'ref-wait', status, amount: 150_000, email: 'ada@example.ng' });
      await expect(verifierFor(fake).verify('ref-wait')).rejects.toMatchObject({
        name: 'PaymentProviderUnavailable',
        status: 503,
      });
    }),
  );

  it.each([
    ['a dropped connection', 'connection-reset', 502],
    ['a 500', 500, 502],
    ['a 502', 502, 502],
    ['a 503', 503, 502],
    ['rate limiting (429)', 429, 503],
    ['no response within the time-out', 'hang', 504],
  ] as const)('%s is not final: PaymentProviderUnavailable %d', (_case, outage, status) =>
    withFake(async (fake) => {
      fake.charge({ reference: 'ref-x', status: 'success', amount: 150_000, email: 'ada@example.ng' });
      fake.outage = outage;
      // A short time-out only where nothing answers: an answer on a busy machine may take longer.
      await expect(verifierFor(fake, outage === 'hang' ? 300 : undefined).verify('ref-x')).rejects.toMatchObject({
        name: 'PaymentProviderUnavailable',
        status,
      });
    }),
  );

  it('an unreachable API address (nothing listening) is not final: 502', async () => {
    const fake = await startFakePaystack();
    await fake.close();
    await expect(verifierFor(fake).verify('ref')).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});
