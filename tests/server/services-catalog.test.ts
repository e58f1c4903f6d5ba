/**
 * The services as data (issue 65): an admin adds a service and it is listed, priced and booked
 * by its own rule without a deploy; a new price reaches new quotes and not a task booked before;
 * every change is audited; the task lifecycle reads a task's rule from the catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRuleForTask } from '../../server/db/pricing';
import { runCli } from '../../server/ops/cli';
import { captureOutput, noDirectDatabase, startCliServer } from './cli-server';
import { createTestServer, type TestServer } from './harness';
import { readyOperator } from './operator-fixtures';
import {
  createPaidTask,
  insertClient,
  newReference,
  payReference,
  submitTask,
  taskBody,
  type TestClient,
} from './task-fixtures';

const OPS_TOKEN = 'services-catalog-ops-token';
let server: TestServer;
let admin: string;
let client: TestClient;

beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
  admin = (await readyOperator(server, 'admin')).token;
  client = await insertClient(server);
});
afterAll(() => server.close());

const ASH = {
  key: 'ash',
  serviceName: 'Ash Removal',
  name: 'Ash & Cinders',
  price: 2500,
  unit: 'per bag',
  unitWord: 'bags',
  quantity: { min: 1, max: 20, step: 1 },
  pointsPerKg: 0,
  weighed: false,
  pickupPhoto: 'required',
  position: 7,
  active: true,
};

/** Pays `amount x quantity` and books `type`: the raw answer. */
async function book(type: string, amount: number, quantity: number, unit: string) {
  const reference = await payReference(server, client, amount * quantity, newReference());
  return submitTask(server, client, taskBody(client, { type, amount, quantity, unit, reference, serviceName: '' }));
}

describe('the catalog', () => {
  it('a service the admin adds is listed with its own name, unit, price and rule, and booked by that rule', async () => {
    const added = await server.request('POST', '/ops/services', { token: admin, body: ASH });
    expect(added.status).toBe(200);
    const listed = await server.request('GET', '/admin/pricing', { token: client.token });
    expect(listed.body.data).toContainEqual({
      _id: expect.any(String),
      key: 'ash',
      serviceName: 'Ash Removal',
      name: 'Ash & Cinders',
      price: 2500,
      unit: 'per bag',
      unitWord: 'bags',
      quantity: { min: 1, max: 20, step: 1 },
      pointsPerKg: 0,
      weighed: false,
      pickupPhoto: 'required',
    });
    const booked = await book('ash', 2500, 3, 'per bag');
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data).toMatchObject({
      type: 'ash',
      serviceName: 'Ash Removal',
      unit: 'per bag',
      quantity: 3,
      amount: 7500,
    });
    const tooMany = await book('ash', 2500, 21, 'per bag');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toMatch(/^Quantity must be from 1 to 20 bags\./);

    expect(await serviceRuleForTask(server.deps.db, booked.body.data._id)).toEqual({
      key: 'ash',
      unit: 'per bag',
      unitWord: 'bags',
      min: 1,
      max: 20,
      step: 1,
      weighedAtDoor: false,
      pointsPerKg: 0,
      pickupPhoto: 'required',
    });
    expect(await serviceRuleForTask(server.deps.db, 'no-such-task')).toBeUndefined();
  });

  it('a new price (set-price) reaches new quotes, not a task booked before; a price quoted within 7 days is honoured', async () => {
    const before = await createPaidTask(server, client);
    expect(before.amount).toBe(1500);
    const cli = await startCliServer(server, OPS_TOKEN);
    try {
      const { output, io } = captureOutput();
      expect(
        await runCli(['set-price', 'household', '1750'], { env: cli.env(), ...io, openDatabase: noDirectDatabase }),
      ).toBe(0);
      expect(output.out.at(-1)).toMatch(/^Household Waste Pickup \(household\) now costs ₦1,750\.00 per pickup/);
      expect(
        await runCli(['set-price', 'nothing', '1750'], { env: cli.env(), ...io, openDatabase: noDirectDatabase }),
      ).toBe(1);
      expect(output.err.at(-1)).toBe('No service with key "nothing"');
    } finally {
      await cli.close();
    }
    const listed = await server.request('GET', '/admin/pricing', { token: client.token });
    expect(listed.body.data.find((item: { key: string }) => item.key === 'household').price).toBe(1750);
    const after = await createPaidTask(server, client, { amount: 1750 });
    expect(after.amount).toBe(1750);
    // The client's app still showed the old price: honoured (the price history's 7 days).
    const quotedBefore = await createPaidTask(server, client, { amount: 1500 });
    expect(quotedBefore.amount).toBe(1500);
    const tasks = (await server.request('POST', '/client/task', { token: client.token, body: { userId: client.id } }))
      .body.data;
    expect(tasks.find((task: { _id: string }) => task._id === before._id).amount).toBe(1500);

    const audit = await server.request('GET', '/ops/audit', { token: admin });
    const actions = audit.body.data.map((row: { action: string }) => row.action);
    expect(actions).toContain('service.add');
    expect(actions).toContain('service.price');
  });

  it("a hidden service is not listed; a task's points per kg and weighing come from the catalog", async () => {
    await server.request('POST', '/ops/services', { token: admin, body: { ...ASH, active: false } });
    const listed = await server.request('GET', '/admin/pricing', { token: client.token });
    expect(listed.body.data.some((item: { key: string }) => item.key === 'ash')).toBe(false);

    const recycling = (await server.request('GET', '/ops/services', { token: admin })).body.data.find(
      (service: { key: string }) => service.key === 'recycling',
    );
    expect(recycling).toMatchObject({ pointsPerKg: 10, weighed: true, quantity: { min: 1, max: 200, step: 0.5 } });
    const changed = await server.request('POST', '/ops/services', {
      token: admin,
      body: { ...recycling, pointsPerKg: 20, price: recycling.price, _id: undefined },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const task = await createPaidTask(server, client, { type: 'recycling', amount: 1500, unit: 'per kg', quantity: 1 });
    expect(await serviceRuleForTask(server.deps.db, task._id)).toMatchObject({
      key: 'recycling',
      unit: 'per kg',
      weighedAtDoor: true,
      pointsPerKg: 20,
    });
  });

  it('refuses a bad service with a 400 naming the field; only an admin edits', async () => {
    for (const [body, message] of [
      [{ ...ASH, key: 'Ash Bags' }, 'key must be lower-case letters, digits and hyphens'],
      [{ ...ASH, price: 10.005 }, 'price must have at most 2 decimals'],
      [{ ...ASH, quantity: { min: 5, max: 2, step: 1 } }, 'quantity.max must be at least quantity.min'],
      [{ ...ASH, name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
    ] as const) {
      const refused = await server.request('POST', '/ops/services', { token: admin, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(message);
    }
    const dispatcher = await readyOperator(server, 'dispatcher');
    expect((await server.request('POST', '/ops/services', { token: dispatcher.token, body: ASH })).status).toBe(403);
  });
});
