/**
 * Refunds through Paystack's Refund API (the real refunder against the fake Paystack at
 * PAYSTACK_API_URL) and the refund webhooks that move their state. An unsolicited refund
 * (not one we started) still goes to the reversal branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import * as payments from '../../server/payments/payment-commands';
import { claimPaymentUse } from '../../server/db/payments';
import * as lifecycle from '../../server/tasks/lifecycle';
import { startFakePaystack, type FakePaystack, paidNow } from './fake-paystack';
import { createTestServer, type TestServer } from './harness';
import { insertClient, newReference, taskBody, type TestClient } from './task-fixtures';

let fake: FakePaystack;
let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  fake = await startFakePaystack();
  server = await createTestServer({ config: { paystackSecretKey: fake.secretKey, paystackApiUrl: fake.url } });
  client = await insertClient(server);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const post = (path: string, body: unknown) => server.request('POST', path, { token: client.token, body });

/** A task paid through the fake Paystack (₦4,000 of household pickups at the shown price). */
async function paidTask(naira = 1500) {
  const reference = newReference();
  fake.charge({
    reference,
    status: 'success',
    amount: naira * 100,
    email: client.email,
    paidAt: paidNow(),
  });
  const created = await post('/client/create', taskBody(client, { reference, amount: naira }));
  expect(created.status).toBe(201);
  return created.body.data as { _id: string; reference: string };
}

const deliver = (event: unknown) => {
  const { body, signature } = fake.webhook(event);
  return server.request('POST', '/paystack/webhook', {
    rawBody: body,
    headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
  });
};

const refundOf = async (taskId: string) => {
  const tasks = (await post('/client/task', { userId: client.id })).body.data;
  return tasks.find((task: { _id: string }) => task._id === taskId).refund;
};

describe('refunds through Paystack', () => {
  it('a cancel asks Paystack for the full amount; refund.processed makes it refunded, once', async () => {
    const task = await paidTask();
    const cancelled = await post('/client/tasks/cancel', { taskId: task._id, reason: 'booked-by-mistake' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.refund).toMatchObject({ status: 'pending', amount: 1500 });
    expect(fake.refunds.at(-1)).toEqual({ transaction: task.reference, amount: 150_000 });

    const event = fake.refundEvent('refund.processed', task.reference, 150_000);
    expect((await deliver(event)).status).toBe(200);
    expect(await refundOf(task._id)).toMatchObject({ status: 'refunded', amount: 1500 });
    await deliver(event);
    const bell = (await post('/client/events', { limit: 50 })).body.data.filter(
      (entry: { taskId: string; kind: string }) => entry.taskId === task._id && entry.kind === 'refund',
    );
    expect(bell.map((entry: { refundStatus: string }) => entry.refundStatus)).toEqual(['refunded', 'pending']);
    // Our own refund is no reversal: nothing lands in charge_reversals for it.
    expect(await server.deps.db.query('select 1 from charge_reversals where reference = $1', [task.reference])).toEqual(
      [],
    );
  });

  it('refund.failed marks it failed and lists it in payments needing attention', async () => {
    const task = await paidTask();
    await post('/client/tasks/cancel', { taskId: task._id, reason: 'other' });
    await deliver(fake.refundEvent('refund.failed', task.reference, 150_000));
    expect(await refundOf(task._id)).toMatchObject({ status: 'failed' });
    const listed = (await payments.listPayments(server.deps.db)).find((entry) => entry.reference === task.reference);
    expect(listed).toMatchObject({ state: 'refund-failed', amount: 1500, purpose: 'task' });
  });

  it('a refund Paystack refuses is failed at once; the operator cancelling refunds the same way', async () => {
    const task = await paidTask();
    fake.refundOutcome = 'refused';
    try {
      await ops.moveTaskTo(server.deps, task._id, 'cancelled', { actor: 'cli' });
    } finally {
      fake.refundOutcome = 'pending';
    }
    expect(fake.refunds.at(-1)).toEqual({ transaction: task.reference, amount: 150_000 });
    expect(await refundOf(task._id)).toMatchObject({ status: 'failed' });
  });

  it('a refund never asked of Paystack (the server stopped in between) is listed after 10 minutes', async () => {
    const task = await paidTask();
    // The cancel inside a transaction the caller holds opens the refund; asking the provider is the caller's, after.
    await server.deps.db.transaction((tx) =>
      lifecycle.cancel(
        { ...server.deps, db: lifecycle.joined(tx) },
        task._id,
        { reason: null, note: '' },
        { actor: 'cli' },
      ),
    );
    const listed = async () =>
      (await payments.listPayments(server.deps.db)).find((entry) => entry.reference === task.reference);
    expect(await listed()).toBeUndefined();
    await server.deps.db.query(`update refunds set created_at = now() - interval '11 minutes' where task_id = $1`, [
      task._id,
    ]);
    expect(await listed()).toMatchObject({ state: 'refund-failed', reason: expect.stringMatching(/never asked/) });
  });

  it('a refund.processed with a bad signature changes nothing', async () => {
    const task = await paidTask();
    await post('/client/tasks/cancel', { taskId: task._id, reason: 'other' });
    const { body } = fake.webhook(fake.refundEvent('refund.processed', task.reference, 150_000));
    const response = await server.request('POST', '/paystack/webhook', {
      rawBody: body,
      headers: { 'Content-Type': 'application/json', 'x-paystack-signature': 'ab'.repeat(64) },
    });
    expect(response.status).toBe(401);
    expect(await refundOf(task._id)).toMatchObject({ status: 'pending' });
  });

  it("a paid extra's charge reversed: the operator's entry names the task it paid for; the booking stays paid", async () => {
    const task = await paidTask();
    const extraReference = newReference();
    await server.deps.db.transaction(async (tx) => {
      await claimPaymentUse(tx, {
        reference: extraReference,
        purpose: 'extra',
        userId: client.id,
        amountKobo: 300_000,
      });
      await tx.query(`update tasks set extra_reference = $2, extra_status = 'paid' where id = $1`, [
        task._id,
        extraReference,
      ]);
    });
    await deliver(fake.refundEvent('refund.processed', extraReference, 300_000));
    const [entry] = await server.deps.db.query<{ purpose: string; reason: string }>(
      'select purpose, reason from payments_needing_attention where reference = $1',
      [extraReference],
    );
    expect(entry.purpose).toBe('extra');
    expect(entry.reason).toContain(`the extra of task ${task._id}`);
    const [booking] = await server.deps.db.query<{ payment_reversed_at: Date | null }>(
      'select payment_reversed_at from tasks where id = $1',
      [task._id],
    );
    expect(booking.payment_reversed_at).toBeNull();
  });

  it('a refund we did not start still goes to the reversal branch', async () => {
    const reference = newReference();
    await deliver(fake.refundEvent('refund.processed', reference, 100_000));
    expect(await server.deps.db.query('select event from charge_reversals where reference = $1', [reference])).toEqual([
      { event: 'refund.processed' },
    ]);
  });
});
