/**
 * The driver's API (issue 46, docs/driver.md): accounts and roles, dispatch (offers, expiry,
 * re-offer, the operator's attention), on the test's own clock: nothing here sleeps.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { lagosDayStart, lagosWeekStart } from '../../src/shared/driver-rules';
import { runDispatchOnce } from '../../server/dispatch/dispatch-jobs';
import * as ops from '../../server/console/commands';
import { listPayments } from '../../server/payments/payment-commands';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertClient, insertTask } from './ops-fixtures';

const YABA = { lat: 6.5158, lng: 3.3782 };
const SURULERE = { lat: 6.5005, lng: 3.3581 };
const IKEJA = { lat: 6.6018, lng: 3.3515 };
/** Mushin: 3.5 km from Surulere, further than Yaba. */
const MUSHIN = { lat: 6.5273, lng: 3.3414 };
/** Lekki: 13 km from Surulere, outside the first radius (10 km). */
const LEKKI = { lat: 6.4698, lng: 3.4806 };
/** Kano: a driver there is outside the service area. */
const KANO = { lat: 12.0022, lng: 8.592 };

let clock = new Date();
let server: TestServer;
let phoneCounter = 0;

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock = new Date();
  await server.deps.db.query('delete from task_offers');
  await server.deps.db.query('delete from payments_needing_attention');
  await clearTasksAndDrivers(server.deps.db);
});

const db = () => server.deps.db;
const deps = () => server.deps;
/** The command line's operator commands (`npm run ops`). */
const CLI = { actor: 'cli' } as const;
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** An operator adds a driver; returns the one-time password. */
async function addDriver(at = YABA, firstname = 'Segun') {
  phoneCounter += 1;
  const phone = `0803${String(1_000_000 + phoneCounter)
    .slice(1)
    .padStart(7, '0')}`;
  return ops.addDriver(db(), { firstname, lastname: 'Driver', phone, lat: at.lat, lng: at.lng });
}

/** A driver who signed in, changed the one-time password and went online. */
async function readyDriver(at = YABA, firstname = 'Segun') {
  const added = await addDriver(at, firstname);
  const login = await server.request('POST', '/driver/login', {
    body: { phone: added.phone, password: added.password },
  });
  expect(login.status).toBe(200);
  const changed = await server.request('POST', '/driver/password', {
    token: login.body.data,
    body: { currentPassword: added.password, newPassword: 'my-own-password' },
  });
  expect(changed.status).toBe(200);
  const token: string = changed.body.data;
  expect((await server.request('POST', '/driver/availability', { token, body: { online: true } })).status).toBe(200);
  return { id: added.id, token, phone: added.phone };
}

const offersOf = async (token: string) => {
  const answer = await server.request('POST', '/driver/offers', { token, body: {} });
  expect(answer.status).toBe(200);
  return answer.body.data as Array<{ taskId: string; expiresAt: string; earnings: number; distanceMeters: number }>;
};

describe('driver accounts', () => {
  it('signs in with the one-time password, must change it first, and the change ends older tokens', async () => {
    const added = await addDriver();
    expect(added.password).toMatch(/^[a-z2-9]{10}$/);
    const [row] = await db().query<{ password_hash: string }>('select password_hash from drivers where id = $1', [
      added.id,
    ]);
    expect(row.password_hash).not.toContain(added.password);

    const wrong = await server.request('POST', '/driver/login', { body: { phone: added.phone, password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid phone number or password');
    // Stored in E.164; written as the driver writes it ('0803...'), the same driver.
    expect(added.phone).toMatch(/^\+2348/);
    const login = await server.request('POST', '/driver/login', {
      body: { phone: `0${added.phone.slice(4)}`, password: added.password },
    });
    expect(login.status).toBe(200);
    const first: string = login.body.data;

    const before = await server.request('POST', '/driver/offers', { token: first, body: {} });
    expect(before.status).toBe(403);
    expect(before.body.message).toBe('Change your password first');

    const badCurrent = await server.request('POST', '/driver/password', {
      token: first,
      body: { currentPassword: 'wrong', newPassword: 'my-own-password' },
    });
    expect(badCurrent.status).toBe(400);
    expect(badCurrent.body.message).toBe('Current password is incorrect');
    const short = await server.request('POST', '/driver/password', {
      token: first,
      body: { currentPassword: added.password, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');

    const changed = await server.request('POST', '/driver/password', {
      token: first,
      body: { currentPassword: added.password, newPassword: 'my-own-password' },
    });
    expect(changed.status).toBe(200);
    expect((await server.request('POST', '/driver/offers', { token: changed.body.data, body: {} })).status).toBe(200);
    expect((await server.request('POST', '/driver/offers', { token: first, body: {} })).status).toBe(401);
    // The one-time password is spent.
    const again = await server.request('POST', '/driver/login', {
      body: { phone: added.phone, password: added.password },
    });
    expect(again.status).toBe(401);
    const own = await server.request('POST', '/driver/login', {
      body: { phone: added.phone, password: 'my-own-password' },
    });
    expect(own.status).toBe(200);
    expect((await server.request('POST', '/driver/offers', { token: own.body.data, body: {} })).status).toBe(200);
  });

  it('signs out: offline, and the session ends on the server (also before the password change)', async () => {
    const driver = await readyDriver();
    const onlineOf = async (id: string) =>
      (await db().query<{ online: boolean }>('select online from drivers where id = $1', [id]))[0]!.online;
    expect(await onlineOf(driver.id)).toBe(true);
    const out = await server.request('POST', '/driver/logout', { token: driver.token, body: {} });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ message: 'You have been signed out' });
    expect(await onlineOf(driver.id)).toBe(false);
    // The token left on the phone no longer works, not even to sign out again.
    for (const path of ['/driver/tasks', '/driver/availability', '/driver/logout']) {
      const after = await server.request('POST', path, { token: driver.token, body: { online: true } });
      expect(after.status, path).toBe(401);
    }
    const again = await server.request('POST', '/driver/login', {
      body: { phone: driver.phone, password: 'my-own-password' },
    });
    expect(again.status).toBe(200);
    expect((await server.request('POST', '/driver/tasks', { token: again.body.data, body: {} })).status).toBe(200);

    // With the one-time password still unchanged, signing out is allowed too.
    const added = await addDriver();
    const login = await server.request('POST', '/driver/login', {
      body: { phone: added.phone, password: added.password },
    });
    const fresh: string = login.body.data;
    expect((await server.request('POST', '/driver/logout', { token: fresh })).status).toBe(200);
    expect((await server.request('POST', '/driver/password', { token: fresh, body: {} })).status).toBe(401);
  });

  it('refuses hostile and malformed sign-ins with a 4xx and a message', async () => {
    for (const body of [
      {},
      { phone: 'x'.repeat(10_000), password: 'a' },
      { phone: '0803\u0000123456', password: 'a' },
      { phone: 12, password: 'a' },
      { phone: '08031234567', password: 'p'.repeat(5000) },
    ]) {
      const answer = await server.request('POST', '/driver/login', { body });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('is rate-limited like the client login', async () => {
    const limited = await createTestServer({
      limits: { loginPerEmailAndAddress: { limit: 3, windowMs: 60_000 } },
    });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const answer = await limited.request('POST', '/driver/login', {
          body: { phone: '08039990000', password: 'guess' },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

/** Every driver route this issue adds, with a body a driver could send. */
const DRIVER_ROUTES: Array<[string, unknown]> = [
  ['/driver/password', { currentPassword: 'a', newPassword: 'b' }],
  ['/driver/availability', { online: false }],
  ['/driver/offers', {}],
  ['/driver/offers/accept', { taskId: 'none' }],
  ['/driver/offers/decline', { taskId: 'none' }],
  ['/driver/offers/seen', { taskId: 'none' }],
  ['/driver/notifications', {}],
  ['/driver/push/subscribe', { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'a', auth: 'b' } }],
  ['/driver/push/unsubscribe', { endpoint: 'https://fcm.googleapis.com/x' }],
  ['/driver/tasks', {}],
  ['/driver/earnings', {}],
  ['/driver/history', {}],
  ['/driver/tasks/start', { taskId: 'none' }],
  ['/driver/tasks/arrived', { taskId: 'none' }],
  ['/driver/tasks/weigh', { taskId: 'none', quantity: 1 }],
  ['/driver/tasks/complete', { taskId: 'none', code: '1', quantity: 1 }],
  ['/driver/getMessages', { taskId: 'none' }],
  ['/driver/sendingMessages', { taskId: 'none', content: 'Hello' }],
  ['/driver/positions', { points: [{ lat: 6.5, lng: 3.3, accuracy: 5, at: new Date().toISOString() }] }],
  // Last: it ends the driver token the loop uses.
  ['/driver/logout', {}],
];

describe('roles', () => {
  it('each driver route: no token 401, a client token 403, a driver token neither', async () => {
    const client = await server.createClient();
    const driver = await readyDriver();
    for (const [path, body] of DRIVER_ROUTES) {
      const none = await server.request('POST', path, { body });
      expect(none.status, `${path} without a token`).toBe(401);
      const asClient = await server.request('POST', path, { body, token: client.token });
      expect(asClient.status, `${path} with a client token`).toBe(403);
      const asDriver = await server.request('POST', path, { body, token: driver.token });
      expect([401, 403], `${path} with a driver token`).not.toContain(asDriver.status);
    }
  });

  it('a driver token gets 403 on every /client/* route; the two client reads under /driver/ stay the clients', async () => {
    const driver = await readyDriver();
    const client = await server.createClient();
    const routes = createApp(server.deps)
      .routes.filter((route) => route.path.startsWith('/client/') && route.method !== 'ALL')
      .map((route) => ({ method: route.method, path: route.path.replaceAll(/:[A-Za-z]+/g, 'x') }));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const answer = await server.request(route.method, route.path, {
        token: driver.token,
        ...(route.method === 'GET' ? {} : { body: {} }),
      });
      expect(answer.status, `${route.method} ${route.path}`).toBe(403);
    }
    // The client's reads: a driver's token is not a client's there either, a client's works as before.
    expect((await server.request('GET', `/driver/location/${driver.id}`, { token: driver.token })).status).toBe(403);
    expect((await server.request('GET', `/driver/location/${driver.id}`, { token: client.token })).status).toBe(403);
    expect((await server.request('GET', `/driver/photo/${driver.id}`)).status).toBe(200);
  });
});

describe('dispatch', () => {
  it('offers a paid task to the nearest available driver, with the pickup, distance and earnings', async () => {
    const near = await readyDriver(YABA, 'Near');
    const far = await readyDriver(IKEJA, 'Far');
    const busy = await readyDriver(YABA, 'Busy');
    const offline = await readyDriver(YABA, 'Offline');
    const away = await readyDriver(KANO, 'Away');
    await server.request('POST', '/driver/availability', { token: offline.token, body: { online: false } });
    const client = await insertClient(db());
    await insertTask(db(), client, { status: 'on-going', driverId: busy.id });
    const task = await insertTask(db(), client, { ...SURULERE });

    expect(await runDispatchOnce(server.deps)).toBe(1);
    const [offer] = await offersOf(near.token);
    expect(offer).toMatchObject({
      taskId: task,
      service: { type: 'household', name: 'Household Waste Pickup' },
      quantity: 1,
      unit: 'per pickup',
      window: null,
      pickup: { address: '3 Awolowo Road, Ikoyi, Lagos', location: { type: 'Point', coordinates: [3.3581, 6.5005] } },
      earnings: 1050,
    });
    expect(offer.distanceMeters).toBeGreaterThan(2500);
    expect(offer.distanceMeters).toBeLessThan(3000);
    // Made to last 45 s at most; shown on the phone, 30 s from then (driver-push.test.ts).
    expect(new Date(offer.expiresAt).getTime() - clock.getTime()).toBe(45_000);
    for (const other of [far, busy, offline, away]) expect(await offersOf(other.token)).toEqual([]);
    // One open offer of a task: another round makes none.
    expect(await runDispatchOnce(server.deps)).toBe(0);
  });

  it('a declined or unanswered offer goes to the next nearest; a closed offer answers 409', async () => {
    const first = await readyDriver(YABA, 'First');
    const second = await readyDriver(MUSHIN, 'Second');
    const third = await readyDriver(MUSHIN, 'Third');
    await db().query('update drivers set lat = lat + 0.01 where id = $1', [third.id]);
    const task = await insertTask(db(), await insertClient(db()), { ...SURULERE });

    await runDispatchOnce(server.deps);
    expect((await offersOf(first.token)).map((offer) => offer.taskId)).toEqual([task]);
    const declined = await server.request('POST', '/driver/offers/decline', {
      token: first.token,
      body: { taskId: task },
    });
    expect(declined.status).toBe(200);
    const again = await server.request('POST', '/driver/offers/accept', { token: first.token, body: { taskId: task } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This offer has expired or was taken');

    await runDispatchOnce(server.deps);
    expect(await offersOf(first.token)).toEqual([]);
    expect((await offersOf(second.token)).map((offer) => offer.taskId)).toEqual([task]);

    // Never shown and unanswered for 45 s: gone from the driver's list at once, and offered on at the next round.
    later(45_000);
    expect(await offersOf(second.token)).toEqual([]);
    const late = await server.request('POST', '/driver/offers/accept', { token: second.token, body: { taskId: task } });
    expect(late.status).toBe(409);
    await runDispatchOnce(server.deps);
    expect((await offersOf(third.token)).map((offer) => offer.taskId)).toEqual([task]);

    const accepted = await server.request('POST', '/driver/offers/accept', {
      token: third.token,
      body: { taskId: task },
    });
    expect(accepted.status).toBe(200);
    const [row] = await db().query<{ status: string; driver_id: string }>(
      'select status, driver_id from tasks where id = $1',
      [task],
    );
    expect(row).toEqual({ status: 'driver-assigned', driver_id: third.id });
    // A resend after a lost answer: the task is theirs already, the same answer.
    const twice = await server.request('POST', '/driver/offers/accept', { token: third.token, body: { taskId: task } });
    expect(twice.status).toBe(200);
    expect(twice.body.data).toEqual({ taskId: task, status: 'driver-assigned' });
    // Someone else's task, never offered to this driver: not found.
    const stranger = await server.request('POST', '/driver/offers/accept', {
      token: first.token,
      body: { taskId: 'no-such-task' },
    });
    expect(stranger.status).toBe(404);
  });

  it('never gives up: after 10 minutes the task needs attention, its client is told once, and it is still offered', async () => {
    const client = await insertClient(db());
    const task = await insertTask(db(), client, { ...SURULERE });
    await runDispatchOnce(server.deps);
    later(9 * 60_000);
    await runDispatchOnce(server.deps);
    const told = () =>
      db().query<{ kind: string }>(`select kind from push_outbox where task_id = $1 and kind = 'drivers-busy'`, [task]);
    const busy = async () =>
      (
        await db().query<{ drivers_busy_told_at: Date | null }>(
          'select drivers_busy_told_at from tasks where id = $1',
          [task],
        )
      )[0].drivers_busy_told_at;
    expect(await busy()).toBeNull();
    later(60_000);
    await runDispatchOnce(server.deps);
    later(60_000);
    await runDispatchOnce(server.deps);
    expect(await busy()).not.toBeNull();
    // Told once (the outbox holds a row per device: this client has none, so the mark is what counts).
    expect(await told()).toEqual([]);
    // Payments keeps money problems only.
    expect(await listPayments(db())).toEqual([]);
    // A driver coming online 21.6 km away is offered it: the radius widened to 30 km.
    const driver = await readyDriver(IKEJA, 'Late');
    await db().query('update drivers set lat = $2, lng = $3 where id = $1', [driver.id, 6.69, 3.4]);
    expect(await runDispatchOnce(server.deps)).toBe(1);
    expect((await offersOf(driver.token)).map((offer) => offer.taskId)).toEqual([task]);
  });

  it('offers only within the radius, which widens as the task waits: 10 km, 20 km after 5 minutes', async () => {
    const far = await readyDriver(LEKKI, 'Lekki');
    const task = await insertTask(db(), await insertClient(db()), { ...SURULERE });
    expect(await runDispatchOnce(server.deps)).toBe(0);
    later(4 * 60_000);
    expect(await runDispatchOnce(server.deps)).toBe(0);
    later(60_000);
    expect(await runDispatchOnce(server.deps)).toBe(1);
    const [offer] = await offersOf(far.token);
    expect(offer.taskId).toBe(task);
    expect(offer.distanceMeters).toBeGreaterThan(10_000);
    expect(offer.distanceMeters).toBeLessThan(20_000);
  });

  it('the task due first goes first, each to its nearest driver; a driver holding a task is offered none', async () => {
    const yaba = await readyDriver(YABA, 'Yaba');
    const holder = await readyDriver(SURULERE, 'Holder');
    const client = await insertClient(db());
    // A task for later today, assigned: its driver is not offered another even though it is hours away.
    const held = await insertTask(db(), client, { status: 'driver-assigned', driverId: holder.id });
    await db().query(
      `update tasks set scheduled_start = now() + interval '6 hours', scheduled_end = now() + interval '8 hours' where id = $1`,
      [held],
    );
    const newer = await insertTask(db(), client, { ...SURULERE, createdAt: new Date(clock.getTime() - 60_000) });
    const older = await insertTask(db(), client, { ...SURULERE, createdAt: new Date(clock.getTime() - 120_000) });
    expect(await runDispatchOnce(server.deps)).toBe(1);
    expect((await offersOf(yaba.token)).map((offer) => offer.taskId)).toEqual([older]);
    expect(await offersOf(holder.token)).toEqual([]);
    const rows = await db().query('select 1 from task_offers where task_id = $1', [newer]);
    expect(rows).toEqual([]);
  });

  it('a windowed task is offered 2 hours before its window, not sooner', async () => {
    const driver = await readyDriver();
    const task = await insertTask(db(), await insertClient(db()), { ...SURULERE });
    const start = new Date(clock.getTime() + 3 * 3_600_000);
    await db().query('update tasks set scheduled_start = $2, scheduled_end = $3 where id = $1', [
      task,
      start,
      new Date(start.getTime() + 2 * 3_600_000),
    ]);
    expect(await runDispatchOnce(server.deps)).toBe(0);
    later(60 * 60_000);
    expect(await runDispatchOnce(server.deps)).toBe(1);
    const [offer] = await offersOf(driver.token);
    expect(offer).toMatchObject({ taskId: task, window: { start: start.toISOString() } });
  });

  it("an operator's assign overrides an open offer", async () => {
    const offered = await readyDriver(YABA, 'Offered');
    const chosen = await readyDriver(IKEJA, 'Chosen');
    const task = await insertTask(db(), await insertClient(db()), { ...SURULERE });
    await runDispatchOnce(server.deps);
    expect(await offersOf(offered.token)).toHaveLength(1);
    await ops.assignDriver(deps(), task, chosen.id, CLI);
    const accept = await server.request('POST', '/driver/offers/accept', {
      token: offered.token,
      body: { taskId: task },
    });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe('This offer has expired or was taken');
    const [row] = await db().query<{ driver_id: string }>('select driver_id from tasks where id = $1', [task]);
    expect(row.driver_id).toBe(chosen.id);
    await runDispatchOnce(server.deps);
    expect(await offersOf(offered.token)).toEqual([]);
  });

  it('a driver who holds another task cannot accept an offer: they finish their current pickup first', async () => {
    const driver = await readyDriver();
    const client = await insertClient(db());
    const offered = await insertTask(db(), client, { ...SURULERE });
    await runDispatchOnce(server.deps);
    expect((await offersOf(driver.token)).map((offer) => offer.taskId)).toEqual([offered]);
    // Meanwhile the command line gives them another task.
    await ops.assignDriver(deps(), await insertTask(db(), client), driver.id, CLI);
    const accept = await server.request('POST', '/driver/offers/accept', {
      token: driver.token,
      body: { taskId: offered },
    });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe('Finish your current pickup first');
    const [row] = await db().query<{ status: string; driver_id: string | null }>(
      'select status, driver_id from tasks where id = $1',
      [offered],
    );
    expect(row).toEqual({ status: 'pending', driver_id: null });
  });
});

describe('dispatch and cancels', () => {
  it('a task cancelled while offered cannot be accepted, and its offer is closed at the next round', async () => {
    const driver = await readyDriver();
    const task = await insertTask(db(), await insertClient(db()), { ...SURULERE });
    await runDispatchOnce(server.deps);
    expect(await offersOf(driver.token)).toHaveLength(1);
    await ops.moveTaskTo(deps(), task, 'cancelled', CLI);
    const accept = await server.request('POST', '/driver/offers/accept', {
      token: driver.token,
      body: { taskId: task },
    });
    expect(accept.status).toBe(409);
    await runDispatchOnce(server.deps);
    const offers = await db().query<{ outcome: string }>('select outcome from task_offers where task_id = $1', [task]);
    expect(offers).toEqual([{ outcome: 'taken' }]);
    const [row] = await db().query<{ status: string; driver_id: string | null }>(
      'select status, driver_id from tasks where id = $1',
      [task],
    );
    expect(row).toEqual({ status: 'cancelled', driver_id: null });
  });
});

describe("the driver's tasks", () => {
  /** A paid recycling task of `kg` booked at 1500 a kg, assigned to the driver. */
  async function recyclingTask(driverId: string, kg = 4) {
    const client = await insertClient(db(), { firstname: 'Chioma' });
    const task = await insertTask(db(), client, { status: 'driver-assigned', driverId, addressDetails: 'Blue gate' });
    await db().query(
      `update tasks set type = 'recycling', service_name = 'Recycling Collection', unit = 'per kg', quantity = $2,
              amount_kobo = $3, unit_price_kobo = 150000 where id = $1`,
      [task, kg, 150_000 * kg],
    );
    await db().query(
      'update payment_uses set amount_kobo = $2 where reference = (select reference from tasks where id = $1)',
      [task, 150_000 * kg],
    );
    return { task, client };
  }

  /** The fixture task's pin (Ikoyi), and a place about 120 m north of it (inside 150 m, outside the automatic 100 m). */
  const PIN = { lat: 6.447, lng: 3.4305 };
  const NEAR_PIN = { lat: 6.44808, lng: 3.4305 };

  /** The driver's phone reports where it is now (driver_positions). */
  async function reportPosition(token: string, at: { lat: number; lng: number }) {
    const sent = await server.request('POST', '/driver/positions', {
      token,
      body: { points: [{ ...at, accuracy: 5, at: clock.toISOString() }] },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }

  /** At the pin, 'I've arrived': the completion needs it. */
  async function arriveAtPin(token: string, taskId: string) {
    await reportPosition(token, PIN);
    const arrived = await server.request('POST', '/driver/tasks/arrived', { token, body: { taskId } });
    expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
  }

  it('lists my accepted tasks with what I need; start puts one on the way; another driver gets 404', async () => {
    const driver = await readyDriver();
    const other = await readyDriver(IKEJA, 'Other');
    const { task } = await recyclingTask(driver.id);
    const list = await server.request('POST', '/driver/tasks', { token: driver.token, body: {} });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        taskId: task,
        status: 'driver-assigned',
        service: { type: 'recycling', name: 'Recycling Collection' },
        quantity: 4,
        unit: 'per kg',
        window: null,
        address: '3 Awolowo Road, Ikoyi, Lagos',
        addressDetails: 'Blue gate',
        pin: { type: 'Point', coordinates: [3.4305, 6.447] },
        client: { firstname: 'Chioma', phone: '+2348012345678' },
        earnings: 4200,
        arrivedAt: null,
        weighedQuantity: null,
        extra: null,
        photo: 'off',
        photoTaken: false,
      },
    ]);
    expect((await server.request('POST', '/driver/tasks', { token: other.token, body: {} })).body.data).toEqual([]);
    for (const path of ['/driver/tasks/start', '/driver/tasks/arrived', '/driver/tasks/complete']) {
      const answer = await server.request('POST', path, {
        token: other.token,
        body: { taskId: task, code: '123456', quantity: 1 },
      });
      expect(answer.status, path).toBe(404);
    }
    const started = await server.request('POST', '/driver/tasks/start', {
      token: driver.token,
      body: { taskId: task },
    });
    expect(started.status).toBe(200);
    const [row] = await db().query<{ status: string }>('select status from tasks where id = $1', [task]);
    expect(row.status).toBe('on-going');
    const events = await db().query(`select 1 from task_events where task_id = $1 and status = 'on-going'`, [task]);
    expect(events).toHaveLength(1);
    // 'I've arrived' only where the phone says the driver is: not before any position, not 9 km away.
    const arrive = () =>
      server.request('POST', '/driver/tasks/arrived', { token: driver.token, body: { taskId: task } });
    const unknown = await arrive();
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe('Your position is not known yet: turn on location and try again in a moment');
    await reportPosition(driver.token, YABA);
    const far = await arrive();
    expect(far.status).toBe(409);
    expect(far.body.message).toMatch(/^You are 9\.\d km from the pickup point$/);
    // A position older than 2 minutes is not where the driver is now. (Driven there: 9 km in
    // 5 minutes, a speed the positions' screen believes.)
    later(5 * 60_000);
    await reportPosition(driver.token, NEAR_PIN);
    later(2 * 60_000 + 1_000);
    const stale = await arrive();
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Your position is not known yet/);
    await reportPosition(driver.token, NEAR_PIN);
    const [none] = await db().query<{ arrived_at: Date | null }>('select arrived_at from tasks where id = $1', [task]);
    expect(none.arrived_at).toBeNull();
    // Within 150 m: the task's arrivedAt is set (the client reads 'Your driver has arrived'), once.
    const arrived = await arrive();
    expect(arrived.status).toBe(200);
    const [first] = await db().query<{ arrived_at: Date | null }>('select arrived_at from tasks where id = $1', [task]);
    expect(first.arrived_at).not.toBeNull();
    await server.request('POST', '/driver/tasks/arrived', { token: driver.token, body: { taskId: task } });
    const [again] = await db().query<{ arrived_at: Date | null }>('select arrived_at from tasks where id = $1', [task]);
    expect(again.arrived_at).toEqual(first.arrived_at);
    // The driver's list says so too (the app shows 'Arrived').
    const listed = await server.request('POST', '/driver/tasks', { token: driver.token, body: {} });
    expect(listed.body.data[0]).toMatchObject({
      status: 'on-going',
      arrivedAt: new Date(first.arrived_at!).toISOString(),
    });
  });

  it("earnings: my completed tasks and my share, today and this week in Lagos; not another driver's, not last week's", async () => {
    const driver = await readyDriver();
    const other = await readyDriver(IKEJA, 'Other');
    const earnings = async (token: string) => {
      const answer = await server.request('POST', '/driver/earnings', { token, body: {} });
      expect(answer.status).toBe(200);
      return answer.body.data;
    };
    expect(await earnings(driver.token)).toEqual({ today: { tasks: 0, earnings: 0 }, week: { tasks: 0, earnings: 0 } });

    // Completed through the app now: 2 kg at ₦1,500, 70% of ₦3,000.
    const { task } = await recyclingTask(driver.id, 2);
    await arriveAtPin(driver.token, task);
    const done = await server.request('POST', '/driver/tasks/complete', {
      token: driver.token,
      body: { taskId: task, code: '123456', quantity: 2 },
    });
    expect(done.status).toBe(200);
    await db().query('update tasks set completed_at = $2 where id = $1', [task, clock.toISOString()]);
    /** A completed task of `driverId` priced `kobo`, completed at `at`. */
    const completedAt = async (driverId: string, kobo: number, at: number) => {
      const client = await insertClient(db(), { firstname: 'Ada' });
      const id = await insertTask(db(), client, { status: 'completed', driverId });
      await db().query('update tasks set amount_kobo = $2, completed_at = $3 where id = $1', [
        id,
        kobo,
        new Date(at).toISOString(),
      ]);
    };
    const dayStart = lagosDayStart(clock.getTime());
    const weekStart = lagosWeekStart(clock.getTime());
    // Last Sunday, a minute before the week began: not this week.
    await completedAt(driver.id, 1_000_000, weekStart - 60_000);
    // Another driver's, now.
    await completedAt(other.id, 1_000_000, clock.getTime());
    // Earlier this week, before today (none when today is Monday): ₦1,000 earns ₦700.
    const earlierThisWeek = dayStart > weekStart;
    if (earlierThisWeek) await completedAt(driver.id, 100_000, dayStart - 60_000);

    expect(await earnings(driver.token)).toEqual({
      today: { tasks: 1, earnings: 2100 },
      week: earlierThisWeek ? { tasks: 2, earnings: 2800 } : { tasks: 1, earnings: 2100 },
    });
    expect(await earnings(other.token)).toEqual({
      today: { tasks: 1, earnings: 7000 },
      week: { tasks: 1, earnings: 7000 },
    });
  });

  it('earnings are the share of what the client finally paid: a smaller weighed quantity takes its refund off', async () => {
    const driver = await readyDriver();
    // 4 kg booked at ₦1,500 (₦6,000), 3.5 kg weighed: ₦750 back to the card, ₦5,250 paid, 70% of it earned.
    const { task } = await recyclingTask(driver.id, 4);
    await arriveAtPin(driver.token, task);
    const done = await server.request('POST', '/driver/tasks/complete', {
      token: driver.token,
      body: { taskId: task, code: '123456', quantity: 3.5 },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ quantity: 3.5, refund: 750 });
    await db().query('update tasks set completed_at = $2 where id = $1', [task, clock.toISOString()]);
    const answer = await server.request('POST', '/driver/earnings', { token: driver.token, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ today: { tasks: 1, earnings: 3675 }, week: { tasks: 1, earnings: 3675 } });
  });

  it('five wrong codes lock the completion for the operator', async () => {
    const driver = await readyDriver();
    const { task } = await recyclingTask(driver.id);
    const complete = (code: string) =>
      server.request('POST', '/driver/tasks/complete', {
        token: driver.token,
        body: { taskId: task, code, quantity: 4 },
      });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await complete('000000');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(
        `Wrong confirmation code (${5 - attempt} ${5 - attempt === 1 ? 'try' : 'tries'} left)`,
      );
    }
    const fifth = await complete('000000');
    expect(fifth.status).toBe(423);
    const right = await complete('123456');
    expect(right.status).toBe(423);
    expect(right.body.message).toBe('Too many wrong codes: the operator will complete this task');
    const [row] = await db().query<{ status: string }>('select status from tasks where id = $1', [task]);
    expect(row.status).toBe('driver-assigned');
    // The operator still can.
    await ops.moveTaskTo(deps(), task, 'completed', CLI);
  });

  it('completes with the code and the weighed kg, once arrived: never more than booked unweighed, the rest refunded, points on the weight', async () => {
    const driver = await readyDriver();
    const { task, client } = await recyclingTask(driver.id, 4);
    const complete = (quantity: number) =>
      server.request('POST', '/driver/tasks/complete', {
        token: driver.token,
        body: { taskId: task, code: '123456', quantity },
      });
    const notArrived = await complete(3.5);
    expect(notArrived.status).toBe(409);
    expect(notArrived.body.message).toBe("Say you've arrived before completing");
    await arriveAtPin(driver.token, task);
    // More than booked needs the weight first (the client is asked for the extra).
    const tooMuch = await complete(4.5);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('At most 4 kg: weigh it first to ask the client for the rest');
    for (const [quantity, message] of [
      [0.05, 'quantity must be at least 0.1 kg'],
      [3.55, 'quantity must have at most one decimal'],
    ] as const) {
      const bad = await complete(quantity);
      expect(bad.status, String(quantity)).toBe(400);
      expect(bad.body.message).toBe(message);
    }

    const done = await complete(3.5);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({
      taskId: task,
      status: 'completed',
      quantity: 3.5,
      unit: 'per kg',
      refund: 750,
      pointsEarned: 35,
    });
    const [row] = await db().query<{ status: string; delivered_quantity: string; recycled_kg: string }>(
      'select status, delivered_quantity, recycled_kg from tasks where id = $1',
      [task],
    );
    expect({
      ...row,
      delivered_quantity: Number(row.delivered_quantity),
      recycled_kg: Number(row.recycled_kg),
    }).toEqual({
      status: 'completed',
      delivered_quantity: 3.5,
      recycled_kg: 3.5,
    });
    const [refund] = await db().query<{ amount_kobo: string }>('select amount_kobo from refunds where task_id = $1', [
      task,
    ]);
    expect(Number(refund.amount_kobo)).toBe(75_000);
    const points = await db().query<{ amount_kobo: string }>(
      `select amount_kobo from points_ledger where user_id = $1 and kind = 'earned'`,
      [client],
    );
    expect(points.map((point) => Number(point.amount_kobo))).toEqual([3_500]);
    // A resend after a lost answer gets the first answer; nothing is paid or refunded twice.
    const again = await complete(3.5);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(done.body.data);
    expect(await db().query('select 1 from refunds where task_id = $1', [task])).toHaveLength(1);
  });

  it('the whole booked quantity refunds nothing', async () => {
    const driver = await readyDriver();
    const { task } = await recyclingTask(driver.id, 2);
    await arriveAtPin(driver.token, task);
    const done = await server.request('POST', '/driver/tasks/complete', {
      token: driver.token,
      body: { taskId: task, code: '123456', quantity: 2 },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ quantity: 2, refund: 0, pointsEarned: 20 });
    expect(await db().query('select 1 from refunds where task_id = $1', [task])).toEqual([]);
  });
});

describe('live location', () => {
  const point = (minutesAgo: number, lat: number, lng: number) => ({
    lat,
    lng,
    accuracy: 12,
    at: new Date(clock.getTime() - minutesAgo * 60_000).toISOString(),
  });

  it("a batch sent twice counts once; the client's poll shows the newest point; older ones do not move it", async () => {
    const driver = await readyDriver();
    const client = await server.createClient();
    await insertTask(db(), client.id, { status: 'on-going', driverId: driver.id });
    // The points are taken after the operator placed the driver (location_updated_at, now).
    later(10 * 60_000);
    const batch = [point(3, 6.501, 3.371), point(2, 6.502, 3.372), point(1, 6.503, 3.373)];
    const send = (points: unknown[]) =>
      server.request('POST', '/driver/positions', { token: driver.token, body: { points } });

    const counts = { dropped: 0, refused: 0, reasons: { tooFast: 0, outsideNigeria: 0 } };
    const first = await send(batch);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: 3, added: 3, ...counts });
    const replayed = await send(batch);
    expect(replayed.body.data).toEqual({ received: 3, added: 0, ...counts });
    const stored = await db().query('select 1 from driver_positions where driver_id = $1', [driver.id]);
    expect(stored).toHaveLength(3);

    const poll = await server.request('GET', `/driver/location/${driver.id}`, { token: client.token });
    expect(poll.status).toBe(200);
    expect(poll.body.data).toEqual({
      driverId: driver.id,
      location: { type: 'Point', coordinates: [3.373, 6.503] },
      updatedAt: batch[2].at,
    });

    // Taken offline over 10 minutes ago: dropped; before the newest one: kept, the position stays.
    const late = await send([point(30, 6.6, 3.4), point(5, 6.51, 3.38)]);
    expect(late.body.data).toEqual({ received: 2, added: 1, ...counts, dropped: 1 });
    const after = await server.request('GET', `/driver/location/${driver.id}`, { token: client.token });
    expect(after.body.data.location.coordinates).toEqual([3.373, 6.503]);
    expect(await db().query('select 1 from driver_positions where driver_id = $1', [driver.id])).toHaveLength(4);
  });

  it("a fresh position within 100 m of the task's pin sets its arrivedAt; one further away does not", async () => {
    const driver = await readyDriver();
    const client = await server.createClient();
    const task = await insertTask(db(), client.id, {
      status: 'on-going',
      driverId: driver.id,
      lat: 6.447,
      lng: 3.4305,
    });
    later(10 * 60_000);
    const arrivedAt = async () =>
      (await db().query<{ arrived_at: Date | null }>('select arrived_at from tasks where id = $1', [task]))[0]!
        .arrived_at;
    // About 330 m north of the pin.
    await server.request('POST', '/driver/positions', {
      token: driver.token,
      body: { points: [point(2, 6.45, 3.4305)] },
    });
    expect(await arrivedAt()).toBeNull();
    // About 55 m north.
    await server.request('POST', '/driver/positions', {
      token: driver.token,
      body: { points: [point(1, 6.4475, 3.4305)] },
    });
    expect(await arrivedAt()).not.toBeNull();
  });

  it('refuses malformed batches with a 400 and a message', async () => {
    const driver = await readyDriver();
    for (const body of [
      {},
      { points: [] },
      { points: Array.from({ length: 501 }, (_, index) => point(index / 100, 6.5, 3.3)) },
      { points: [{ ...point(1, 6.5, 3.3), lat: 91 }] },
      { points: [{ ...point(1, 6.5, 3.3), at: 'yesterday' }] },
      { points: [{ ...point(1, 6.5, 3.3), at: 'x'.repeat(10_000) }] },
      { points: 'many' },
    ]) {
      // A batch every 2 s (the token bucket is taken before the body is read).
      later(2_000);
      const answer = await server.request('POST', '/driver/positions', { token: driver.token, body });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
  });
});

describe('chat from the driver side', () => {
  it("the client's thread: exactly once per clientId, both sides read it (the push: push.test.ts); another driver 404", async () => {
    const driver = await readyDriver();
    const other = await readyDriver(IKEJA, 'Other');
    const client = await server.createClient();
    const task = await insertTask(db(), client.id, { status: 'driver-assigned', driverId: driver.id });
    const send = (token: string, clientId: string, content: string) =>
      server.request('POST', '/driver/sendingMessages', { token, body: { taskId: task, content, clientId } });

    const first = await send(driver.token, 'c-1', "I'm outside");
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      sender: 'driver',
      content: "I'm outside",
      clientId: 'c-1',
      senderName: 'Segun',
    });
    const replay = await send(driver.token, 'c-1', "I'm outside");
    expect(replay.status).toBe(200);
    expect(replay.body.data._id).toBe(first.body.data._id);

    const reply = await server.request('POST', '/client/sendingMessages', {
      token: client.token,
      body: { taskId: task, sender: 'user', content: 'Coming down', clientId: 'u-1' },
    });
    expect(reply.status).toBe(201);
    const asDriver = await server.request('POST', '/driver/getMessages', {
      token: driver.token,
      body: { taskId: task },
    });
    expect(asDriver.status).toBe(200);
    expect(asDriver.body.data.messages.map((message: { content: string }) => message.content)).toEqual([
      "I'm outside",
      'Coming down',
    ]);
    expect(asDriver.body.data.olderCursor).toBeNull();
    const since = await server.request('POST', '/driver/getMessages', {
      token: driver.token,
      body: { taskId: task, since: first.body.data.timestamp },
    });
    expect(since.body.data.messages.map((message: { content: string }) => message.content)).toContain('Coming down');
    const asClient = await server.request('POST', '/client/getMessages', {
      token: client.token,
      body: { taskId: task },
    });
    expect(asClient.body.data.messages).toHaveLength(2);

    expect((await send(other.token, 'c-2', 'Hello')).status).toBe(404);
    const otherRead = await server.request('POST', '/driver/getMessages', {
      token: other.token,
      body: { taskId: task },
    });
    expect(otherRead.status).toBe(404);
    const empty = await send(driver.token, 'c-3', '   ');
    expect(empty.status).toBe(400);
    const long = await send(driver.token, 'c-4', 'x'.repeat(100_000));
    expect(long.status).toBe(400);
  });

  it('pages a long thread like the client', async () => {
    const driver = await readyDriver();
    const task = await insertTask(db(), await insertClient(db()), { status: 'on-going', driverId: driver.id });
    await db().query(
      `insert into messages (id, task_id, sender, content, created_at)
       select 'm-' || n || '-' || $1, $1, 'user', 'message ' || n, now() - (200 - n) * interval '1 second'
         from generate_series(1, 101) n`,
      [task],
    );
    const page = await server.request('POST', '/driver/getMessages', { token: driver.token, body: { taskId: task } });
    expect(page.body.data.messages).toHaveLength(100);
    expect(page.body.data.messages.at(-1).content).toBe('message 101');
    expect(page.body.data.olderCursor).toBe(page.body.data.messages[0]._id);
    const older = await server.request('POST', '/driver/getMessages', {
      token: driver.token,
      body: { taskId: task, before: page.body.data.olderCursor },
    });
    expect(older.body.data.messages.map((message: { content: string }) => message.content)).toEqual(['message 1']);
    expect(older.body.data.olderCursor).toBeNull();
  });
});
