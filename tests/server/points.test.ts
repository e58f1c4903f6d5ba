import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotEnoughPoints, addPoints } from '../../server/db/points';
import * as ops from '../../server/console/commands';
import { createTestServer, type TestServer } from './harness';
import {
  assignDriver,
  createPaidTask,
  insertClient,
  insertDriver,
  payReference,
  submitTask,
  taskBody,
  type TestClient,
} from './task-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const pointsOf = async (who: TestClient) => {
  const response = await server.request('POST', '/client/points', { token: who.token, body: {} });
  expect(response.status).toBe(200);
  return response.body.data as { balance: number; entries: { kind: string; amount: number; taskId: string | null }[] };
};

/** The command line's operator commands (`npm run ops`). */
const CLI = { actor: 'cli' } as const;

/** A recycling task of `kg` booked at ₦1,500 a kg (a completion collects at most what was booked). */
async function onGoingRecycling(client: TestClient, kg = 1) {
  const task = await createPaidTask(server, client, {
    type: 'recycling',
    serviceName: 'Recycling Collection',
    amount: 1500 * kg,
    quantity: kg,
    unit: 'per kg',
  });
  await assignDriver(server, task._id, await insertDriver(server));
  await ops.moveTaskTo(server.deps, task._id, 'on-going', CLI);
  return task._id as string;
}

describe('points that pay: the ledger', () => {
  it('completing a recycling task with its weight earns 10 tokens per kg, once; the balance is the sum of the ledger', async () => {
    const client = await insertClient(server);
    const taskId = await onGoingRecycling(client, 12.5);
    const change = await ops.moveTaskTo(server.deps, taskId, 'completed', { ...CLI, recycledKg: 12.5 });
    expect(change.pointsEarned).toBe(125);
    expect(change.task).toMatchObject({ status: 'completed', recycledKg: 12.5 });
    const points = await pointsOf(client);
    expect(points.balance).toBe(125);
    expect(points.entries).toEqual([expect.objectContaining({ kind: 'earned', amount: 125, taskId })]);
    await expect(ops.moveTaskTo(server.deps, taskId, 'completed', { ...CLI, recycledKg: 20 })).rejects.toThrow(
      /completed already/,
    );
    expect((await pointsOf(client)).balance).toBe(125);
    const user = await server.request('POST', '/client/userdata', { body: { token: client.token } });
    expect(user.body.data.balance).toBe(125);
  });

  it('a weight is refused on a task that is not recycling, and when not completing', async () => {
    const client = await insertClient(server);
    const household = await createPaidTask(server, client);
    await assignDriver(server, household._id, await insertDriver(server));
    await expect(ops.moveTaskTo(server.deps, household._id, 'completed', { ...CLI, recycledKg: 3 })).rejects.toThrow(
      /is not priced per kg: only such a task is weighed/,
    );
    const recycling = await onGoingRecycling(client);
    await expect(ops.moveTaskTo(server.deps, recycling, 'on-going', { ...CLI, recycledKg: 3 })).rejects.toThrow(
      /only when completing/,
    );
    await expect(ops.moveTaskTo(server.deps, recycling, 'completed', { ...CLI, recycledKg: -1 })).rejects.toThrow(
      /more than 0/,
    );
    expect((await pointsOf(client)).entries).toEqual([]);
  });

  it('the operator API takes the weight too (npm run ops -- complete <id> --kg N)', async () => {
    const client = await insertClient(server);
    const taskId = await onGoingRecycling(client, 3);
    // Weights are in tenths of a kg.
    const tooPrecise = await server.request('POST', `/ops/tasks/${taskId}/status`, {
      headers: { 'X-Ops-Token': server.deps.opsToken },
      body: { status: 'completed', recycledKg: 2.25 },
    });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.message).toBe('quantity must have at most one decimal');
    const response = await server.request('POST', `/ops/tasks/${taskId}/status`, {
      headers: { 'X-Ops-Token': server.deps.opsToken },
      body: { status: 'completed', recycledKg: 2.5 },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.pointsEarned).toBe(25);
    const bad = await server.request('POST', `/ops/tasks/${taskId}/status`, {
      headers: { 'X-Ops-Token': server.deps.opsToken },
      body: { status: 'completed', recycledKg: 'lots' },
    });
    expect(bad.status).toBe(400);
  });

  it('never below zero: of concurrent spends larger together than the balance, only those that fit pass', async () => {
    const client = await insertClient(server);
    await addPoints(server.deps.db, { userId: client.id, kind: 'referral', amountKobo: 10000 });
    const spends = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        server.deps.db.transaction((tx) => addPoints(tx, { userId: client.id, kind: 'spent', amountKobo: -3000 })),
      ),
    );
    expect(spends.filter((spend) => spend.status === 'fulfilled')).toHaveLength(3);
    for (const spend of spends) if (spend.status === 'rejected') expect(spend.reason).toBeInstanceOf(NotEnoughPoints);
    const points = await pointsOf(client);
    expect(points.balance).toBe(10);
    expect(points.entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(10);
  });

  it("a referral reward is a ledger entry of the referrer's", async () => {
    const referrer = await server.createClient();
    const code = (await server.request('POST', '/client/userdata', { body: { token: referrer.token } })).body.data
      .referralCode as string;
    const referred = await server.createClient({ ref: code });
    const task = await createPaidTask(server, referred);
    await assignDriver(server, task._id, await insertDriver(server));
    const change = await ops.moveTaskTo(server.deps, task._id, 'completed', CLI);
    expect(change.referralReward).toEqual({ referrerId: referrer.id, amount: 500 });
    const points = await pointsOf(referrer);
    expect(points).toEqual({ balance: 500, entries: [expect.objectContaining({ kind: 'referral', amount: 500 })] });
  });
});

describe('points that pay at checkout', () => {
  const booking = (client: TestClient, pointsUsed: number) => ({
    ...taskBody(client),
    pointsUsed,
  });

  it('up to half of a booking: the card pays the rest, the points leave the balance with the task; a cancel gives them back', async () => {
    const client = await insertClient(server);
    await addPoints(server.deps.db, { userId: client.id, kind: 'referral', amountKobo: 100000 });
    const body = booking(client, 750);
    await payReference(server, client, 750, body.reference);
    const created = await submitTask(server, client, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.amount).toBe(1500);
    expect((await pointsOf(client)).balance).toBe(250);
    const cancelled = await server.request('POST', '/client/tasks/cancel', {
      token: client.token,
      body: { taskId: created.body.data._id, reason: 'changed-plans' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // The card's ₦750 is refunded by the provider, the 750 points by the ledger.
    expect(cancelled.body.data.refund).toMatchObject({ amount: 750 });
    const points = await pointsOf(client);
    expect(points.balance).toBe(1000);
    expect(points.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['refunded', 750],
      ['spent', -750],
      ['referral', 1000],
    ]);
  });

  it('more than half, or more points than the balance: refused, the card payment kept for an operator, the balance untouched', async () => {
    const client = await insertClient(server);
    await addPoints(server.deps.db, { userId: client.id, kind: 'referral', amountKobo: 50000 });
    const tooMuch = booking(client, 800);
    await payReference(server, client, 700, tooMuch.reference);
    const refused = await submitTask(server, client, tooMuch);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Points can pay at most half of the booking \(₦750\.00\)/);
    const poor = booking(client, 600);
    await payReference(server, client, 900, poor.reference);
    const short = await submitTask(server, client, poor);
    expect(short.status).toBe(409);
    expect(short.body.message).toMatch(/^You do not have 600.00 points any more/);
    expect((await pointsOf(client)).balance).toBe(500);
  });

  it('two bookings at once spending the same points: one passes, the other is refused, never below zero', async () => {
    const client = await insertClient(server);
    await addPoints(server.deps.db, { userId: client.id, kind: 'referral', amountKobo: 70000 });
    const first = booking(client, 700);
    const second = booking(client, 700);
    await payReference(server, client, 800, first.reference);
    await payReference(server, client, 800, second.reference);
    const statuses = (await Promise.all([submitTask(server, client, first), submitTask(server, client, second)])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    expect((await pointsOf(client)).balance).toBe(0);
  });
});
