/**
 * Payments needing attention, for the operator: listed with their reason by the ops API and
 * `npm run ops -- payments`, honoured (the client gets the task or plan at the amount paid)
 * or settled with a note (after a refund), never silently dropped. Also the charges Paystack
 * confirmed whose booking never arrived (a lost phone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../server/ops/cli';
import { PAYMENT_SETTLED } from '../../server/payments/check';
import { startCliServer } from './cli-server';
import { startFakePaystack, type FakePaystack, paidNow } from './fake-paystack';
import { createTestServer, type TestServer } from './harness';
import { insertClient, newReference, taskBody, type TestClient } from './task-fixtures';

const OPS_TOKEN = 'ops-payments-test-token';
const auth = { 'X-Ops-Token': OPS_TOKEN };
let fake: FakePaystack;
let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  fake = await startFakePaystack();
  server = await createTestServer({
    config: { paystackSecretKey: fake.secretKey, paystackApiUrl: fake.url, opsToken: OPS_TOKEN },
  });
  client = await insertClient(server);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** A charge Paystack confirms by webhook; amount in naira. */
async function charged(naira: number, who: TestClient = client, metadata?: Record<string, unknown>): Promise<string> {
  const reference = newReference();
  const { body, signature } = fake.webhook(
    fake.chargeSuccessEvent({
      reference,
      status: 'success',
      amount: naira * 100,
      email: who.email,
      paidAt: paidNow(),
      metadata,
    }),
  );
  const response = await server.request('POST', '/paystack/webhook', {
    rawBody: body,
    headers: { 'x-paystack-signature': signature },
  });
  expect(response.status).toBe(200);
  return reference;
}

/** A booking the server cannot honour: paid 1234 naira for a 1500 naira pickup. */
async function mismatchedBooking(): Promise<{ reference: string; body: ReturnType<typeof taskBody> }> {
  const reference = await charged(1234);
  const body = taskBody(client, { reference, amount: 1234 });
  expect((await server.request('POST', '/client/create', { token: client.token, body })).status).toBe(400);
  return { reference, body };
}

const listed = async (query = '') =>
  // biome-ignore lint/suspicious/noExplicitAny: a JSON response or a database row, read loosely; the assertions check its fields.
  (await server.request('GET', `/ops/payments${query}`, { headers: auth })).body.data as Array<Record<string, any>>;

/** The audit rows of a payment (GET /ops/audit). */
const auditOf = async (reference: string) => {
  const rows: Array<{ subject: string }> = (await server.request('GET', '/ops/audit?limit=100', { headers: auth })).body
    .data;
  return rows.filter((row) => row.subject === `payment:${reference}`);
};

describe('GET /ops/payments', () => {
  it('needs the ops token', async () => {
    expect((await server.request('GET', '/ops/payments')).status).toBe(401);
  });

  it('lists a kept payment with its reason, amount, client and what it was for; a retry counts as another attempt, not another entry', async () => {
    const { reference, body } = await mismatchedBooking();
    await server.request('POST', '/client/create', { token: client.token, body });
    const entries = (await listed()).filter((entry) => entry.reference === reference);
    expect(entries).toEqual([
      {
        reference,
        state: 'needs-attention',
        reason: 'Paid ₦1,234.00, but the price is ₦1,500.00',
        purpose: 'task',
        amount: 1234,
        currency: 'NGN',
        payerEmail: client.email,
        client: { id: client.id, name: 'Ada Obi', email: client.email },
        wanted: 'Household Waste Pickup, 12 Admiralty Way, Lekki, Lagos',
        since: expect.any(String),
        attempts: 2,
        settledAt: null,
        settlement: null,
      },
    ]);
  });

  it('lists a charge whose booking never arrived within 30 minutes as unclaimed (a younger one is not listed yet)', async () => {
    const old = await charged(1500, client, {
      serviceName: 'Household Waste Pickup',
      address: '3 Allen Avenue, Ikeja',
    });
    const young = await charged(1500);
    await server.deps.db.query("update charges set received_at = now() - interval '31 minutes' where reference = $1", [
      old,
    ]);
    const entries = await listed();
    expect(entries.find((entry) => entry.reference === young)).toBeUndefined();
    expect(entries.find((entry) => entry.reference === old)).toMatchObject({
      state: 'unclaimed',
      reason: 'Paid, but no booking arrived within 30 minutes',
      amount: 1500,
      payerEmail: client.email,
      wanted: 'Household Waste Pickup, 3 Allen Avenue, Ikeja',
    });
  });
});

describe('settling and honouring', () => {
  it('honour: the client gets the task at the amount paid; the app’s retry then answers that task; the entry is settled as honoured', async () => {
    const { reference, body } = await mismatchedBooking();
    const honoured = await server.request('POST', `/ops/payments/${reference}/honour`, { headers: auth });
    expect(honoured.status).toBe(200);
    expect(honoured.body.data).toMatchObject({
      taskId: expect.any(String),
      subscription: null,
      payment: { reference, state: 'settled', settlement: 'honoured' },
    });
    const retry = await server.request('POST', '/client/create', { token: client.token, body });
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({
      _id: honoured.body.data.taskId,
      reference,
      amount: 1234,
      serviceName: 'Household Waste Pickup',
    });
    expect((await listed()).find((entry) => entry.reference === reference)).toBeUndefined();
    expect((await listed('?all=1')).find((entry) => entry.reference === reference)).toMatchObject({
      state: 'settled',
      settlement: 'honoured',
    });
    const again = await server.request('POST', `/ops/payments/${reference}/honour`, { headers: auth });
    expect(again.status).toBe(400);
    // The audit names the CLI's token and what was given (issue 47).
    expect(await auditOf(reference)).toEqual([
      expect.objectContaining({
        actor: 'cli',
        action: 'payment.honour',
        after: expect.objectContaining({ taskId: honoured.body.data.taskId, settlement: 'honoured' }),
      }),
    ]);
  });

  it('honour a subscription: the plan is set', async () => {
    const reference = await charged(40_000);
    const refused = await server.request('POST', '/client/subscribe', {
      token: client.token,
      body: { plan: 'bronze', userId: client.id, reference },
    });
    expect(refused.status).toBe(400);
    const honoured = await server.request('POST', `/ops/payments/${reference}/honour`, { headers: auth });
    expect(honoured.status).toBe(200);
    expect(honoured.body.data.subscription).toMatchObject({ plan: 'bronze', expiresAt: expect.any(String) });
  });

  it('settle: the note is kept, the reference can no longer be used by the app (409), and an empty note is refused', async () => {
    const { reference, body } = await mismatchedBooking();
    expect(
      (await server.request('POST', `/ops/payments/${reference}/settle`, { headers: auth, body: { note: '  ' } }))
        .status,
    ).toBe(400);
    const settled = await server.request('POST', `/ops/payments/${reference}/settle`, {
      headers: auth,
      body: { note: 'Refunded in the Paystack dashboard' },
    });
    expect(settled.status).toBe(200);
    expect(settled.body.data).toMatchObject({
      reference,
      state: 'settled',
      settlement: 'Refunded in the Paystack dashboard',
      settledAt: expect.any(String),
    });
    const retry = await server.request('POST', '/client/create', { token: client.token, body });
    expect(retry).toMatchObject({ status: 409, body: { message: PAYMENT_SETTLED } });
    expect(await auditOf(reference)).toEqual([
      expect.objectContaining({
        actor: 'cli',
        action: 'payment.settle',
        before: { settled: false, reason: 'Paid ₦1,234.00, but the price is ₦1,500.00' },
        after: { settled: true, note: 'Refunded in the Paystack dashboard' },
      }),
    ]);
    expect(
      (await server.request('POST', `/ops/payments/${reference}/settle`, { headers: auth, body: { note: 'again' } }))
        .status,
    ).toBe(400);
  });

  it('settle an unclaimed charge; 404 for a reference nobody knows', async () => {
    const reference = await charged(1500);
    expect(
      (
        await server.request('POST', `/ops/payments/${reference}/settle`, {
          headers: auth,
          body: { note: 'Client called: refunded' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await server.request('POST', `/ops/payments/no-such-ref/settle`, { headers: auth, body: { note: 'x' } })).status,
    ).toBe(404);
    expect((await server.request('POST', `/ops/payments/no-such-ref/honour`, { headers: auth })).status).toBe(404);
  });
});

describe('hostile operator input', () => {
  it('a reference or note with %00 is a 4xx, never a 500', async () => {
    for (const action of ['settle', 'honour']) {
      const response = await server.request('POST', `/ops/payments/ref%00x/${action}`, {
        headers: auth,
        body: { note: 'refunded\u0000' },
      });
      expect(response.status, action).toBeGreaterThanOrEqual(400);
      expect(response.status, action).toBeLessThan(500);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});

describe('npm run ops -- payments | honour | settle', () => {
  it('prints the table through the running server, and honours and settles by reference', async () => {
    const cli = await startCliServer(server, OPS_TOKEN);
    const env = cli.env();
    const out: string[] = [];
    const err: string[] = [];
    const io = { env, out: (text: string) => out.push(text), err: (text: string) => err.push(text) };
    try {
      const first = await mismatchedBooking();
      const second = await mismatchedBooking();
      expect(await runCli(['payments'], io)).toBe(0);
      const table = out.at(-1)!;
      expect(table.split('\n')[0]).toMatch(
        /^REFERENCE\s+STATE\s+PAID\s+CLIENT \/ PAYER\s+FOR\s+SINCE \(LAGOS\)\s+REASON$/,
      );
      expect(table).toContain(first.reference);
      expect(table).toContain('₦1,234.00');
      expect(await runCli(['honour', first.reference], io)).toBe(0);
      expect(out.at(-1)).toMatch(
        new RegExp(`^Payment ${first.reference} honoured: task [0-9a-f]{8} created for Ada Obi\\.$`),
      );
      expect(await runCli(['settle', second.reference, 'Refunded in the Paystack dashboard'], io)).toBe(0);
      expect(out.at(-1)).toBe(`Payment ${second.reference} settled: Refunded in the Paystack dashboard`);
      expect(await runCli(['payments', '--json'], io)).toBe(0);
      const open = JSON.parse(out.at(-1)!) as Array<{ reference: string }>;
      expect(open.map((entry) => entry.reference)).not.toContain(first.reference);
      expect(await runCli(['payments', '--all', '--json'], io)).toBe(0);
      expect((JSON.parse(out.at(-1)!) as Array<{ reference: string }>).map((entry) => entry.reference)).toEqual(
        expect.arrayContaining([first.reference, second.reference]),
      );
      const through = err.filter((line) => line.startsWith('(through the server at '));
      expect(err).toEqual(through);
      expect(await runCli(['tasks', '--all'], io)).toBe(2);
      expect(err.slice(through.length)).toEqual(['Usage: npm run ops -- tasks [--status S]']);
    } finally {
      await cli.close();
    }
  });
});
