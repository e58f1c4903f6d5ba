/**
 * Real card payments end to end: the server configured with a Paystack secret key and
 * PAYSTACK_API_URL pointing at the fake Paystack server, so its real verifier and webhook
 * run. Money is never lost: a webhook-confirmed charge needs no verify call, an outage is
 * retriable, only a failed or unknown charge is final, and a payment belongs to its payer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_YOUR_PAYMENT,
  PAYMENT_NOT_VERIFIED,
  PAYMENT_STILL_PROCESSING,
  PROVIDER_UNREACHABLE,
} from '../../server/payments/check';
import { createApp } from '../../server/app';
import { createPaystackVerifier } from '../../server/payments/verifier';
import { startFakePaystack, type FakeCharge, type FakePaystack, paidNow } from './fake-paystack';
import { createTestServer, type TestServer } from './harness';
import { count, insertClient, newReference, taskBody, withVerifier, type TestClient } from './task-fixtures';

let fake: FakePaystack;
let server: TestServer;
let client: TestClient;
let other: TestClient;

beforeAll(async () => {
  fake = await startFakePaystack();
  server = await createTestServer({ config: { paystackSecretKey: fake.secretKey, paystackApiUrl: fake.url } });
  client = await insertClient(server);
  other = await insertClient(server);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const paid = (who: TestClient, overrides: Partial<FakeCharge> = {}): FakeCharge => ({
  reference: newReference(),
  status: 'success',
  amount: 150_000,
  email: who.email,
  paidAt: paidNow(),
  metadata: { serviceType: 'household', address: '12 Admiralty Way' },
  ...overrides,
});

const deliver = (event: unknown, options: { signature?: string | null; key?: string } = {}) => {
  const { body, signature } = fake.webhook(event, options.key);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.signature !== null) headers['x-paystack-signature'] = options.signature ?? signature;
  return server.request('POST', '/paystack/webhook', { rawBody: body, headers });
};

const create = (who: TestClient, reference: string, overrides = {}) =>
  server.request('POST', '/client/create', { token: who.token, body: taskBody(who, { reference, ...overrides }) });

const written = async (reference: string) => ({
  tasks: await count(server, 'select 1 from tasks where reference = $1', [reference]),
  uses: await count(server, 'select 1 from payment_uses where reference = $1', [reference]),
  charges: await count(server, 'select 1 from charges where reference = $1', [reference]),
});

describe('POST /paystack/webhook', () => {
  it('401 for a missing, malformed or wrong signature (another key, or a body changed after signing), and nothing is recorded', async () => {
    const charge = paid(client);
    const event = fake.chargeSuccessEvent(charge);
    const { signature } = fake.webhook(event);
    for (const attempt of [
      deliver(event, { signature: null }),
      deliver(event, { signature: 'not-hex' }),
      deliver(event, { key: 'sk_test_someone_else' }),
      deliver({ ...(event as object), tampered: true }, { signature }),
      deliver(event, { signature: signature.slice(0, 64) }),
    ]) {
      const response = await attempt;
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid signature' });
    }
    expect(await written(charge.reference)).toEqual({ tasks: 0, uses: 0, charges: 0 });
  });

  it('records a charge.success once: reference, amount in kobo, currency, customer e-mail and paid time; a redelivery answers 200 and changes nothing', async () => {
    const charge = paid(client, { paidAt: '2030-05-06T07:08:09.000Z' });
    const event = fake.chargeSuccessEvent(charge);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    const read = () => server.deps.db.query('select * from charges where reference = $1', [charge.reference]);
    const [row] = await read();
    expect({
      ...row,
      amount_kobo: Number(row!.amount_kobo),
      paid_at: new Date(row!.paid_at as string).toISOString(),
    }).toMatchObject({
      reference: charge.reference,
      provider: 'paystack',
      amount_kobo: 150_000,
      currency: 'NGN',
      email: client.email,
      paid_at: '2030-05-06T07:08:09.000Z',
      confirmed_by: 'webhook',
      payer_user_id: null,
    });
    // Card details in the event (bin, last4, authorization code) are never kept.
    expect(JSON.stringify(row)).not.toMatch(/408408|4081|AUTH_/);

    const again = await deliver({
      ...(event as { data: object }),
      data: { ...(event as { data: object }).data, amount: 999_900 },
    });
    expect(again.status).toBe(200);
    expect(await read()).toEqual([row]);
  });

  it('answers 200 to other events and to a charge.success it cannot use, recording nothing', async () => {
    const reference = newReference();
    expect((await deliver({ event: 'transfer.success', data: { reference, amount: 100 } })).status).toBe(200);
    expect((await deliver({ event: 'charge.success', data: { reference, status: 'success' } })).status).toBe(200);
    expect(
      (await deliver({ event: 'charge.success', data: { reference: '../etc', status: 'success', amount: 100 } }))
        .status,
    ).toBe(200);
    expect((await deliver({ event: 'charge.success', data: null })).status).toBe(200);
    expect(await written(reference)).toEqual({ tasks: 0, uses: 0, charges: 0 });
  });

  it('400 for a correctly signed body that is not JSON', async () => {
    const body = 'not json';
    const { signature } = fake.webhook('x');
    const signed = (await import('../../server/payments/paystack-webhook.routes')).paystackSignature(
      new TextEncoder().encode(body),
      fake.secretKey,
    );
    expect(signature).not.toBe(signed);
    const response = await server.request('POST', '/paystack/webhook', {
      rawBody: body,
      headers: { 'x-paystack-signature': signed },
    });
    expect(response.status).toBe(400);
  });

  it('does not exist without PAYSTACK_SECRET_KEY (404)', async () => {
    const { body, signature } = fake.webhook(fake.chargeSuccessEvent(paid(client)));
    const withoutKey = createApp({ ...server.deps, config: { ...server.deps.config, paystackSecretKey: undefined } });
    const response = await withoutKey.request('/paystack/webhook', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
    });
    expect(response.status).toBe(404);
  });
});

describe('hostile but correctly signed webhooks', () => {
  it('absurd amounts, NUL characters and year-0 dates are skipped (200) or taken without them, never a 500', async () => {
    const cases: Array<[string, Partial<FakeCharge>, boolean]> = [
      ['amount 1e300', { amount: 1e300 }, false],
      ['a NUL in the currency', { currency: 'NG\u0000N' }, false],
      ['a NUL in the e-mail', { email: 'a\u0000@example.ng' }, true],
      ['a NUL in the metadata', { metadata: { address: 'gate\u0000' } }, true],
      ['paid_at in year 0', { paidAt: '0000-01-01T00:00:00Z' }, true],
    ];
    for (const [what, overrides, kept] of cases) {
      const charge = paid(client, overrides);
      const response = await deliver(fake.chargeSuccessEvent(charge));
      expect(response.status, what).toBe(200);
      expect((await written(charge.reference)).charges, what).toBe(kept ? 1 : 0);
    }
  });
});

describe('charges Paystack reports refunded or disputed', () => {
  it.each([
    ['refund.processed', (reference: string) => ({ transaction_reference: reference, status: 'processed' })],
    [
      'charge.dispute.create',
      (reference: string) => ({ transaction: { reference }, status: 'awaiting-merchant-feedback' }),
    ],
  ])('after %s the charge books nothing (402), even though it was recorded as paid', async (event, data) => {
    const charge = fake.charge(paid(client));
    expect((await deliver(fake.chargeSuccessEvent(charge))).status).toBe(200);
    expect((await deliver({ event, data: data(charge.reference) })).status).toBe(200);
    const refused = await create(client, charge.reference);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('This payment was refunded or disputed, so it cannot be used. Please pay again.');
    expect((await written(charge.reference)).tasks).toBe(0);
  });

  it('a refund reported before the charge itself still stops it', async () => {
    const charge = fake.charge(paid(client));
    expect(
      (await deliver({ event: 'refund.processed', data: { transaction_reference: charge.reference } })).status,
    ).toBe(200);
    expect((await create(client, charge.reference)).status).toBe(402);
  });
});

describe('POST /client/create with Paystack', () => {
  it('a charge the webhook confirmed becomes a task without a verify call, even while Paystack is down', async () => {
    const charge = paid(client);
    await deliver(fake.chargeSuccessEvent(charge));
    fake.outage = 503;
    try {
      const response = await create(client, charge.reference);
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ reference: charge.reference, amount: 1500, status: 'pending' });
    } finally {
      fake.outage = 'none';
    }
    expect(fake.verifyCalls(charge.reference)).toBe(0);
  });

  it('without a webhook, verify confirms the charge (recorded, confirmed_by verify) and a late webhook changes nothing', async () => {
    const charge = fake.charge(paid(client));
    expect((await create(client, charge.reference)).status).toBe(201);
    expect(fake.verifyCalls(charge.reference)).toBe(1);
    const [row] = await server.deps.db.query<{ confirmed_by: string }>(
      'select confirmed_by from charges where reference = $1',
      [charge.reference],
    );
    expect(row?.confirmed_by).toBe('verify');
    expect((await deliver(fake.chargeSuccessEvent(charge))).status).toBe(200);
    expect(await written(charge.reference)).toEqual({ tasks: 1, uses: 1, charges: 1 });
  });

  it.each([
    ['Paystack unreachable (connection dropped)', 'connection-reset', 502, PROVIDER_UNREACHABLE],
    ['a Paystack 500', 500, 502, PROVIDER_UNREACHABLE],
    ['a Paystack 503', 503, 502, PROVIDER_UNREACHABLE],
    ['Paystack rate limiting', 429, 503, PAYMENT_STILL_PROCESSING],
  ] as const)(
    '%s and no webhook: a retriable %d, nothing written; the retry after it recovers makes the task',
    async (_case, outage, status, message) => {
      const charge = fake.charge(paid(client));
      fake.outage = outage;
      try {
        const refused = await create(client, charge.reference);
        expect(refused.status).toBe(status);
        expect(refused.body).toEqual({ message });
        expect(await written(charge.reference)).toEqual({ tasks: 0, uses: 0, charges: 0 });
      } finally {
        fake.outage = 'none';
      }
      expect((await create(client, charge.reference)).status).toBe(201);
    },
  );

  it('a verify call that times out is a retriable 504', async () => {
    const charge = fake.charge(paid(client));
    fake.outage = 'hang';
    try {
      const impatient = createPaystackVerifier({ secretKey: fake.secretKey, apiUrl: fake.url, timeoutMs: 200 });
      const response = await withVerifier(server, impatient, () => create(client, charge.reference));
      expect(response.status).toBe(504);
      expect(response.body).toEqual({ message: PROVIDER_UNREACHABLE });
    } finally {
      fake.outage = 'none';
    }
    expect(await written(charge.reference)).toEqual({ tasks: 0, uses: 0, charges: 0 });
  });

  it('a charge still being processed is a retriable 503', async () => {
    const charge = fake.charge(paid(client, { status: 'ongoing' }));
    const response = await create(client, charge.reference);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: PAYMENT_STILL_PROCESSING });
  });

  it.each(['failed', 'abandoned'] as const)(
    "a %s charge is final: 402 'Payment could not be verified', nothing written",
    async (status) => {
      const charge = fake.charge(paid(client, { status }));
      const response = await create(client, charge.reference);
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ message: PAYMENT_NOT_VERIFIED });
      expect(await written(charge.reference)).toEqual({ tasks: 0, uses: 0, charges: 0 });
      expect(
        await count(server, 'select 1 from payments_needing_attention where reference = $1', [charge.reference]),
      ).toBe(0);
    },
  );

  it('a reference Paystack does not know is final: 402', async () => {
    expect((await create(client, newReference())).status).toBe(402);
  });
});

describe('a payment belongs to its payer', () => {
  it("403 'This payment was made by another account' when the charge's e-mail is someone else's; nothing changes, and the payer can still use it", async () => {
    const charge = paid(client);
    await deliver(fake.chargeSuccessEvent(charge));
    const stolen = await create(other, charge.reference);
    expect(stolen.status).toBe(403);
    expect(stolen.body).toEqual({ message: NOT_YOUR_PAYMENT });
    expect(await written(charge.reference)).toEqual({ tasks: 0, uses: 0, charges: 1 });
    expect(
      await count(server, 'select 1 from payments_needing_attention where reference = $1', [charge.reference]),
    ).toBe(0);
    expect((await create(client, charge.reference)).status).toBe(201);
  });

  it('a client who changed their e-mail after paying keeps the payment; the next holder of the old address does not get it', async () => {
    const payer = await insertClient(server);
    const newcomer = await insertClient(server);
    const charge = paid(payer);
    await deliver(fake.chargeSuccessEvent(charge));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await server.deps.db.query('update users set email = $2 where id = $1', [payer.id, `renamed-${payer.email}`]);
    await server.deps.db.query('update users set email = $2 where id = $1', [newcomer.id, payer.email]);
    const taken = await create(newcomer, charge.reference);
    expect(taken.status).toBe(403);
    expect((await create(payer, charge.reference)).status).toBe(201);
  });
});

describe('POST /client/subscribe with Paystack', () => {
  it('a webhook-confirmed charge of the plan price sets the plan without a verify call', async () => {
    const charge = paid(client, { amount: 5_000_000 });
    await deliver(fake.chargeSuccessEvent(charge));
    const response = await server.request('POST', '/client/subscribe', {
      token: client.token,
      body: { plan: 'bronze', userId: client.id, reference: charge.reference },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.subscription.plan).toBe('bronze');
    expect(fake.verifyCalls(charge.reference)).toBe(0);
  });

  it('an outage is retriable (502) there too', async () => {
    const charge = fake.charge(paid(client, { amount: 5_000_000 }));
    fake.outage = 500;
    try {
      const response = await server.request('POST', '/client/subscribe', {
        token: client.token,
        body: { plan: 'bronze', userId: client.id, reference: charge.reference },
      });
      expect(response.status).toBe(502);
    } finally {
      fake.outage = 'none';
    }
  });
});
