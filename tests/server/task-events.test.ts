import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TaskEvent } from '../../src/shared/contract';
import * as ops from '../../server/console/commands';
import * as lifecycle from '../../server/tasks/lifecycle';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertClient, insertDriver, insertTask } from './ops-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
beforeEach(() => clearTasksAndDrivers(server.deps.db));

const db = () => server.deps.db;
const deps = () => server.deps;
const YABA = { lat: 6.5158, lng: 3.3782 };
/** The command line's operator commands (`npm run ops`). */
const CLI = { actor: 'cli' } as const;

interface Client {
  id: string;
  token: string;
}

async function client(options: { referredBy?: string } = {}): Promise<Client> {
  const id = await insertClient(db(), options);
  return { id, token: await server.deps.tokens.sign(id) };
}

async function events(owner: Client, body: unknown = {}): Promise<TaskEvent[]> {
  const answer = await server.request('POST', '/client/events', { token: owner.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as TaskEvent[];
}

async function hasDot(owner: Client): Promise<boolean> {
  const answer = await server.request('POST', '/client/userdata', { body: { token: owner.token } });
  expect(answer.status).toBe(200);
  return answer.body.data.notification as boolean;
}

async function markRead(owner: Client, upTo: string): Promise<number> {
  const answer = await server.request('POST', '/client/events/read', { token: owner.token, body: { upTo } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.unread as number;
}

/** The status events' statuses (a cancelled paid task's refund events are told apart, in aftercare tests). */
const statuses = (list: TaskEvent[]) => list.filter((event) => event.kind === 'status').map((event) => event.status);

describe('task events: the server records the status changes a client is told about', () => {
  it('an operator assigning a driver and changing the status writes one event per change, newest first, and turns the dot on', async () => {
    const owner = await client();
    const taskId = await insertTask(db(), owner.id);
    const driver = await insertDriver(db(), YABA);
    expect(await events(owner)).toEqual([]);
    expect(await hasDot(owner)).toBe(false);

    await ops.assignDriver(deps(), taskId, driver, CLI);
    await ops.moveTaskTo(deps(), taskId, 'on-going', CLI);
    await ops.moveTaskTo(deps(), taskId, 'on-going', CLI);
    await ops.moveTaskTo(deps(), taskId, 'completed', CLI);

    const listed = await events(owner);
    expect(statuses(listed)).toEqual(['completed', 'on-going', 'driver-assigned']);
    expect(listed[0]).toMatchObject({
      kind: 'status',
      taskId,
      type: 'household',
      serviceName: 'Household Waste Pickup',
      amount: null,
      read: false,
    });
    expect(listed[0].at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await hasDot(owner)).toBe(true);
  });

  it('a new driver for an assigned task is told again; assigning the same driver again is not', async () => {
    const owner = await client();
    const taskId = await insertTask(db(), owner.id);
    const first = await insertDriver(db(), YABA, 'Emeka');
    const second = await insertDriver(db(), YABA, 'Tunde');
    await ops.assignDriver(deps(), taskId, first, CLI);
    await ops.assignDriver(deps(), taskId, first, CLI);
    await ops.assignDriver(deps(), taskId, second, CLI);
    expect(statuses(await events(owner))).toEqual(['driver-assigned', 'driver-assigned']);
  });

  it('cancelling, and going back to pending (the driver is dropped), are told too', async () => {
    const owner = await client();
    const driver = await insertDriver(db(), YABA);
    const taskId = await insertTask(db(), owner.id, { status: 'driver-assigned', driverId: driver });
    await ops.moveTaskTo(deps(), taskId, 'pending', CLI);
    await ops.moveTaskTo(deps(), taskId, 'cancelled', CLI);
    expect(statuses(await events(owner))).toEqual(['cancelled', 'pending']);
  });

  it("the simulator's assignment and arrival write events; a change that loses the race writes none", async () => {
    const owner = await client();
    const driver = await insertDriver(db(), YABA);
    const taskId = await insertTask(db(), owner.id);
    // What the simulator's tick does (server/dispatch/simulator.ts): the lifecycle as a job.
    const job = { actor: 'job' } as const;
    const assign = () => lifecycle.assign(deps(), taskId, driver, job, { onlyWaiting: true });
    expect(await assign()).toMatchObject({ status: 'driver-assigned', changed: true });
    await expect(assign()).rejects.toMatchObject({ status: 409, message: 'This task has a driver already' });
    expect(await lifecycle.start(deps(), taskId, job)).toEqual({ taskId, status: 'on-going' });
    expect(await lifecycle.start(deps(), taskId, job)).toEqual({ taskId, status: 'on-going' });
    expect(statuses(await events(owner))).toEqual(['on-going', 'driver-assigned']);
  });

  it('an operator change that is refused writes nothing', async () => {
    const owner = await client();
    const taskId = await insertTask(db(), owner.id);
    await expect(ops.moveTaskTo(deps(), taskId, 'completed', CLI)).rejects.toThrow(/has no driver/);
    expect(await events(owner)).toEqual([]);
    expect(await hasDot(owner)).toBe(false);
  });

  it("a referral reward is the referrer's event, with the amount and without the referred client's task", async () => {
    const referrer = await client();
    const referred = await client({ referredBy: referrer.id });
    const driver = await insertDriver(db(), YABA);
    const taskId = await insertTask(db(), referred.id, { status: 'on-going', driverId: driver });
    await ops.moveTaskTo(deps(), taskId, 'completed', CLI);
    expect(await events(referrer)).toEqual([
      expect.objectContaining({ kind: 'referral-reward', taskId: null, status: null, amount: 500, read: false }),
    ]);
    expect(await hasDot(referrer)).toBe(true);
    expect(statuses(await events(referred))).toEqual(['completed']);
  });

  it('lists at most `limit` of the newest events (20 by default)', async () => {
    const owner = await client();
    const driver = await insertDriver(db(), YABA);
    const taskId = await insertTask(db(), owner.id, { status: 'driver-assigned', driverId: driver });
    // An on-going task never goes back to 'driver-assigned' any more: the driver is taken off and given again.
    for (let round = 0; round < 11; round += 1) {
      await ops.moveTaskTo(deps(), taskId, 'pending', CLI);
      await ops.assignDriver(deps(), taskId, driver, CLI);
    }
    expect(await events(owner)).toHaveLength(20);
    const three = await events(owner, { limit: 3 });
    expect(statuses(three)).toEqual(['driver-assigned', 'pending', 'driver-assigned']);
    expect(three.map((event) => event._id)).toEqual((await events(owner)).slice(0, 3).map((event) => event._id));
  });
});

describe('marking events read (the red dot)', () => {
  it("read up to the newest event's time: none unread, the dot goes; a later event brings it back, alone unread", async () => {
    const owner = await client();
    const driver = await insertDriver(db(), YABA);
    const taskId = await insertTask(db(), owner.id);
    await ops.assignDriver(deps(), taskId, driver, CLI);
    await ops.moveTaskTo(deps(), taskId, 'on-going', CLI);
    const [newest] = await events(owner);

    expect(await markRead(owner, newest.at)).toBe(0);
    expect((await events(owner)).every((event) => event.read)).toBe(true);
    expect(await hasDot(owner)).toBe(false);

    await ops.moveTaskTo(deps(), taskId, 'completed', CLI);
    expect(await hasDot(owner)).toBe(true);
    expect((await events(owner)).map((event) => [event.status, event.read])).toEqual([
      ['completed', false],
      ['on-going', true],
      ['driver-assigned', true],
    ]);
  });

  it('reading up to an older event leaves the newer ones unread; the mark never moves back', async () => {
    const owner = await client();
    const driver = await insertDriver(db(), YABA);
    const taskId = await insertTask(db(), owner.id);
    await ops.assignDriver(deps(), taskId, driver, CLI);
    await ops.moveTaskTo(deps(), taskId, 'on-going', CLI);
    const [newer, older] = await events(owner);
    expect(await markRead(owner, older.at)).toBe(newer.at === older.at ? 0 : 1);
    expect(await markRead(owner, newer.at)).toBe(0);
    expect(await markRead(owner, '2000-01-01T00:00:00.000Z')).toBe(0);
    expect(await hasDot(owner)).toBe(false);
  });

  it('a time in the future counts as now: later events are still unread', async () => {
    const owner = await client();
    const driver = await insertDriver(db(), YABA);
    const taskId = await insertTask(db(), owner.id);
    expect(await markRead(owner, '2999-01-01T00:00:00.000Z')).toBe(0);
    await ops.assignDriver(deps(), taskId, driver, CLI);
    expect(await hasDot(owner)).toBe(true);
    expect((await events(owner))[0].read).toBe(false);
  });
});

describe('the bell is private', () => {
  it('a client sees only their own events, and marking read touches only their own dot', async () => {
    const owner = await client();
    const stranger = await client();
    const driver = await insertDriver(db(), YABA);
    const taskId = await insertTask(db(), owner.id);
    await ops.assignDriver(deps(), taskId, driver, CLI);
    expect(await events(stranger)).toEqual([]);
    // A body naming someone else changes nothing: the token names the user.
    expect(await events(stranger, { userId: owner.id, user: owner.id })).toEqual([]);
    await markRead(stranger, new Date().toISOString());
    expect(await hasDot(owner)).toBe(true);
    expect((await events(owner))[0].read).toBe(false);
  });

  it('no token, or a forged one: 401', async () => {
    for (const path of ['/client/events', '/client/events/read']) {
      expect((await server.request('POST', path, { body: { upTo: new Date().toISOString() } })).status).toBe(401);
      expect(
        (await server.request('POST', path, { token: 'forged.token.value', body: { upTo: new Date().toISOString() } }))
          .status,
      ).toBe(401);
    }
  });
});

describe('hostile input: a clear 400, never a 5xx, nothing changed', () => {
  it('limit: a whole number from 1 to 50', async () => {
    const owner = await client();
    const cases: [unknown, RegExp][] = [
      [0, /limit must be a whole number from 1 to 50/],
      [51, /limit must be a whole number from 1 to 50/],
      [1.5, /limit must be a whole number from 1 to 50/],
      [-3, /limit must be a whole number from 1 to 50/],
      ['10', /limit must be a whole number from 1 to 50/],
      ['x'.repeat(1_000_000), /limit must be a whole number from 1 to 50/],
      [{ $gt: 0 }, /limit must be a whole number from 1 to 50/],
    ];
    for (const [limit, message] of cases) {
      const answer = await server.request('POST', '/client/events', { token: owner.token, body: { limit } });
      expect(answer.status, String(limit).slice(0, 20)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
  });

  it('upTo: required, a string of at most 64 characters, an ISO date, no control characters', async () => {
    const owner = await client();
    const driver = await insertDriver(db(), YABA);
    await ops.assignDriver(deps(), await insertTask(db(), owner.id), driver, CLI);
    const cases: [unknown, RegExp][] = [
      [undefined, /upTo is required/],
      [null, /upTo is required/],
      [12345, /upTo must be a string/],
      ['yesterday', /upTo must be an ISO date/],
      ['2026-01-01T00:00:00.000Z\u0000', /control characters/],
      [`2026-01-01T00:00:00.000Z${' '.repeat(1_000_000)}`, /at most 64 characters/],
    ];
    for (const [upTo, message] of cases) {
      const answer = await server.request('POST', '/client/events/read', { token: owner.token, body: { upTo } });
      expect(answer.status, String(upTo).slice(0, 30)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    for (const rawBody of ['not json', '[]', '"2026-01-01T00:00:00.000Z"']) {
      const answer = await server.request('POST', '/client/events/read', { token: owner.token, rawBody });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/JSON|object/);
    }
    expect(await hasDot(owner)).toBe(true);
    expect((await events(owner))[0].read).toBe(false);
  });
});
