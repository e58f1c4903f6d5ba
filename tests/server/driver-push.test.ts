/**
 * The driver's phone in a pocket (issue 64): a driver's device subscribes with the client's rules,
 * and the real web-push code delivers to a local fake push service (the test decrypts what
 * arrived, as the phone would) a new offer, an operator's assignment, a cancel with its reason
 * and a client's message, each within a second of its event and tagged per event; a gone
 * subscription is dropped; an offer lasts 30 s from the moment the phone shows it, 45 s at most.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runDispatchOnce } from '../../server/dispatch/dispatch-jobs';
import * as ops from '../../server/console/commands';
import { NOT_A_PUSH_SERVICE } from '../../server/notifications/push.routes';
import { type BrowserSubscription, type FakePushService, startFakePushService } from './fake-push-service';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertTask } from './ops-fixtures';

const YABA = { lat: 6.5158, lng: 3.3782 };
const SURULERE = { lat: 6.5005, lng: 3.3581 };

let fake: FakePushService;
let server: TestServer;
let clock = new Date();
let phones = 0;

beforeAll(async () => {
  fake = await startFakePushService();
  server = await createTestServer({
    config: { pushAllowedOrigins: [fake.origin] },
    pushAgent: fake.agent,
    now: () => clock,
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(async () => {
  clock = new Date();
  fake.pushes.length = 0;
  await server.deps.db.query('delete from task_offers');
  await clearTasksAndDrivers(server.deps.db);
});

const db = () => server.deps.db;

/** A driver who signed in, chose a password and went online. */
async function readyDriver() {
  phones += 1;
  const added = await ops.addDriver(db(), {
    firstname: 'Segun',
    lastname: 'Driver',
    phone: `0805${String(1_000_000 + phones)
      .slice(1)
      .padStart(7, '0')}`,
    ...YABA,
  });
  const login = await server.request('POST', '/driver/login', {
    body: { phone: added.phone, password: added.password },
  });
  const changed = await server.request('POST', '/driver/password', {
    token: login.body.data,
    body: { currentPassword: added.password, newPassword: 'my-own-password' },
  });
  const token: string = changed.body.data;
  await server.request('POST', '/driver/availability', { token, body: { online: true } });
  return { id: added.id, token };
}

async function subscribe(token: string): Promise<BrowserSubscription> {
  const subscription = fake.subscription();
  const answer = await server.request('POST', '/driver/push/subscribe', { token, body: subscription.json });
  expect(answer.status).toBe(201);
  return subscription;
}

/** The pushes that reached the phone, decrypted; waits (on the event, at most a second) for `count`. */
async function received(subscription: BrowserSubscription, count: number) {
  await vi.waitFor(() => expect(fake.pushesTo(subscription.id).length).toBeGreaterThanOrEqual(count), {
    timeout: 1_000,
    interval: 20,
  });
  return fake.pushesTo(subscription.id).map((push) => subscription.decrypt(push));
}

describe("the driver's push", () => {
  it('subscribes with the client rules: a known push service and keys that encrypt; the key is the server one', async () => {
    const driver = await readyDriver();
    const key = await server.request('POST', '/driver/notifications', { token: driver.token, body: {} });
    expect(key.status).toBe(200);
    expect(key.body.data).toEqual({ vapidPublicKey: server.deps.vapidPublicKey, devices: 0 });
    const good = fake.subscription().json;
    const http = { ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' };
    const badHttp = await server.request('POST', '/driver/push/subscribe', { token: driver.token, body: http });
    expect(badHttp.status).toBe(400);
    expect(badHttp.body.message).toBe(NOT_A_PUSH_SERVICE);
    const badKeys = await server.request('POST', '/driver/push/subscribe', {
      token: driver.token,
      body: { ...good, keys: { p256dh: 'AAAA', auth: good.keys.auth } },
    });
    expect(badKeys.status).toBe(400);
    const client = await server.createClient();
    expect((await server.request('POST', '/driver/push/subscribe', { token: client.token, body: good })).status).toBe(
      403,
    );
    expect((await server.request('POST', '/driver/push/subscribe', { token: driver.token, body: good })).status).toBe(
      201,
    );
    expect((await server.request('POST', '/driver/push/subscribe', { token: driver.token, body: good })).status).toBe(
      200,
    );
    const unsubscribed = await server.request('POST', '/driver/push/unsubscribe', {
      token: driver.token,
      body: { endpoint: good.endpoint },
    });
    expect(unsubscribed.body.data).toEqual({ subscribed: false });
    expect(
      (await server.request('POST', '/driver/notifications', { token: driver.token, body: {} })).body.data.devices,
    ).toBe(0);
  });

  it('pushes a new offer within a second, naming the pickup and its earnings, tagged and opening the offer', async () => {
    const driver = await readyDriver();
    const phone = await subscribe(driver.token);
    const client = await server.createClient();
    const task = await insertTask(db(), client.id, { ...SURULERE });
    expect(await runDispatchOnce(server.deps)).toBe(1);
    // From the commit of the round that made the offer.
    const started = Date.now();
    const [offer] = await received(phone, 1);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(offer).toMatchObject({
      kind: 'offer',
      taskId: task,
      title: 'New pickup: earn ₦1,050.00',
      body: 'Household Waste Pickup at 3 Awolowo Road, Ikoyi, Lagos. Tap to answer.',
      tag: `offer-${task}`,
      url: `/driver/offer?task=${task}`,
      expiresAt: new Date(clock.getTime() + 45_000).toISOString(),
    });
    // The push service holds it no longer than the offer lasts.
    expect(Number(fake.pushesTo(phone.id)[0].headers.ttl)).toBeLessThanOrEqual(45);
  });

  it("pushes an operator's assignment, a cancel with its reason and a client's message; none to another driver", async () => {
    const driver = await readyDriver();
    const other = await readyDriver();
    const phone = await subscribe(driver.token);
    const otherPhone = await subscribe(other.token);
    const client = await server.createClient();
    const task = await insertTask(db(), client.id, { ...SURULERE });

    await ops.assignDriver(server.deps, task, driver.id, { actor: 'cli' });
    const [assigned] = await received(phone, 1);
    expect(assigned).toMatchObject({ kind: 'assigned', tag: `assigned-${task}`, url: `/driver/tasks/${task}` });
    expect(assigned.body).toBe('Household Waste Pickup at 3 Awolowo Road, Ikoyi, Lagos');
    // The same assignment again tells nothing new.
    await ops.assignDriver(server.deps, task, driver.id, { actor: 'cli' });

    const sent = await server.request('POST', '/client/sendingMessages', {
      token: client.token,
      body: { taskId: task, content: 'The gate is blue', sender: 'user', clientId: 'c-1' },
    });
    expect(sent.status).toBe(201);
    await server.request('POST', '/client/sendingMessages', {
      token: client.token,
      body: { taskId: task, content: 'The gate is blue', sender: 'user', clientId: 'c-1' },
    });
    const chat = (await received(phone, 2))[1];
    expect(chat).toMatchObject({ kind: 'chat', title: 'The client wrote', body: 'The gate is blue' });
    expect(chat.url).toBe(`/driver/tasks/${task}/chat`);

    const cancelled = await server.request('POST', '/client/tasks/cancel', {
      token: client.token,
      body: { taskId: task, reason: 'changed-plans', note: 'Travelling' },
    });
    expect(cancelled.status).toBe(200);
    const cancel = (await received(phone, 3))[2];
    expect(cancel).toMatchObject({ kind: 'cancelled', tag: `cancelled-${task}`, url: '/driver/' });
    expect(cancel.body).toContain('The client cancelled: My plans changed - Travelling');
    await server.deps.push.drain();
    expect(fake.pushesTo(phone.id)).toHaveLength(3);
    expect(fake.pushesTo(otherPhone.id)).toHaveLength(0);
  });

  it('tells a driver a task was taken off them: given to another driver, or put back to dispatch; the new driver gets the assignment', async () => {
    const first = await readyDriver();
    const second = await readyDriver();
    const firstPhone = await subscribe(first.token);
    const secondPhone = await subscribe(second.token);
    const task = await insertTask(db(), await server.createClient().then((client) => client.id), { ...SURULERE });

    await ops.assignDriver(server.deps, task, first.id, { actor: 'cli' });
    await received(firstPhone, 1);
    await ops.assignDriver(server.deps, task, second.id, { actor: 'cli' });
    const [, withdrawn] = await received(firstPhone, 2);
    expect(withdrawn).toMatchObject({
      kind: 'withdrawn',
      tag: `withdrawn-${task}`,
      url: '/driver/',
      title: 'A task was taken off you',
      body: 'Household Waste Pickup at 3 Awolowo Road, Ikoyi, Lagos. The operator gave it to another driver. Do not go.',
    });
    expect((await received(secondPhone, 1))[0]).toMatchObject({ kind: 'assigned', taskId: task });

    await ops.moveTaskTo(server.deps, task, 'pending', { actor: 'cli' });
    const [, putBack] = await received(secondPhone, 2);
    expect(putBack).toMatchObject({ kind: 'withdrawn', url: '/driver/' });
    expect(putBack.body).toBe(
      'Household Waste Pickup at 3 Awolowo Road, Ikoyi, Lagos. The operator took it back. Do not go.',
    );
    await server.deps.push.drain();
    expect(fake.pushesTo(firstPhone.id)).toHaveLength(2);
    expect(fake.pushesTo(secondPhone.id)).toHaveLength(2);
  });

  it('drops a subscription the push service says is gone; signing out drops every phone of the driver', async () => {
    const driver = await readyDriver();
    const gone = await subscribe(driver.token);
    const kept = await subscribe(driver.token);
    fake.answer(gone.id, 410);
    const task = await insertTask(db(), await server.createClient().then((client) => client.id), { ...SURULERE });
    await ops.assignDriver(server.deps, task, driver.id, { actor: 'cli' });
    await received(kept, 1);
    await server.deps.push.drain();
    const endpoints = await db().query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where driver_id = $1',
      [driver.id],
    );
    expect(endpoints.map((row) => row.endpoint)).toEqual([kept.json.endpoint]);
    expect((await server.request('POST', '/driver/logout', { token: driver.token, body: {} })).status).toBe(200);
    expect(await db().query('select 1 from push_subscriptions where driver_id = $1', [driver.id])).toHaveLength(0);
  });
});

describe('an offer the phone shows', () => {
  it('lasts 30 s from the first showing, never past 45 s after it was made; only the first showing counts', async () => {
    const driver = await readyDriver();
    const client = await server.createClient();
    const task = await insertTask(db(), client.id, { ...SURULERE });
    const made = clock.getTime();
    await runDispatchOnce(server.deps);
    const [offer] = (await server.request('POST', '/driver/offers', { token: driver.token, body: {} })).body.data;
    expect(offer.serverNow).toBe(clock.toISOString());
    expect(Date.parse(offer.expiresAt) - made).toBe(45_000);

    clock = new Date(made + 5_000);
    const seen = await server.request('POST', '/driver/offers/seen', { token: driver.token, body: { taskId: task } });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual({
      taskId: task,
      expiresAt: new Date(made + 35_000).toISOString(),
      serverNow: clock.toISOString(),
    });
    clock = new Date(made + 10_000);
    const again = await server.request('POST', '/driver/offers/seen', { token: driver.token, body: { taskId: task } });
    expect(again.body.data.expiresAt).toBe(new Date(made + 35_000).toISOString());
    clock = new Date(made + 35_000);
    expect((await server.request('POST', '/driver/offers', { token: driver.token, body: {} })).body.data).toEqual([]);
    const late = await server.request('POST', '/driver/offers/seen', { token: driver.token, body: { taskId: task } });
    expect(late.status).toBe(409);
  });

  it('shown late (a tap 20 s after it was made) it still ends 45 s after it was made', async () => {
    const driver = await readyDriver();
    const task = await insertTask(db(), (await server.createClient()).id, { ...SURULERE });
    const made = clock.getTime();
    await runDispatchOnce(server.deps);
    clock = new Date(made + 20_000);
    const seen = await server.request('POST', '/driver/offers/seen', { token: driver.token, body: { taskId: task } });
    expect(seen.body.data.expiresAt).toBe(new Date(made + 45_000).toISOString());
    const stranger = await readyDriver();
    const notTheirs = await server.request('POST', '/driver/offers/seen', {
      token: stranger.token,
      body: { taskId: task },
    });
    expect(notTheirs.status).toBe(409);
  });
});
