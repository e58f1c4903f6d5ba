import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../server/context';
import {
  ARRIVAL_METERS,
  distanceMeters,
  startSimulator,
  stepToward,
  type Simulator,
} from '../../server/dispatch/simulator';
import { ADVISORY_LOCKS, takeTransactionLock } from '../../server/db/advisory-locks';
import { createTestServer, type TestServer } from './harness';
import { captureLog } from './log-capture';
import { TEST_DATABASE_URL } from './test-database';
import { clearTasksAndDrivers, insertClient, insertDriver, insertTask, insertUserMessage } from './ops-fixtures';

let server: TestServer;
let simulator: Simulator;
let clock = new Date();

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
  // A long interval: the tests drive tick() themselves.
  simulator = startSimulator(server.deps, { intervalMs: 3_600_000, assignAfterMs: 5_000 });
});
afterAll(async () => {
  simulator.stop();
  await server.close();
});
beforeEach(async () => {
  clock = new Date();
  await clearTasksAndDrivers(server.deps.db);
});

const db = () => server.deps.db;
const secondsAgo = (seconds: number) => new Date(clock.getTime() - seconds * 1000);
const IKOYI_TASK = { lat: 6.447, lng: 3.4305 };

async function task(id: string) {
  const [row] = await db().query<{ status: string; driver_id: string | null }>(
    'select status, driver_id from tasks where id = $1',
    [id],
  );
  return row;
}
async function driverPosition(id: string) {
  const [row] = await db().query<{ lat: number; lng: number }>('select lat, lng from drivers where id = $1', [id]);
  return { lat: Number(row.lat), lng: Number(row.lng) };
}
async function messages(taskId: string) {
  return db().query<{ sender: string; content: string }>(
    'select sender, content from messages where task_id = $1 order by created_at, id',
    [taskId],
  );
}

describe('the demo driver simulator: assignment', () => {
  it('with no driver at all, cancels a paid task waiting over 30 minutes and refunds it; a newer one waits', async () => {
    const client = await insertClient(db(), { firstname: 'Kelechi' });
    const old = await insertTask(db(), client, { ...IKOYI_TASK, createdAt: secondsAgo(31 * 60) });
    const recent = await insertTask(db(), client, { ...IKOYI_TASK, createdAt: secondsAgo(10 * 60) });
    await simulator.tick();
    expect(await task(old)).toEqual({ status: 'cancelled', driver_id: null });
    expect(await task(recent)).toEqual({ status: 'pending', driver_id: null });
    const [refund] = await db().query<{ status: string }>('select status from refunds where task_id = $1', [old]);
    expect(refund?.status).toBe('refunded');
    const [row] = await db().query<{ cancelled_by: string; cancel_reason: string }>(
      'select cancelled_by, cancel_reason from tasks where id = $1',
      [old],
    );
    expect(row).toEqual({ cancelled_by: 'simulator', cancel_reason: 'too-slow' });
  });

  it('gives a paid pending task older than assignAfterMs the nearest driver and a greeting from that driver', async () => {
    const client = await insertClient(db(), { firstname: 'Kelechi' });
    const far = await insertDriver(db(), { lat: 6.6018, lng: 3.3515 }, 'Ibrahim');
    const near = await insertDriver(db(), { lat: 6.4478, lng: 3.4723 }, 'Tunde');
    const waiting = await insertTask(db(), client, { ...IKOYI_TASK, createdAt: secondsAgo(10) });
    await simulator.tick();
    expect(await task(waiting)).toEqual({ status: 'driver-assigned', driver_id: near });
    const chat = await messages(waiting);
    expect(chat).toHaveLength(1);
    expect(chat[0].sender).toBe('driver');
    expect(chat[0].content).toMatch(/^Hello Kelechi, I'm Tunde/);
    expect(chat[0].content).not.toContain("I'll look for");
    expect(far).not.toBe(near);
  });

  it('plays only demo drivers no one has signed in as: a real driver and a signed-in demo driver are left alone', async () => {
    const client = await insertClient(db(), { firstname: 'Kelechi' });
    const real = await insertDriver(db(), { lat: 6.4478, lng: 3.4723 }, 'Real', { demo: false });
    const signedIn = await insertDriver(db(), { lat: 6.4479, lng: 3.4724 }, 'SignedIn');
    await db().query('update drivers set signed_in_at = now() where id = $1', [signedIn]);
    const played = await insertDriver(db(), { lat: 6.6018, lng: 3.3515 }, 'Played');
    const waiting = await insertTask(db(), client, { ...IKOYI_TASK, createdAt: secondsAgo(10) });
    // The signed-in driver's own task: the simulator neither moves them nor answers for them.
    const own = await insertTask(db(), client, { ...IKOYI_TASK, status: 'driver-assigned', driverId: signedIn });
    await insertUserMessage(db(), own, 'Are you close?');
    const [before] = await db().query<{ lat: number }>('select lat from drivers where id = $1', [signedIn]);
    await simulator.tick();
    expect(await task(waiting)).toEqual({ status: 'driver-assigned', driver_id: played });
    expect(real).not.toBe(played);
    const [after] = await db().query<{ lat: number }>('select lat from drivers where id = $1', [signedIn]);
    expect(after.lat).toBe(before.lat);
    expect((await messages(own)).map((message) => message.sender)).toEqual(['user']);
  });

  it("the greeting repeats the client's address details, so the client sees the driver has them", async () => {
    const client = await insertClient(db(), { firstname: 'Kelechi' });
    await insertDriver(db(), { lat: 6.4478, lng: 3.4723 }, 'Tunde');
    const waiting = await insertTask(db(), client, {
      ...IKOYI_TASK,
      createdAt: secondsAgo(10),
      addressDetails: 'Blue gate\nopposite the mosque',
    });
    await simulator.tick();
    const [hello] = await messages(waiting);
    expect(hello.content).toMatch(
      /on my way to 3 Awolowo Road, Ikoyi, Lagos\. I'll look for: Blue gate, opposite the mosque\.$/,
    );
  });

  it('leaves a task younger than assignAfterMs, and an unpaid one, pending', async () => {
    const client = await insertClient(db());
    await insertDriver(db(), { lat: 6.5158, lng: 3.3782 });
    const young = await insertTask(db(), client, { createdAt: secondsAgo(2) });
    const unpaid = await insertTask(db(), client, { createdAt: secondsAgo(60), paid: false });
    await simulator.tick();
    expect((await task(young)).status).toBe('pending');
    expect((await task(unpaid)).status).toBe('pending');
    clock = new Date(clock.getTime() + 5_000);
    await simulator.tick();
    expect((await task(young)).status).toBe('driver-assigned');
    expect(await task(unpaid)).toEqual({ status: 'pending', driver_id: null });
  });

  it('prefers a free driver to a nearer one that is busy', async () => {
    const client = await insertClient(db());
    const busy = await insertDriver(db(), IKOYI_TASK, 'Busy');
    const free = await insertDriver(db(), { lat: 6.5158, lng: 3.3782 }, 'Free');
    await insertTask(db(), client, { status: 'on-going', driverId: busy, ...IKOYI_TASK });
    const waiting = await insertTask(db(), client, { ...IKOYI_TASK, createdAt: secondsAgo(30) });
    await simulator.tick();
    expect((await task(waiting)).driver_id).toBe(free);
  });

  it('never gives a task to a driver who holds one: with only busy drivers the task waits', async () => {
    const client = await insertClient(db());
    const busy = await insertDriver(db(), IKOYI_TASK, 'Busy');
    await insertTask(db(), client, { status: 'driver-assigned', driverId: busy, ...IKOYI_TASK });
    const waiting = await insertTask(db(), client, { ...IKOYI_TASK, createdAt: secondsAgo(30) });
    await simulator.tick();
    expect(await task(waiting)).toEqual({ status: 'pending', driver_id: null });
  });

  it('stands aside for a nearer real driver online and free (dispatch offers it to them), not for an offline one', async () => {
    const client = await insertClient(db());
    const real = await insertDriver(db(), IKOYI_TASK, 'Real', { demo: false });
    await db().query('update drivers set online = true where id = $1', [real]);
    const played = await insertDriver(db(), { lat: 6.5158, lng: 3.3782 }, 'Played');
    const waiting = await insertTask(db(), client, { ...IKOYI_TASK, createdAt: secondsAgo(30) });
    await simulator.tick();
    expect(await task(waiting)).toEqual({ status: 'pending', driver_id: null });
    await db().query('update drivers set online = false where id = $1', [real]);
    await simulator.tick();
    expect(await task(waiting)).toEqual({ status: 'driver-assigned', driver_id: played });
  });
});

describe('the demo driver simulator: movement', () => {
  it('moves the driver toward the task each tick and makes the task on-going within 100 m', async () => {
    const client = await insertClient(db());
    const start = { lat: 6.4926, lng: 3.3553 }; // Surulere, about 11 km away
    const driver = await insertDriver(db(), start);
    const assigned = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver, ...IKOYI_TASK });

    let previous = distanceMeters(start, IKOYI_TASK);
    await simulator.tick();
    const first = distanceMeters(await driverPosition(driver), IKOYI_TASK);
    expect(first).toBeCloseTo(previous * 0.85, -1);
    expect((await task(assigned)).status).toBe('driver-assigned');

    let ticks = 1;
    previous = first;
    while ((await task(assigned)).status === 'driver-assigned') {
      await simulator.tick();
      ticks += 1;
      const now = distanceMeters(await driverPosition(driver), IKOYI_TASK);
      expect(now).toBeLessThan(previous);
      expect(previous - now).toBeGreaterThanOrEqual(Math.min(previous, 50) - 0.5);
      if (now > ARRIVAL_METERS) expect((await task(assigned)).status).toBe('driver-assigned');
      previous = now;
      expect(ticks).toBeLessThan(60);
    }
    expect((await task(assigned)).status).toBe('on-going');
    expect(previous).toBeLessThanOrEqual(ARRIVAL_METERS);

    // On the job, the driver closes the last metres and then stays put.
    for (let index = 0; index < 3; index += 1) await simulator.tick();
    expect(distanceMeters(await driverPosition(driver), IKOYI_TASK)).toBeLessThan(1);
    expect((await task(assigned)).status).toBe('on-going');
  });

  it('a driver with an on-going and an assigned task stays on the on-going one', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), IKOYI_TASK);
    await insertTask(db(), client, { status: 'on-going', driverId: driver, ...IKOYI_TASK });
    const next = await insertTask(db(), client, {
      status: 'driver-assigned',
      driverId: driver,
      lat: 6.6018,
      lng: 3.3515,
    });
    await simulator.tick();
    expect(await driverPosition(driver)).toEqual(IKOYI_TASK);
    expect((await task(next)).status).toBe('driver-assigned');
  });

  it('stepToward takes 15% of the way, at least 50 m, never past the target', () => {
    const from = { lat: 6.5, lng: 3.3 };
    const to = { lat: 6.6, lng: 3.4 };
    const total = distanceMeters(from, to);
    expect(distanceMeters(stepToward(from, to), to)).toBeCloseTo(total * 0.85, -1);
    const close = { lat: to.lat - 0.002, lng: to.lng }; // about 220 m
    expect(distanceMeters(close, to) - distanceMeters(stepToward(close, to), to)).toBeCloseTo(50, 0);
    expect(stepToward({ lat: to.lat - 0.0003, lng: to.lng }, to)).toEqual(to);
  });
});

describe('the demo driver simulator: chat', () => {
  it('answers each user message once, with varying short replies', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), { lat: 6.46, lng: 3.43 });
    const assigned = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver, ...IKOYI_TASK });
    await insertUserMessage(db(), assigned, 'Are you close?');
    await simulator.tick();
    await simulator.tick();
    let chat = await messages(assigned);
    expect(chat.map((message) => message.sender)).toEqual(['user', 'driver']);
    expect(chat[1].content.length).toBeLessThan(80);

    await insertUserMessage(db(), assigned, 'The gate is blue.');
    await insertUserMessage(db(), assigned, 'Please ring the bell.');
    await simulator.tick();
    await simulator.tick();
    chat = await messages(assigned);
    expect(chat.map((message) => message.sender)).toEqual(['user', 'driver', 'user', 'user', 'driver']);
    expect(chat[4].content).not.toBe(chat[1].content);
  });

  it('does not answer on a task without a driver or a finished one', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), IKOYI_TASK);
    const pending = await insertTask(db(), client, { createdAt: secondsAgo(1) });
    const done = await insertTask(db(), client, { status: 'completed', driverId: driver });
    await insertUserMessage(db(), pending, 'Hello?');
    await insertUserMessage(db(), done, 'Thanks!');
    await simulator.tick();
    expect((await messages(pending)).map((message) => message.sender)).toEqual(['user']);
    expect((await messages(done)).map((message) => message.sender)).toEqual(['user']);
  });
});

describe('the demo driver simulator on several servers', () => {
  it('a tick runs when no other server holds the simulator lock', async () => {
    expect(await simulator.tick()).toBe(true);
  });

  // Needs a second connection to hold the lock meanwhile: PostgreSQL only (PGlite has one connection, one server).
  it.runIf(TEST_DATABASE_URL)(
    'a tick is skipped while another server holds the simulator lock, so one server at a time does the work',
    async () => {
      const client = await insertClient(db());
      const driver = await insertDriver(db(), { lat: 6.5, lng: 3.38 });
      const waiting = await insertTask(db(), client, { createdAt: secondsAgo(60), paid: true, ...IKOYI_TASK });
      await db().transaction(async (tx) => {
        await takeTransactionLock(tx, ADVISORY_LOCKS.simulator);
        expect(await simulator.tick()).toBe(false);
      });
      expect((await task(waiting))?.driver_id).toBeNull();
      expect(await simulator.tick()).toBe(true);
      expect((await task(waiting))?.driver_id).toBe(driver);
    },
  );
});

describe('the demo driver simulator: resilience', () => {
  it('runs on its timer and logs a failing tick instead of throwing, then keeps going', async () => {
    const { log, lines } = captureLog();
    let calls = 0;
    const query = async () => {
      calls += 1;
      throw new Error('database is down');
    };
    const broken = {
      ...server.deps,
      log,
      // Each tick is one transaction: its statements fail like any other.
      db: {
        ...server.deps.db,
        query,
        transaction: async (work: (tx: { query: typeof query }) => Promise<unknown>) => work({ query }),
      },
    } as unknown as AppDeps;
    const running = startSimulator(broken, { intervalMs: 5 });
    // Waits for a second tick (however slow a loaded machine is) rather than a fixed time.
    await vi.waitFor(() => expect(calls).toBeGreaterThan(1), { timeout: 60_000, interval: 10 });
    running.stop();
    expect(lines[0]).toMatchObject({
      level: 'error',
      module: 'simulator',
      message: 'tick failed',
      err: { type: 'Error', message: 'database is down' },
    });
    await expect(running.tick()).rejects.toThrow('database is down');
  });
});
