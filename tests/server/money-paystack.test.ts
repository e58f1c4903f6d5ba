/**
 * Money after the charge (issue 43) against the fake Paystack: a dispute or an unsolicited refund
 * of a charge that already became a task or a plan puts it in front of the operator, marks the
 * task's payment reversed, and from then on a cancel refunds nothing and `honour` refuses it;
 * verify calls are not amplified (unknown references remembered, a limit per client and
 * address with Retry-After) and a real payment's retry still completes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as payments from '../../server/payments/payment-commands';
import { startFakePaystack, type FakePaystack, paidNow } from './fake-paystack';
import { createTestServer, type TestServer } from './harness';
import { insertClient, newReference, taskBody, type TestClient } from './task-fixtures';

let fake: FakePaystack;
let server: TestServer;
let clock = new Date('2026-11-25T09:00:00Z');

beforeAll(async () => {
  fake = await startFakePaystack();
  server = await createTestServer({
    config: { paystackSecretKey: fake.secretKey, paystackApiUrl: fake.url },
    now: () => clock,
    limits: { verifyPerUser: { limit: 10, windowMs: 60_000 }, verifyPerAddress: { limit: 1_000, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const post = (who: TestClient, path: string, body: unknown) => server.request('POST', path, { token: who.token, body });

function charge(client: TestClient, kobo: number, reference = newReference()) {
  fake.charge({ reference, status: 'success', amount: kobo, email: client.email, paidAt: paidNow() });
  return reference;
}

const deliver = (event: unknown) => {
  const { body, signature } = fake.webhook(event);
  return server.request('POST', '/paystack/webhook', {
    rawBody: body,
    headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
  });
};

const dispute = (reference: string) => ({
  event: 'charge.dispute.create',
  data: { id: 1, status: 'awaiting-merchant-feedback', transaction: { reference, amount: 150_000 } },
});

describe('reversals after fulfilment', () => {
  it('a dispute of a charge that became a task: listed for the operator, the payment marked reversed, cancel refunds nothing, honour refuses', async () => {
    const client = await insertClient(server);
    const reference = charge(client, 150_000);
    const created = await post(client, '/client/create', taskBody(client, { reference }));
    expect(created.status).toBe(201);
    const taskId = created.body.data._id as string;

    expect((await deliver(dispute(reference))).status).toBe(200);
    // Paystack delivers again: nothing more happens.
    expect((await deliver(dispute(reference))).status).toBe(200);

    const listed = (await payments.listPayments(server.deps.db, { now: clock })).filter(
      (payment) => payment.reference === reference,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ state: 'reversed-after-fulfilment', purpose: 'task', attempts: 1 });
    expect(listed[0]!.reason).toBe(
      `Reversed after fulfilment (charge.dispute.create): task ${taskId} (Household Waste Pickup, pending)`,
    );

    const task = (await post(client, '/client/task', { userId: client.id })).body.data.find(
      (each: { _id: string }) => each._id === taskId,
    );
    expect(task.paymentReversed).toBe(true);

    const refundsBefore = fake.refunds.length;
    const cancelled = await post(client, '/client/tasks/cancel', { taskId, reason: 'changed-plans' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refund: null, paymentReversed: true });
    expect(fake.refunds.length).toBe(refundsBefore);

    await expect(payments.honourPayment(server.deps.db, reference, clock)).rejects.toThrow(
      /was reversed with the provider \(charge\.dispute\.create\)/,
    );
  });

  it('a refund the server did not start, of a charge that bought a plan: the plan is listed for the operator', async () => {
    const client = await insertClient(server);
    const reference = charge(client, 5_000_000);
    const bought = await post(client, '/client/subscribe', { userId: client.id, plan: 'Bronze', reference });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect((await deliver(fake.refundEvent('refund.processed', reference, 5_000_000))).status).toBe(200);
    const [listed] = (await payments.listPayments(server.deps.db, { now: clock })).filter(
      (payment) => payment.reference === reference,
    );
    expect(listed).toMatchObject({ state: 'reversed-after-fulfilment', purpose: 'subscription' });
    expect(listed!.reason).toMatch(/^Reversed after fulfilment \(refund\.processed\): the client's Bronze plan$/);
  });
});

describe('no verify amplification', () => {
  it('an unknown reference is asked of Paystack once; more than 10 a minute from one client get 429 with Retry-After; a real payment then completes after the wait', async () => {
    const client = await insertClient(server);
    const madeUp = newReference();
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await post(client, '/client/create', taskBody(client, { reference: madeUp }));
      expect(answer.status).toBe(402);
    }
    expect(fake.verifyCalls(madeUp)).toBe(1);

    const references = Array.from({ length: 12 }, () => newReference());
    const answers = [];
    for (const reference of references)
      answers.push(await post(client, '/client/create', taskBody(client, { reference })));
    // The made-up one counted 1 of 10: 9 more are asked, then 429.
    expect(answers.map((answer) => answer.status)).toEqual([...Array(9).fill(402), ...Array(3).fill(429)]);
    expect(answers[9]!.headers.get('retry-after')).toBe('60');
    expect(answers[9]!.body.message).toMatch(/^Too many payment checks/);
    expect(references.reduce((sum, reference) => sum + fake.verifyCalls(reference), 0)).toBe(9);

    const paid = charge(client, 150_000);
    const early = await post(client, '/client/create', taskBody(client, { reference: paid }));
    expect(early.status).toBe(429);
    expect(fake.verifyCalls(paid)).toBe(0);
    clock = new Date(clock.getTime() + 61_000);
    const retried = await post(client, '/client/create', taskBody(client, { reference: paid }));
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
  });

  it('the same booking sent at once several times counts once: all answer the one task', async () => {
    const client = await insertClient(server);
    const reference = charge(client, 150_000);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(client, '/client/create', taskBody(client, { reference }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(11).fill(200), 201]);
  });
});
