/**
 * The board at scale (issue 63, docs/operations.md 'The board'): `GET /ops/tasks` searches,
 * filters and pages on the server, due first, and says why a task needs attention.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { arrive } from '../../server/tasks/lifecycle';
import { createTestServer, type TestServer } from './harness';
import { readyOperator } from './operator-fixtures';
import { clearTasksAndDrivers, insertClient, insertDriver, insertTask, seedOpenTasks } from './ops-fixtures';

let clock = new Date();
let server: TestServer;
let dispatcher: string;

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
  dispatcher = (await readyOperator(server, 'dispatcher')).token;
});
afterAll(() => server.close());
beforeEach(async () => {
  clock = new Date();
  await server.deps.db.query('delete from task_offers');
  await clearTasksAndDrivers(server.deps.db);
});

const board = (query: string) => server.request('GET', `/ops/tasks?${query}`, { token: dispatcher });

describe('the board among 2,000 open tasks', () => {
  it('finds one task by the client phone, pages 50 at a time due first (its speed: bench/board-api.ts)', async () => {
    const clients = await seedOpenTasks(server.deps.db, 2000, clock);
    const first = await board('state=open&page=1');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(2000);
    expect(first.body.data).toHaveLength(50);
    const dues = first.body.data.map((task: { scheduledFor: { start: string } | null; createdAt: string }) =>
      Date.parse(task.scheduledFor?.start ?? task.createdAt),
    );
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    const last = await board('state=open&page=40');
    expect(last.body.data).toHaveLength(50);
    expect((await board('state=open&page=41')).body.data).toEqual([]);

    // Client 1234's phone as a person types it.
    const found = await board(`state=open&page=1&search=${encodeURIComponent('0801 000 1234')}`);
    expect(found.body.total).toBe(1);
    expect(found.body.data[0].client.id).toBe(clients[1233]);
    const byAddress = await board(`state=open&page=1&search=${encodeURIComponent('1234 Herbert')}`);
    expect(byAddress.body.data.map((task: { client: { id: string } }) => task.client.id)).toEqual([clients[1233]]);
  });
});

describe('filters and Needs attention', () => {
  it('filters by day, driver and service; the lane holds the tasks waiting too long, late or arrived', async () => {
    const db = server.deps.db;
    const client = await insertClient(db);
    const driver = await insertDriver(db, { lat: 6.5, lng: 3.36 }, 'Bayo', { demo: false });
    const waiting = await insertTask(db, client, { createdAt: clock });
    await db.query(`update tasks set dispatch_started_at = $2 where id = $1`, [
      waiting,
      new Date(clock.getTime() - 11 * 60_000),
    ]);
    const fresh = await insertTask(db, client, { createdAt: clock });
    const arrived = await insertTask(db, client, { status: 'on-going', driverId: driver, createdAt: clock });
    await db.query(`update tasks set arrived_at = $2 where id = $1`, [
      arrived,
      new Date(clock.getTime() - 21 * 60_000),
    ]);
    const lateAt = new Date(clock.getTime() - 61 * 60_000);
    const late = await insertTask(db, client, { createdAt: lateAt });
    await db.query(`update tasks set dispatch_started_at = created_at where id = $1`, [late]);

    const lane = await board('attention=1&page=1');
    const reasons = Object.fromEntries(
      lane.body.data.map((task: { id: string; attention: string }) => [task.id, task.attention]),
    );
    // The late one waited 61 minutes with no driver: 'no-driver' comes first among its reasons.
    expect(reasons).toEqual({ [waiting]: 'no-driver', [arrived]: 'arrived-not-completed', [late]: 'no-driver' });
    expect(reasons[fresh]).toBeUndefined();

    const ofDriver = await board(`driver=${driver}&page=1`);
    expect(ofDriver.body.data.map((task: { id: string }) => task.id)).toEqual([arrived]);
    // A day is Lagos's (UTC+1): in the hour after Lagos midnight the late task is yesterday's.
    const lagosDay = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);
    const created: Array<[string, Date]> = [
      [waiting, clock],
      [fresh, clock],
      [arrived, clock],
      [late, lateAt],
    ];
    for (const day of new Set([lagosDay(clock), lagosDay(lateAt)])) {
      const onDay = await board(`day=${day}&page=1`);
      expect(onDay.body.data.map((task: { id: string }) => task.id).sort()).toEqual(
        created
          .filter(([, at]) => lagosDay(at) === day)
          .map(([id]) => id)
          .sort(),
      );
    }
    expect((await board('day=2001-01-01&page=1')).body.total).toBe(0);
    expect((await board('service=plastic&page=1')).body.total).toBe(0);
  });

  it("the lane holds a driver's arrival refused as too far until they arrive, and an extra the client left 10 minutes", async () => {
    const db = server.deps.db;
    const client = await insertClient(db);
    const driver = await insertDriver(db, { lat: 6.5, lng: 3.36 }, 'Bayo', { demo: false });
    const task = await insertTask(db, client, { status: 'on-going', driverId: driver });
    const [pin] = await db.query<{ lat: number; lng: number }>('select lat, lng from tasks where id = $1', [task]);
    const position = (lat: number) =>
      db.query(
        `insert into driver_positions (driver_id, at, lat, lng, accuracy, received_at) values ($1, $2, $3, $4, 5, $2)`,
        [driver, clock, lat, pin.lng],
      );
    const reasonOf = async (id: string) => {
      const lane = await board('attention=1&page=1');
      return lane.body.data.find((row: { id: string }) => row.id === id) ?? null;
    };
    const caller = { actor: 'driver' as const, driverId: driver };

    expect(await reasonOf(task)).toBeNull();
    // About 2.2 km north of the pin: refused, and the board hears of it.
    await position(pin.lat + 0.02);
    await expect(arrive(server.deps, task, caller)).rejects.toThrow(/^You are 2\.2 km from the pickup point$/);
    const far = await reasonOf(task);
    expect(far).toMatchObject({ attention: 'far-arrival', farArrival: { at: clock.toISOString() } });
    expect(far.farArrival.meters).toBeGreaterThan(2000);
    expect(far.farArrival.meters).toBeLessThan(2400);
    // At the pin: arrived, out of the lane.
    clock = new Date(clock.getTime() + 60_000);
    await position(pin.lat);
    await arrive(server.deps, task, caller);
    expect(await reasonOf(task)).toBeNull();

    // The driver weighed more than booked; the client has not answered the extra.
    await db.query(
      `update tasks set weighed_quantity = 6, extra_quantity = 2, extra_amount_kobo = 300000, extra_status = 'awaiting',
         extra_at = $2 where id = $1`,
      [task, new Date(clock.getTime() - 9 * 60_000)],
    );
    expect(await reasonOf(task)).toBeNull();
    clock = new Date(clock.getTime() + 61_000);
    const extra = await reasonOf(task);
    expect(extra).toMatchObject({ attention: 'extra-awaiting' });
    expect(Date.parse(extra.extraAwaitingSince)).toBe(clock.getTime() - 10 * 60_000 - 1_000);
    // Answered (declined): out of the lane.
    await db.query(`update tasks set extra_status = 'declined' where id = $1`, [task]);
    expect(await reasonOf(task)).toBeNull();
  });

  it('answers bad queries with a 400 and a message', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'day=yesterday',
      'attention=yes',
      `search=${'x'.repeat(101)}`,
      'driver=%00',
    ]) {
      const answer = await board(query);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
  });
});
