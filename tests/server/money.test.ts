/**
 * Money exact (issue 43) on the server, on PGlite and on PostgreSQL (npm run test:server:pg):
 * naira amounts with two decimals taken exactly, a true receipt (quantity, unit price, each
 * part that paid), the receipt of a task the plan paid, precise refusals and coverage in whole
 * steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPoints } from '../../server/db/points';
import * as ops from '../../server/console/commands';
import { nairaToKobo } from '../../src/shared/money';
import { createTestServer, type TestServer } from './harness';
import {
  assignDriver,
  count,
  insertClient,
  insertDriver,
  newReference,
  payReference,
  submitTask,
  taskBody,
  type TestClient,
} from './task-fixtures';

let server: TestServer;
const clock = new Date('2026-11-25T09:00:00Z');

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
});
afterAll(() => server.close());

const post = (path: string, who: TestClient, body: unknown) => server.request('POST', path, { token: who.token, body });

async function bronzeClient(): Promise<TestClient> {
  const client = await insertClient(server);
  await server.deps.db.query(
    `update users set subscription_plan = 'bronze', subscription_started_at = '2026-11-20T09:00:00Z',
            subscription_expires_at = '2026-12-20T09:00:00Z' where id = $1`,
    [client.id],
  );
  return client;
}

const laundry = (client: TestClient, overrides: object = {}) =>
  taskBody(client, { type: 'laundry', serviceName: 'Laundry Service', unit: 'per kg', amount: 1000, ...overrides });

const attentionReason = async (reference: string) =>
  (
    await server.deps.db.query<{ reason: string }>(
      'select reason from payments_needing_attention where reference = $1',
      [reference],
    )
  )[0]?.reason;

describe('amounts with two decimals, exactly', () => {
  it('3 kg of laundry with 512.05 points: the card pays ₦2,487.95; the receipt shows every line, adding up to ₦3,000.00', async () => {
    // 512.05 x 100 is 51204.99999999999 in floating point: the old check refused it.
    const client = await insertClient(server);
    await addPoints(server.deps.db, { userId: client.id, kind: 'referral', amountKobo: 100_000 });
    const body = laundry(client, { quantity: 3, pointsUsed: 512.05 });
    await payReference(server, client, 2487.95, body.reference);
    const created = await submitTask(server, client, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ amount: 3000, quantity: 3 });
    const points = (await post('/client/points', client, {})).body.data;
    expect(points.balance).toBe(487.95);

    const receipt = await post('/client/tasks/receipt', client, { taskId: created.body.data._id });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.data).toMatchObject({
      quantity: 3,
      unit: 'per kg',
      unitPrice: 1000,
      total: 3000,
      covered: null,
      points: 512.05,
      paid: 2487.95,
      vatIncluded: 209.3,
      vatRate: 0.075,
      paymentMethod: 'Card - test payment',
      clientName: 'Ada Obi',
      address: '12 Admiralty Way, Lekki, Lagos',
    });
    const { points: spent, paid, total } = receipt.body.data;
    expect(nairaToKobo(spent) + nairaToKobo(paid)).toBe(nairaToKobo(total));

    // Completed, the same lines go out by e-mail.
    await insertDriver(server).then((driver) => assignDriver(server, created.body.data._id, driver));
    await ops.moveTaskTo(server.deps, created.body.data._id, 'completed', { actor: 'cli' });
    const mail = server.deps.mailer.inbox!(client.email).at(-1)!;
    for (const line of [
      'Client: Ada Obi',
      'Pickup address: 12 Admiralty Way, Lekki, Lagos',
      '3 kg x ₦1,000.00 (per kg) = ₦3,000.00',
      'Recycle points: ₦512.05',
      'Card - test payment: ₦2,487.95',
      'Total: ₦3,000.00',
      'VAT included (7.5%): ₦209.30',
    ])
      expect(mail.text).toContain(line);
  });

  it('a bank transfer says so on the receipt, and a task partly covered by the plan lists the plan, the points and the transfer', async () => {
    const client = await bronzeClient();
    await addPoints(server.deps.db, { userId: client.id, kind: 'referral', amountKobo: 50_000 });
    // 5 kg, 2 covered by Bronze (it includes laundry kg), 3 paid: ₦3,000 less 100.50 points.
    const body = laundry(client, { quantity: 5, coveredQuantity: 2, pointsUsed: 100.5 });
    const response = await server.request('POST', '/dev/payments', {
      token: client.token,
      body: { reference: body.reference, amount: 289_950, email: client.email, channel: 'bank_transfer' },
    });
    expect(response.status).toBe(201);
    const created = await submitTask(server, client, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const receipt = (await post('/client/tasks/receipt', client, { taskId: created.body.data._id })).body.data;
    expect(receipt).toMatchObject({
      quantity: 5,
      unitPrice: 1000,
      total: 5000,
      covered: { quantity: 2, amount: 2000, plan: 'Bronze' },
      points: 100.5,
      paid: 2899.5,
      paymentMethod: 'Bank transfer - test payment',
    });
  });

  it("a task the plan paid in full has a receipt too: 'Covered by your Bronze plan', ₦0.00 paid", async () => {
    const client = await bronzeClient();
    const body = taskBody(client, { coveredQuantity: 1 });
    const created = await submitTask(server, client, body);
    expect(created.status).toBe(201);
    const receipt = await post('/client/tasks/receipt', client, { taskId: created.body.data._id });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      quantity: 1,
      unitPrice: 1500,
      total: 1500,
      covered: { quantity: 1, amount: 1500, plan: 'Bronze' },
      points: 0,
      paid: 0,
      paymentMethod: 'Covered by your Bronze plan',
    });
  });

  it('an amount or points with more than two decimals is a 400 with a message', async () => {
    const client = await insertClient(server);
    const amount = await submitTask(server, client, taskBody(client, { amount: 1500.005 }));
    expect(amount.status).toBe(400);
    expect(amount.body.message).toBe('amount must be naira with at most 2 decimals');
    const points = await submitTask(server, client, taskBody(client, { pointsUsed: 0.001 }));
    expect(points.status).toBe(400);
    expect(points.body.message).toBe('pointsUsed must be a number of tokens with at most 2 decimals');
  });
});

describe('less collected than booked', () => {
  it("gives back the same share of each way it was paid: the card's, the points' and the plan's units", async () => {
    const client = await bronzeClient();
    await addPoints(server.deps.db, { userId: client.id, kind: 'referral', amountKobo: 50_000 });
    const laundryLeft = async () =>
      (await post('/client/plan', client, {})).body.data.allowance.find(
        (item: { service: string }) => item.service === 'laundry',
      ).left as number;
    const before = await laundryLeft();
    // 5 kg, 2 covered by Bronze, 3 paid: ₦3,000 less 100.50 points, ₦2,899.50 by card.
    const body = laundry(client, { quantity: 5, coveredQuantity: 2, pointsUsed: 100.5 });
    await payReference(server, client, 2899.5, body.reference);
    const created = await submitTask(server, client, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const taskId = created.body.data._id as string;
    expect(await laundryLeft()).toBe(before - 2);
    await insertDriver(server).then((driver) => assignDriver(server, taskId, driver));

    // Half of it collected: half of each part goes back.
    const change = await ops.moveTaskTo(server.deps, taskId, 'completed', { actor: 'cli', recycledKg: 2.5 });
    expect(change.task).toMatchObject({ status: 'completed' });
    const refunds = await server.deps.db.query<{ kind: string; amount_kobo: number }>(
      'select kind, amount_kobo from refunds where task_id = $1',
      [taskId],
    );
    expect(refunds.map((refund) => [refund.kind, Number(refund.amount_kobo)])).toEqual([['weighed', 144_975]]);
    const points = (await post('/client/points', client, {})).body.data;
    expect(points.entries.filter((entry: { taskId: string | null }) => entry.taskId === taskId)).toEqual([
      expect.objectContaining({ kind: 'refunded', amount: 50.25 }),
      expect.objectContaining({ kind: 'spent', amount: -100.5 }),
    ]);
    expect(points.balance).toBe(449.75);
    const [row] = await server.deps.db.query<{ delivered_quantity: number; covered_returned: number }>(
      'select delivered_quantity, covered_returned from tasks where id = $1',
      [taskId],
    );
    expect([Number(row!.delivered_quantity), Number(row!.covered_returned)]).toEqual([2.5, 1]);
    // The plan's unit given back is this month's allowance again.
    expect(await laundryLeft()).toBe(before - 1);
  });
});

describe('coverage in whole steps', () => {
  it('0.0049 kg, 0.25 kg or half a pickup are refused before any payment is looked at', async () => {
    const client = await bronzeClient();
    const tiny = await submitTask(server, client, laundry(client, { quantity: 3, coveredQuantity: 0.0049 }));
    expect(tiny.status).toBe(400);
    expect(tiny.body.message).toBe('coveredQuantity must be in steps of 0.5 kg');
    const quarter = await submitTask(server, client, laundry(client, { quantity: 3, coveredQuantity: 0.25 }));
    expect(quarter.status).toBe(400);
    const half = await submitTask(server, client, taskBody(client, { coveredQuantity: 0.5 }));
    expect(half.status).toBe(400);
    expect(half.body.message).toBe("coveredQuantity must be a whole number of the service's units");
    expect(await count(server, 'select 1 from tasks where user_id = $1', [client.id])).toBe(0);
  });

  it('more than the plan has left is refused (409), the charge kept for an operator', async () => {
    const client = await insertClient(server);
    const body = laundry(client, { quantity: 3, coveredQuantity: 1 });
    await payReference(server, client, 2000, body.reference);
    const refused = await submitTask(server, client, body);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Your plan covers 0 more this month. Your payment is kept safe and our support team will contact you to settle it.',
    );
    expect(await attentionReason(body.reference)).toMatch(/^Your plan covers 0 more this month/);
  });
});

describe('precise refusals of a paid booking', () => {
  it("outside the area: 'We don't serve this area yet', never the amount message", async () => {
    const client = await insertClient(server);
    // Kano: in Nigeria, outside the Lagos service area.
    const body = taskBody(client, { location: { type: 'Point', coordinates: [8.5167, 12.0] } });
    await payReference(server, client, 1500, body.reference);
    const refused = await submitTask(server, client, body);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^We don't serve this area yet/);
    expect(refused.body.message).not.toMatch(/amount/);
    expect(refused.body.message).toMatch(/Your payment is kept safe/);
  });

  it("a window no longer offered: 'This window is no longer available'", async () => {
    const client = await insertClient(server);
    const body = taskBody(client, {
      scheduledFor: { start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T10:00:00.000Z' },
    });
    await payReference(server, client, 1500, body.reference);
    const refused = await submitTask(server, client, body);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^This window is no longer available/);
    expect(refused.body.message).not.toMatch(/amount/);
  });

  it('a quantity out of range names the quantity', async () => {
    const client = await insertClient(server);
    const body = laundry(client, { quantity: 500 });
    await payReference(server, client, 500_000, body.reference);
    const refused = await submitTask(server, client, body);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Quantity must be from 1 to 200 kg\. Your payment is kept safe/);
  });

  it("a reference a covered booking used, then paid for another booking: 409 'This payment reference was already used', the charge kept", async () => {
    const client = await bronzeClient();
    const reference = newReference();
    expect((await submitTask(server, client, taskBody(client, { coveredQuantity: 1, reference }))).status).toBe(201);
    await payReference(server, client, 3000, reference);
    const paid = await submitTask(server, client, laundry(client, { quantity: 3, reference }));
    expect(paid.status).toBe(409);
    expect(paid.body.message).toMatch(/^This payment reference was already used/);
    expect(await attentionReason(reference)).toBe('The reference was already used by another booking');
    expect(await count(server, 'select 1 from tasks where reference = $1', [reference])).toBe(1);
  });
});
