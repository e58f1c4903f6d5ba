import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotEnoughPoints, addPoints } from '../../server/db/points';
import * as ops from '../../server/ops/commands';
import { createTestServer, type TestServer } from './harness';
import { assignDriver, createPaidTask, insertClient, insertDriver, type TestClient } from './task-fixtures';

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

const opsOptions = () => ({ referralReward: 500 });

async function onGoingRecycling(client: TestClient) {
  const task = await createPaidTask(server, client, {
    type: 'recycling',
    serviceName: 'Recycling Collection',
    amount: 1500,
    unit: 'per kg',
  });
  await assignDriver(server, task._id, await insertDriver(server));
  await ops.setTaskStatus(server.deps.db, task._id, 'on-going', opsOptions());
  return task._id as string;
}

describe('points that pay: the ledger', () => {
  it('completing a recycling task with its weight earns 10 tokens per kg, once; the balance is the sum of the ledger', async () => {
    const client = await insertClient(server);
    const taskId = await onGoingRecycling(client);
    const change = await ops.setTaskStatus(server.deps.db, taskId, 'completed', { ...opsOptions(), recycledKg: 12.5 });
    expect(change.pointsEarned).toBe(125);
    expect(change.task).toMatchObject({ status: 'completed', recycledKg: 12.5 });
    const points = await pointsOf(client);
    expect(points.balance).toBe(125);
    expect(points.entries).toEqual([expect.objectContaining({ kind: 'earned', amount: 125, taskId })]);
    await expect(
      ops.setTaskStatus(server.deps.db, taskId, 'completed', { ...opsOptions(), recycledKg: 20 }),
    ).rejects.toThrow(/completed already/);
    expect((await pointsOf(client)).balance).toBe(125);
    const user = await server.request('POST', '/client/userdata', { body: { token: client.token } });
    expect(user.body.data.balance).toBe(125);
  });

  it('a weight is refused on a task that is not recycling, and when not completing', async () => {
    const client = await insertClient(server);
    const household = await createPaidTask(server, client);
    await assignDriver(server, household._id, await insertDriver(server));
    await expect(
      ops.setTaskStatus(server.deps.db, household._id, 'completed', { ...opsOptions(), recycledKg: 3 }),
    ).rejects.toThrow(/not a recycling task/);
    const recycling = await onGoingRecycling(client);
    await expect(
      ops.setTaskStatus(server.deps.db, recycling, 'on-going', { ...opsOptions(), recycledKg: 3 }),
    ).rejects.toThrow(/only when completing/);
    await expect(
      ops.setTaskStatus(server.deps.db, recycling, 'completed', { ...opsOptions(), recycledKg: -1 }),
    ).rejects.toThrow(/more than 0/);
    expect((await pointsOf(client)).entries).toEqual([]);
  });

  it('the operator API takes the weight too (npm run ops -- complete <id> --kg N)', async () => {
    const client = await insertClient(server);
    const taskId = await onGoingRecycling(client);
    const response = await server.request('POST', `/ops/tasks/${taskId}/status`, {
      headers: { 'X-Ops-Token': server.deps.opsToken },
      body: { status: 'completed', recycledKg: 2.25 },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.pointsEarned).toBe(22.5);
    const bad = await server.request('POST', `/ops/tasks/${taskId}/status`, {
      headers: { 'X-Ops-Token': server.deps.opsToken },
      body: { status: 'completed', recycledKg: 'lots' },
    });
    expect(bad.status).toBe(400);
  });

  it('never below zero: of concurrent spends larger together than the balance, only those that fit pass', async () => {
    const client = await insertClient(server);
    await addPoints(server.deps.db, { userId: client.id, kind: 'referral', amount: 100 });
    const spends = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        server.deps.db.transaction((tx) => addPoints(tx, { userId: client.id, kind: 'spent', amount: -30 })),
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
    const change = await ops.setTaskStatus(server.deps.db, task._id, 'completed', opsOptions());
    expect(change.referralReward).toEqual({ referrerId: referrer.id, amount: 500 });
    const points = await pointsOf(referrer);
    expect(points).toEqual({ balance: 500, entries: [expect.objectContaining({ kind: 'referral', amount: 500 })] });
  });
});
