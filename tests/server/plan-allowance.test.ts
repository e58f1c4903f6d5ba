import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import { changedPlan, listPlans, savePlan } from '../../server/console/plan-commands';
import { supportTable } from '../../server/ops/format';
import { createTestServer, type TestServer } from './harness';
import { createPaidTask, insertClient, payReference, type TestClient } from './task-fixtures';

let server: TestServer;
let clock = new Date('2026-11-25T09:00:00Z');

beforeAll(async () => {
  server = await createTestServer({
    now: () => clock,
    config: { platinumManager: { name: 'Ngozi Okafor', phone: '+2348030000001' } },
  });
});
afterAll(() => server.close());

const planOf = (who: TestClient) => server.request('POST', '/client/plan', { token: who.token, body: {} });

async function subscribe(who: TestClient, plan: string, price: number) {
  const reference = await payReference(server, who, price);
  const response = await server.request('POST', '/client/subscribe', {
    token: who.token,
    body: { userId: who.id, plan, reference },
  });
  expect(response.status).toBe(200);
}

/** A task the plan paid `covered` units of (the booking path sets covered_quantity). */
async function coveredTask(who: TestClient, serviceName: string, covered: number, createdAt: Date) {
  const laundry = serviceName === 'Laundry Service';
  const task = await createPaidTask(server, who, {
    serviceName,
    type: laundry ? 'laundry' : 'household',
    amount: laundry ? 1000 : 1500,
    unit: laundry ? 'per kg' : 'per pickup',
  });
  await server.deps.db.query('update tasks set covered_quantity = $2, created_at = $3 where id = $1', [
    task._id,
    covered,
    createdAt,
  ]);
  return task._id as string;
}

describe('POST /client/plan', () => {
  it('Freemium (no plan, or an expired one): data null', async () => {
    const client = await insertClient(server);
    expect((await planOf(client)).body).toEqual({ data: null });
    await server.deps.db.query(
      "update users set subscription_plan = 'gold', subscription_expires_at = '2026-11-01T00:00:00Z' where id = $1",
      [client.id],
    );
    expect((await planOf(client)).body).toEqual({ data: null });
  });

  it('Bronze: 20 pickups and 30 kg laundry each plan month; covered bookings use them, a cancelled one gives back', async () => {
    const client = await insertClient(server);
    await subscribe(client, 'bronze', 50_000);
    const fresh = await planOf(client);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({
      plan: 'bronze',
      startedAt: '2026-11-25T09:00:00.000Z',
      expiresAt: '2026-12-25T09:00:00.000Z',
      monthStart: '2026-11-25T09:00:00.000Z',
      monthEnd: '2026-12-25T09:00:00.000Z',
      manager: null,
    });
    expect(
      fresh.body.data.allowance.map((item: { service: string; left: number }) => [item.service, item.left]),
    ).toEqual([
      ['household', 20],
      ['laundry', 30],
    ]);

    await coveredTask(client, 'Household Waste Pickup', 1, new Date('2026-11-25T10:00:00Z'));
    await coveredTask(client, 'Household Waste Pickup', 1, new Date('2026-11-26T10:00:00Z'));
    await coveredTask(client, 'Laundry Service', 3.5, new Date('2026-11-27T10:00:00Z'));
    const cancelled = await coveredTask(client, 'Household Waste Pickup', 1, new Date('2026-11-27T11:00:00Z'));
    await server.deps.db.query("update tasks set status = 'cancelled' where id = $1", [cancelled]);
    // Another client's covered booking is not this client's.
    const other = await insertClient(server);
    await subscribe(other, 'bronze', 50_000);
    await coveredTask(other, 'Household Waste Pickup', 1, new Date('2026-11-26T10:00:00Z'));

    clock = new Date('2026-11-28T09:00:00Z');
    const used = (await planOf(client)).body.data.allowance;
    expect(
      used.map((item: { service: string; used: number; left: number }) => [item.service, item.used, item.left]),
    ).toEqual([
      ['household', 2, 18],
      ['laundry', 3.5, 26.5],
    ]);
  });

  it('a new plan month starts the count again; extending a running plan keeps its months', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await insertClient(server);
    await subscribe(client, 'bronze', 50_000);
    await coveredTask(client, 'Household Waste Pickup', 1, new Date('2026-12-24T09:00:00Z'));
    // Renewed before it ends: the plan runs on, its months still count from 25 Nov.
    clock = new Date('2026-12-20T09:00:00Z');
    await subscribe(client, 'bronze', 50_000);
    clock = new Date('2026-12-24T10:00:00Z');
    const december = (await planOf(client)).body.data;
    expect(december).toMatchObject({ startedAt: '2026-11-25T09:00:00.000Z', expiresAt: '2027-01-25T09:00:00.000Z' });
    expect(december.allowance[0]).toMatchObject({ used: 1, left: 19 });
    clock = new Date('2026-12-25T09:00:00Z');
    const january = (await planOf(client)).body.data;
    expect(january).toMatchObject({ monthStart: '2026-12-25T09:00:00.000Z', monthEnd: '2027-01-25T09:00:00.000Z' });
    expect(january.allowance[0]).toMatchObject({ used: 0, left: 20 });
  });

  it("Platinum shows the dedicated manager the operator set; Gold's table has six inclusions", async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const platinum = await insertClient(server);
    await subscribe(platinum, 'platinum', 500_000);
    expect((await planOf(platinum)).body.data.manager).toEqual({ name: 'Ngozi Okafor', phone: '+2348030000001' });
    const gold = await insertClient(server);
    await subscribe(gold, 'gold', 300_000);
    const status = (await planOf(gold)).body.data;
    expect(status.manager).toBeNull();
    expect(status.allowance).toHaveLength(6);
  });

  it('Gold and Platinum read their weekly report in the app: the last 8 Lagos weeks, this week first; Bronze none', async () => {
    const gold = await insertClient(server);
    const bronze = await insertClient(server);
    for (const [who, plan] of [
      [gold, 'gold'],
      [bronze, 'bronze'],
    ] as const)
      await server.deps.db.query(
        "update users set subscription_plan = $2, subscription_started_at = '2026-10-01T09:00:00Z', subscription_expires_at = '2027-03-01T00:00:00Z' where id = $1",
        [who.id, plan],
      );
    const completed = async (at: string, kg: number | null) => {
      const task = await createPaidTask(server, gold);
      await server.deps.db.query(
        "update tasks set status = 'completed', completed_at = $2, recycled_kg = $3 where id = $1",
        [task._id, at, kg],
      );
    };
    // Clock: Wed 25 Nov 2026 (this week from Mon 23 Nov, Lagos).
    await completed('2026-11-22T23:00:00Z', 12.5); // Mon 23 Nov, 00:00 Lagos: this week
    await completed('2026-11-22T22:59:00Z', null); // Sun 22 Nov, 23:59 Lagos: last week
    await completed('2026-10-04T09:00:00Z', 3); // Sun 4 Oct: before the 8th week back (from Mon 5 Oct)
    const weeks = (await planOf(gold)).body.data.weeks;
    expect(weeks).toHaveLength(8);
    expect(weeks[0]).toEqual({ weekStart: '2026-11-23', pickups: 1, kg: 12.5 });
    expect(weeks[1]).toEqual({ weekStart: '2026-11-16', pickups: 1, kg: 0 });
    expect(weeks[7]).toEqual({ weekStart: '2026-10-05', pickups: 0, kg: 0 });
    expect((await planOf(bronze)).body.data.weeks).toBeUndefined();
  });

  it('needs a session', async () => {
    const response = await server.request('POST', '/client/plan', { body: {} });
    expect(response.status).toBe(401);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe("plan holders' support comes first (priority, 24/7, VIP)", () => {
  /** A request to support from a new client on `plan` (running), or on none. */
  const ask = async (plan: string | null, text: string) => {
    const client = await insertClient(server);
    if (plan)
      await server.deps.db.query(
        "update users set subscription_plan = $2, subscription_expires_at = '2099-01-01T00:00:00Z' where id = $1",
        [client.id, plan],
      );
    const task = await createPaidTask(server, client);
    const sent = await server.request('POST', '/client/support', {
      token: client.token,
      body: { taskId: task._id, category: 'pickup', text },
    });
    expect(sent.status).toBe(201);
    return sent.body.data._id as string;
  };

  it('unanswered requests: Platinum, Gold, Silver, then the rest, oldest first within each; marked by plan', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const free = await ask(null, 'free first');
    const silver = await ask('silver', 'silver');
    const expired = await ask('gold', 'gold but expired');
    await server.deps.db.query(
      "update users set subscription_expires_at = '2026-01-01T00:00:00Z' where id = (select user_id from support_requests where id = $1)",
      [expired],
    );
    const gold = await ask('gold', 'gold');
    const platinum = await ask('platinum', 'platinum');
    const bronze = await ask('bronze', 'bronze');
    const listed = await ops.listSupport(server.deps.db, { now: clock });
    const mine = listed.filter((request) => [free, silver, expired, gold, platinum, bronze].includes(request.id));
    expect(mine.map((request) => request.id)).toEqual([platinum, gold, silver, free, expired, bronze]);
    expect(mine.map((request) => request.plan)).toEqual(['platinum', 'gold', 'silver', null, null, 'bronze']);
    const printed = supportTable(mine);
    expect(mine.map((request) => request.priority)).toEqual(['Platinum VIP', 'Gold 24/7', 'Silver', null, null, null]);
    // The command line's column is the same label, a dash without one.
    const priorities = printed
      .split('\n')
      .slice(2)
      .map((line) => line.split(/\s{2,}/)[1]);
    expect(priorities).toEqual(['Platinum VIP', 'Gold 24/7', 'Silver', '-', '-', '-']);
  });

  it("follows the plans' data: an admin's new plan with a priority comes first by its price; a plan whose priority is cleared has none", async () => {
    clock = new Date('2026-11-26T09:00:00Z');
    const admin = { operatorId: null, actor: 'cli', address: 'local' };
    const platinum = (await listPlans(server.deps.db)).find((plan) => plan.key === 'platinum')!;
    await savePlan(
      server.deps.db,
      {
        ...changedPlan(platinum, 'price', '900000', []),
        key: 'diamond',
        name: 'Diamond',
        active: false,
        supportPriority: 'Diamond desk',
      },
      admin,
    );
    const silverPlan = (await listPlans(server.deps.db)).find((plan) => plan.key === 'silver')!;
    await savePlan(server.deps.db, changedPlan(silverPlan, 'support', 'none', []), admin);
    try {
      const silver = await ask('silver', 'silver');
      const platinumAsk = await ask('platinum', 'platinum');
      const diamond = await ask('diamond', 'diamond');
      const listed = await ops.listSupport(server.deps.db, { now: clock });
      const mine = listed.filter((request) => [silver, platinumAsk, diamond].includes(request.id));
      expect(mine.map((request) => [request.id, request.priority])).toEqual([
        [diamond, 'Diamond desk'],
        [platinumAsk, 'Platinum VIP'],
        [silver, null],
      ]);
    } finally {
      await savePlan(server.deps.db, changedPlan(silverPlan, 'support', 'Silver', []), admin);
    }
  });
});
