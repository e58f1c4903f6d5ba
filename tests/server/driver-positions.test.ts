/**
 * A driver's positions cannot hurt others nor be believed when impossible (issue 62, items 1
 * and 2): a token bucket per driver (429 with Retry-After), points outside [now - 10 min,
 * now + 2 min] dropped, points outside Nigeria or faster than 150 km/h refused and the driver
 * flagged in the console, one insert a batch, and old positions deleted by the job.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteOldPositions } from '../../server/dispatch/position-jobs';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertClient, insertDriver, insertTask } from './ops-fixtures';
import { readyOperator } from './operator-fixtures';

const YABA = { lat: 6.5158, lng: 3.3782 };
const KANO = { lat: 12.0022, lng: 8.592 };

let clock = new Date();
let server: TestServer;
let dispatcher: string;

beforeAll(async () => {
  server = await createTestServer({
    now: () => clock,
    config: { opsToken: 'positions-test-token-of-at-least-32-chars' },
  });
  dispatcher = (await readyOperator(server, 'dispatcher')).token;
});
afterAll(() => server.close());
beforeEach(async () => {
  clock = new Date();
  await db().query('delete from rate_limits');
  await clearTasksAndDrivers(db());
});

const db = () => server.deps.db;
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A driver placed an hour ago who may call the driver's API. */
async function driver(at = YABA) {
  const id = await insertDriver(db(), at, 'Segun', { demo: false });
  await db().query(`update drivers set must_change_password = false, location_updated_at = $2 where id = $1`, [
    id,
    new Date(clock.getTime() - 3_600_000),
  ]);
  return { id, token: await server.deps.tokens.sign(id, 0, 'driver') };
}

const point = (secondsAgo: number, at: { lat: number; lng: number }) => ({
  ...at,
  accuracy: 10,
  at: new Date(clock.getTime() - secondsAgo * 1000).toISOString(),
});

const send = (token: string, points: unknown[]) =>
  server.request('POST', '/driver/positions', { token, body: { points } });

const stored = async (driverId: string) =>
  (
    await db().query<{ lat: number }>('select lat from driver_positions where driver_id = $1 order by at', [driverId])
  ).map((row) => row.lat);

describe('a flood of positions', () => {
  it('takes a burst of 5 batches, then answers 429 with Retry-After until a token is back (one every 2 s)', async () => {
    const segun = await driver();
    const other = await driver();
    for (let batch = 0; batch < 5; batch += 1)
      expect((await send(segun.token, [point(60 - batch, YABA)])).status).toBe(200);
    const refused = await send(segun.token, [point(50, YABA)]);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many position batches: send them at most every 2 seconds');
    expect(refused.headers.get('retry-after')).toBe('2');
    // Refused before the body is read: a flood of big batches costs no parsing.
    const unread = await server.request('POST', '/driver/positions', { token: segun.token, rawBody: '{"points": [' });
    expect(unread.status).toBe(429);
    // Another driver's bucket is their own.
    expect((await send(other.token, [point(50, YABA)])).status).toBe(200);
    later(1_000);
    expect((await send(segun.token, [point(40, YABA)])).status).toBe(429);
    later(1_000);
    expect((await send(segun.token, [point(30, YABA)])).status).toBe(200);
    expect((await send(segun.token, [point(20, YABA)])).status).toBe(429);
    expect(await stored(segun.id)).toHaveLength(6);
  });

  it('drops points dated more than 10 minutes ago or 2 minutes ahead, and counts them', async () => {
    const segun = await driver();
    const answer = await send(segun.token, [
      point(60, YABA),
      { ...point(0, YABA), at: '1970-01-01T00:00:00.000Z' },
      { ...point(0, YABA), at: '2100-01-01T00:00:00.000Z' },
      point(11 * 60, YABA),
      point(-3 * 60, YABA),
      point(-60, YABA),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      received: 6,
      added: 2,
      dropped: 4,
      refused: 0,
      reasons: { tooFast: 0, outsideNigeria: 0 },
    });
    expect(await stored(segun.id)).toHaveLength(2);
  });

  it('stores a batch of 500 points in one statement', async () => {
    const segun = await driver();
    const statements: string[] = [];
    const transaction = db().transaction.bind(db());
    db().transaction = (work) =>
      transaction((tx) =>
        work({
          query: (sql, params) => {
            statements.push(sql);
            return tx.query(sql, params);
          },
        }),
      );
    try {
      const points = Array.from({ length: 500 }, (_, index) =>
        point(500 - index, { lat: YABA.lat + index * 0.00001, lng: YABA.lng }),
      );
      const answer = await send(segun.token, points);
      expect(answer.body.data).toMatchObject({ received: 500, added: 500 });
    } finally {
      db().transaction = transaction;
    }
    expect(statements.filter((sql) => /insert into driver_positions/.test(sql))).toHaveLength(1);
    expect(await stored(segun.id)).toHaveLength(500);
  });
});

describe('impossible positions', () => {
  it('refuses a point outside Nigeria and a jump faster than 150 km/h, says why, and the console flags the driver', async () => {
    const segun = await driver();
    const calm = await driver();
    expect((await send(segun.token, [point(120, YABA)])).body.data).toMatchObject({ added: 1, refused: 0 });
    const answer = await send(segun.token, [
      point(100, { lat: 89.9, lng: 179.9 }),
      // Kano, 20 s after Lagos: about 830 km.
      point(100, KANO),
      // 300 m in 60 s: 18 km/h.
      point(60, { lat: YABA.lat + 0.0027, lng: YABA.lng }),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      received: 3,
      added: 1,
      dropped: 0,
      refused: 2,
      reasons: { tooFast: 1, outsideNigeria: 1 },
    });
    expect(await stored(segun.id)).toEqual([YABA.lat, YABA.lat + 0.0027]);
    // Measured from the previous stored point, across batches: Kano a minute later is still a jump.
    expect((await send(segun.token, [point(0, KANO)])).body.data).toMatchObject({ added: 0, refused: 1 });
    expect((await send(calm.token, [point(0, YABA)])).body.data).toMatchObject({ added: 1, refused: 0 });

    const drivers = await server.request('GET', '/ops/drivers', { token: dispatcher });
    const flags = Object.fromEntries(
      drivers.body.data.map((row: { id: string; implausiblePositions: boolean }) => [row.id, row.implausiblePositions]),
    );
    expect(flags).toEqual({ [segun.id]: true, [calm.id]: false });
  });

  it("a refused point neither moves the driver nor makes a task 'arrived'", async () => {
    const segun = await driver(KANO);
    const client = await insertClient(db());
    const task = await insertTask(db(), client, { status: 'on-going', driverId: segun.id, lat: 6.447, lng: 3.4305 });
    await send(segun.token, [point(120, KANO)]);
    // At the pin in Lagos a minute after Kano.
    const jump = await send(segun.token, [point(60, { lat: 6.447, lng: 3.4305 })]);
    expect(jump.body.data).toMatchObject({ added: 0, refused: 1, reasons: { tooFast: 1 } });
    const [row] = await db().query<{ arrived_at: Date | null }>('select arrived_at from tasks where id = $1', [task]);
    expect(row!.arrived_at).toBeNull();
    const [position] = await db().query<{ lat: number }>('select lat from drivers where id = $1', [segun.id]);
    expect(position!.lat).toBe(KANO.lat);
  });
});

describe('old positions', () => {
  it('the job deletes positions older than POSITIONS_KEEP_DAYS (30) and keeps the rest', async () => {
    const segun = await driver();
    const day = 24 * 3_600_000;
    for (const [daysAgo, lat] of [
      [31, 6.1],
      [30.5, 6.2],
      [29, 6.3],
      [1, 6.4],
    ] as const)
      await db().query(
        `insert into driver_positions (driver_id, at, lat, lng, accuracy, received_at) values ($1, $2, $3, 3.3, 5, $2)`,
        [segun.id, new Date(clock.getTime() - daysAgo * day), lat],
      );
    expect(server.deps.config.positionsKeepDays).toBe(30);
    expect(await deleteOldPositions(server.deps)).toBe(2);
    expect(await stored(segun.id)).toEqual([6.3, 6.4]);
  });
});
