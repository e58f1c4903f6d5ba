/**
 * Notifications end to end on the server: subscribing (known push services only), the outbox
 * written with the event, the real web-push library delivering to a local fake push service
 * (the test decrypts what arrived, as the browser would), the switches, a gone subscription,
 * SMS where there is no push, and the other kinds (on the way, arriving, chat, support, refund).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPlanJobsOnce } from '../../server/payments/plan-jobs';
import { OPS_TOKEN_HEADER } from '../../server/console/ops.routes';
import { NOT_A_PUSH_SERVICE } from '../../server/notifications/push.routes';
import { isAllowedPushEndpoint } from '../../server/notifications/endpoints';
import { smsText, toSmsText } from '../../server/notifications/messages';
import { toE164 } from '../../server/notifications/sms';
import { MAX_PUSH_ENDPOINT } from '../../src/shared/schemas/push';
import { type BrowserSubscription, type FakePushService, startFakePushService } from './fake-push-service';
import { startFakeSms } from './fake-sms';
import { createTestServer, type TestServer } from './harness';
import { insertTask } from './ops-fixtures';
import { addDriver } from '../../server/console/commands';
import { insertClient, type TestClient } from './task-fixtures';

let fake: FakePushService;
let sms: Awaited<ReturnType<typeof startFakeSms>>;
let server: TestServer;

beforeAll(async () => {
  [fake, sms] = await Promise.all([startFakePushService(), startFakeSms()]);
  server = await createTestServer({
    config: {
      pushAllowedOrigins: [fake.origin],
      smsApiUrl: sms.url,
      smsApiKey: 'termii-test-key',
      smsSenderId: 'GreenPick',
    },
    pushAgent: fake.agent,
  });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([fake?.close(), sms?.close()]);
});
beforeEach(() => {
  fake.pushes.length = 0;
  sms.sent.length = 0;
});

async function subscribe(client: TestClient, subscription = fake.subscription()): Promise<BrowserSubscription> {
  const response = await server.request('POST', '/client/push/subscribe', {
    token: client.token,
    body: subscription.json,
  });
  expect(response.status).toBe(201);
  return subscription;
}

async function insertDriver(firstname = 'Emeka'): Promise<string> {
  const id = randomUUID();
  await server.deps.db.query(
    `insert into drivers (id, firstname, lastname, phone, lat, lng, vehicle, plate)
     values ($1, $2, 'Okafor', '+2348020000000', 6.5, 3.4, 'Toyota Hiace, white', 'KJA-123XY')`,
    [id, firstname],
  );
  return id;
}

const ops = (path: string, body: unknown, method = 'POST') =>
  server.request(method, path, { headers: { [OPS_TOKEN_HEADER]: server.deps.opsToken }, body });

/** What the operator's `npm run ops -- assign <task> <driver>` does when a server runs. */
async function assign(taskId: string, driverId: string) {
  const response = await ops(`/ops/tasks/${taskId}/assign`, { driverId });
  expect(response.status).toBe(200);
  await server.deps.push.drain();
}

const outbox = (taskId: string) =>
  server.deps.db.query<{
    channel: string;
    kind: string;
    sent_at: Date | null;
    failed_at: Date | null;
    attempts: number;
  }>('select channel, kind, sent_at, failed_at, attempts, last_error from push_outbox where task_id = $1 order by id', [
    taskId,
  ]);

describe('subscribing', () => {
  it('takes a known push service, once per device (201, then 200), for the signed-in user only', async () => {
    const client = await insertClient(server);
    const subscription = fake.subscription();
    const body = subscription.json;
    expect((await server.request('POST', '/client/push/subscribe', { body })).status).toBe(401);
    expect((await server.request('POST', '/client/push/subscribe', { token: client.token, body })).status).toBe(201);
    expect((await server.request('POST', '/client/push/subscribe', { token: client.token, body })).status).toBe(200);
    const settings = await server.request('POST', '/client/notifications', { token: client.token, body: {} });
    expect(settings.body.data).toMatchObject({ devices: 1, smsAvailable: true });
    expect(settings.body.data.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('refuses any other address (400), length first', async () => {
    const client = await insertClient(server);
    const keys = fake.subscription().json.keys;
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1:9/push/x',
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const response = await server.request('POST', '/client/push/subscribe', {
        token: client.token,
        body: { endpoint, keys },
      });
      expect(response.status, endpoint).toBe(400);
      expect(response.body.message).toBe(NOT_A_PUSH_SERVICE);
    }
    const long = await server.request('POST', '/client/push/subscribe', {
      token: client.token,
      body: { endpoint: `https://fcm.googleapis.com/${'a'.repeat(MAX_PUSH_ENDPOINT)}`, keys },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(`endpoint must be at most ${MAX_PUSH_ENDPOINT} characters`);
    const badKey = await server.request('POST', '/client/push/subscribe', {
      token: client.token,
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'not base64!', auth: 'x' } },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toBe('keys.p256dh must be base64url');
  });

  it('refuses keys that cannot encrypt a push (400): p256dh must be a P-256 point, auth 16 bytes; nothing is stored', async () => {
    const client = await insertClient(server);
    const good = fake.subscription().json;
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] ^= 1;
    const compressed = Buffer.concat([Buffer.from([2]), point.subarray(1, 33)]);
    const cases: Array<[{ p256dh: string; auth: string }, string]> = [
      [{ ...good.keys, p256dh: 'x' }, 'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url)'],
      [
        { ...good.keys, p256dh: offCurve.toString('base64url') },
        'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url)',
      ],
      [
        { ...good.keys, p256dh: compressed.toString('base64url') },
        'keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url)',
      ],
      [{ ...good.keys, auth: 'x' }, 'keys.auth must be 16 bytes (base64url)'],
      [{ ...good.keys, auth: Buffer.alloc(15).toString('base64url') }, 'keys.auth must be 16 bytes (base64url)'],
    ];
    for (const [keys, message] of cases) {
      const response = await server.request('POST', '/client/push/subscribe', {
        token: client.token,
        body: { ...good, keys },
      });
      expect(response.status, JSON.stringify(keys)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const settings = await server.request('POST', '/client/notifications', { token: client.token, body: {} });
    expect(settings.body.data.devices).toBe(0);
  });

  it('knows the browsers push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QAbc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ])
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/push/1', ['https://127.0.0.1:8443'])).toBe(true);
  });
});

describe("an operator's assign", () => {
  it("pushes once to each of the client's devices, with the driver's name, vehicle and plate and the task's page", async () => {
    const client = await insertClient(server);
    const stranger = await insertClient(server);
    const [phone, laptop] = [await subscribe(client), await subscribe(client)];
    const strangers = await subscribe(stranger);
    const taskId = await insertTask(server.deps.db, client.id, { paid: true });
    await assign(taskId, await insertDriver());

    expect(fake.pushes).toHaveLength(2);
    expect(fake.pushesTo(strangers.id)).toHaveLength(0);
    for (const device of [phone, laptop]) {
      const [push] = fake.pushesTo(device.id);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
      expect(device.decrypt(push)).toEqual({
        kind: 'driver-assigned',
        taskId,
        title: 'Driver assigned',
        body: 'Emeka is your driver - white Toyota Hiace KJA-123XY',
        tag: `task-${taskId}`,
        url: `/client/tasks/${taskId}`,
      });
    }
    expect((await outbox(taskId)).every((row) => row.sent_at !== null)).toBe(true);
    // Nothing is sent twice.
    await server.deps.push.drain();
    expect(fake.pushes).toHaveLength(2);
  });

  it('sends nothing when the client turned driver updates off', async () => {
    const client = await insertClient(server);
    await subscribe(client);
    const off = await server.request('POST', '/client/notifications/update', {
      token: client.token,
      body: { driverUpdates: false },
    });
    expect(off.body.data).toEqual({ driverUpdates: false, chat: true, receipts: true, reminders: true, sms: true });
    const taskId = await insertTask(server.deps.db, client.id);
    await assign(taskId, await insertDriver());
    expect(fake.pushes).toHaveLength(0);
    expect(sms.sent).toHaveLength(0);
  });

  it('removes a subscription the push service says is gone (410), and keeps the others', async () => {
    const client = await insertClient(server);
    const gone = await subscribe(client);
    const kept = await subscribe(client);
    fake.answer(gone.id, 410);
    const taskId = await insertTask(server.deps.db, client.id);
    await assign(taskId, await insertDriver());
    expect(fake.pushesTo(kept.id)).toHaveLength(1);
    const rows = await server.deps.db.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1',
      [client.id],
    );
    expect(rows.map((row) => row.endpoint)).toEqual([kept.json.endpoint]);
  });

  it('drops a subscription whose keys cannot encrypt (stored before subscribe checked them) at its first send, not after 5 tries', async () => {
    const client = await insertClient(server);
    const kept = await subscribe(client);
    const broken = fake.subscription();
    await server.deps.db.query(
      `insert into push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, 'x', 'y')`,
      [`broken-${client.id}`, client.id, broken.json.endpoint],
    );
    const taskId = await insertTask(server.deps.db, client.id);
    await assign(taskId, await insertDriver());
    expect(fake.pushesTo(kept.id)).toHaveLength(1);
    const devices = await server.deps.db.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1',
      [client.id],
    );
    expect(devices.map((row) => row.endpoint)).toEqual([kept.json.endpoint]);
    // Nothing is left to retry: the broken device's row went with it.
    expect((await outbox(taskId)).filter((row) => row.channel === 'push' && !row.sent_at)).toEqual([]);
  });

  it('retries a failing push service with backoff, then delivers', async () => {
    const client = await insertClient(server);
    const device = await subscribe(client);
    fake.answer(device.id, 500);
    const taskId = await insertTask(server.deps.db, client.id);
    await assign(taskId, await insertDriver());
    expect(fake.pushes).toHaveLength(0);
    const [row] = await outbox(taskId);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    fake.answer(device.id, 201);
    await server.deps.db.query(`update push_outbox set next_attempt_at = now() where task_id = $1`, [taskId]);
    await server.deps.push.drain();
    expect(fake.pushesTo(device.id)).toHaveLength(1);
  });

  it('sends an SMS instead when the client has no subscription, unless SMS is off', async () => {
    const client = await insertClient(server);
    const taskId = await insertTask(server.deps.db, client.id);
    await assign(taskId, await insertDriver());
    expect(fake.pushes).toHaveLength(0);
    expect(sms.sent).toEqual([
      {
        to: '2348012345678',
        from: 'GreenPick',
        sms: 'GreenPick: Emeka is your driver - white Toyota Hiace KJA-123XY. For your Household Waste Pickup.',
        type: 'plain',
        channel: 'generic',
        api_key: 'termii-test-key',
      },
    ]);

    const quiet = await insertClient(server);
    await server.request('POST', '/client/notifications/update', { token: quiet.token, body: { sms: false } });
    await assign(await insertTask(server.deps.db, quiet.id), await insertDriver());
    expect(sms.sent).toHaveLength(1);
  });

  it('sends at most 3 SMS per task', async () => {
    const client = await insertClient(server);
    const taskId = await insertTask(server.deps.db, client.id);
    for (const name of ['Emeka', 'Bola', 'Tunde', 'Ngozi']) await assign(taskId, await insertDriver(name));
    expect(sms.sent.map((sent) => sent.sms.split(' is your')[0])).toEqual([
      'GreenPick: Emeka',
      'GreenPick: Bola',
      'GreenPick: Tunde',
    ]);
  });
});

describe('the other kinds', () => {
  it('on the way, arriving (once, within 500 m), a driver chat message, completed with the receipt', async () => {
    const client = await insertClient(server);
    const device = await subscribe(client);
    const driverId = await insertDriver();
    const taskId = await insertTask(server.deps.db, client.id, { lat: 6.447, lng: 3.4305 });
    await assign(taskId, driverId);
    expect((await ops(`/ops/tasks/${taskId}/status`, { status: 'on-going' })).status).toBe(200);
    await server.deps.push.drain();
    // 2 km away: nothing; 300 m: arriving; nearer still: not again.
    for (const lat of [6.465, 6.4497, 6.4475]) {
      expect((await ops(`/ops/drivers/${driverId}/location`, { lat, lng: 3.4305 }, 'PUT')).status).toBe(200);
      await server.deps.push.drain();
    }
    expect((await ops(`/ops/tasks/${taskId}/messages`, { content: 'I am at the gate' })).status).toBe(201);
    expect((await ops(`/ops/tasks/${taskId}/status`, { status: 'completed' })).status).toBe(200);
    await server.deps.push.drain();
    const payloads = fake.pushesTo(device.id).map((push) => device.decrypt(push));
    expect(payloads.map((payload) => [payload.kind, payload.title, payload.body])).toEqual([
      ['driver-assigned', 'Driver assigned', 'Emeka is your driver - white Toyota Hiace KJA-123XY'],
      ['on-the-way', 'Your driver is on the way', 'Emeka is on the way for your Household Waste Pickup.'],
      ['arriving', 'Your driver is arriving', 'Emeka is less than 500 m away. Please be ready.'],
      ['chat', 'Emeka (driver)', 'I am at the gate'],
      [
        'completed',
        'Task done - your receipt',
        'Your Household Waste Pickup is done. Total ₦1,500.00; the receipt is in your e-mail.',
      ],
    ]);
    expect(new Set(payloads.map((payload) => payload.tag))).toEqual(new Set([`task-${taskId}`]));
  });

  it("a message sent from the driver's app reaches the client's device as the chat push", async () => {
    const client = await insertClient(server);
    const device = await subscribe(client);
    const added = await addDriver(server.deps.db, {
      firstname: 'Bola',
      lastname: 'Ade',
      phone: '08035550101',
      lat: 6.5,
      lng: 3.37,
    });
    const login = await server.request('POST', '/driver/login', {
      body: { phone: '08035550101', password: added.password },
    });
    const changed = await server.request('POST', '/driver/password', {
      token: login.body.data,
      body: { currentPassword: added.password, newPassword: 'my-own-password' },
    });
    const taskId = await insertTask(server.deps.db, client.id, { status: 'driver-assigned', driverId: added.id });
    const sent = await server.request('POST', '/driver/sendingMessages', {
      token: changed.body.data,
      body: { taskId, content: 'At your gate', clientId: 'driver-app-1' },
    });
    expect(sent.status).toBe(201);
    await server.deps.push.drain();
    const payloads = fake.pushesTo(device.id).map((push) => device.decrypt(push));
    expect(payloads.map((payload) => [payload.kind, payload.title, payload.body])).toEqual([
      ['chat', 'Bola (driver)', 'At your gate'],
    ]);
  });

  it('cancelled and its refund; an operator answering a support request', async () => {
    const client = await insertClient(server);
    const device = await subscribe(client);
    const taskId = await insertTask(server.deps.db, client.id, { paid: true });
    expect((await ops(`/ops/tasks/${taskId}/status`, { status: 'cancelled' })).status).toBe(200);
    const support = await server.request('POST', '/client/support', {
      token: client.token,
      body: { taskId, category: 'other', text: 'Where is my refund?' },
    });
    expect(support.status).toBe(201);
    expect((await ops(`/ops/support/${support.body.data._id}/reply`, { reply: 'It is on its way.' })).status).toBe(200);
    await server.deps.push.drain();
    const payloads = fake.pushesTo(device.id).map((push) => device.decrypt(push));
    expect(payloads.map((payload) => [payload.kind, payload.title])).toEqual(
      expect.arrayContaining([
        ['cancelled', 'Task cancelled'],
        ['refund', 'Refund started'],
        ['support-reply', 'GreenPick support answered'],
      ]),
    );
    expect(payloads.find((payload) => payload.kind === 'support-reply').body).toBe('It is on its way.');
  });

  it('chat can be switched off on its own', async () => {
    const client = await insertClient(server);
    const device = await subscribe(client);
    await server.request('POST', '/client/notifications/update', { token: client.token, body: { chat: false } });
    const taskId = await insertTask(server.deps.db, client.id);
    await assign(taskId, await insertDriver());
    expect((await ops(`/ops/tasks/${taskId}/messages`, { content: 'Hello' })).status).toBe(201);
    await server.deps.push.drain();
    expect(fake.pushesTo(device.id).map((push) => device.decrypt(push).kind)).toEqual(['driver-assigned']);
  });
});

describe('the reminder the evening before a planned pickup', () => {
  it('goes once, from 18:00 Lagos, with the window; not before, not for a task already cancelled', async () => {
    const client = await insertClient(server);
    const device = await subscribe(client);
    const planned = await insertTask(server.deps.db, client.id);
    const cancelled = await insertTask(server.deps.db, client.id, { status: 'cancelled' });
    for (const id of [planned, cancelled])
      await server.deps.db.query(
        `update tasks set scheduled_start = '2030-03-15T09:00:00Z', scheduled_end = '2030-03-15T11:00:00Z' where id = $1`,
        [id],
      );
    const at = (iso: string) => runPlanJobsOnce({ ...server.deps, now: () => new Date(iso) });
    await at('2030-03-14T16:59:00Z'); // 17:59 in Lagos
    await server.deps.push.drain();
    expect(fake.pushesTo(device.id)).toHaveLength(0);
    await at('2030-03-14T17:00:00Z');
    await at('2030-03-14T20:00:00Z');
    await server.deps.push.drain();
    expect(fake.pushesTo(device.id).map((push) => device.decrypt(push))).toEqual([
      expect.objectContaining({
        kind: 'reminder',
        taskId: planned,
        title: 'Reminder: your pickup is tomorrow',
        body: 'Your Household Waste Pickup is booked for Fri 15 Mar, 10:00-12:00.',
      }),
    ]);
  });

  it('is not sent when Reminders is switched off', async () => {
    const client = await insertClient(server);
    const device = await subscribe(client);
    await server.request('POST', '/client/notifications/update', { token: client.token, body: { reminders: false } });
    const taskId = await insertTask(server.deps.db, client.id);
    await server.deps.db.query(
      `update tasks set scheduled_start = '2030-04-02T13:00:00Z', scheduled_end = '2030-04-02T15:00:00Z' where id = $1`,
      [taskId],
    );
    await runPlanJobsOnce({ ...server.deps, now: () => new Date('2030-04-01T18:30:00Z') });
    await server.deps.push.drain();
    expect(fake.pushesTo(device.id)).toHaveLength(0);
  });
});

describe('unsubscribing', () => {
  it('unsubscribe and logging out everywhere remove the devices; nothing is sent to them', async () => {
    const client = await insertClient(server);
    const phone = await subscribe(client);
    await subscribe(client);
    const other = await insertClient(server);
    // Someone else cannot remove it.
    await server.request('POST', '/client/push/unsubscribe', { token: other.token, body: phone.json });
    const count = async () =>
      (await server.request('POST', '/client/notifications', { token: client.token, body: {} })).body.data.devices;
    expect(await count()).toBe(2);
    const response = await server.request('POST', '/client/push/unsubscribe', {
      token: client.token,
      body: phone.json,
    });
    expect(response.body).toEqual({ data: { subscribed: false } });
    expect(await count()).toBe(1);
    await server.request('POST', '/client/logoutAll', { token: client.token, body: {} });
    const [row] = await server.deps.db.query<{ count: number }>(
      'select count(*)::int as count from push_subscriptions where user_id = $1',
      [client.id],
    );
    expect(row.count).toBe(0);
  });

  it('refuses unknown settings and wrong types', async () => {
    const client = await insertClient(server);
    const unknown = await server.request('POST', '/client/notifications/update', {
      token: client.token,
      body: { marketing: true },
    });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown setting: marketing' } });
    const wrong = await server.request('POST', '/client/notifications/update', {
      token: client.token,
      body: { chat: 'yes' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'chat must be true or false' } });
  });
});

describe('SMS texts', () => {
  it('fit one SMS in GSM characters; numbers become E.164', () => {
    expect(toSmsText(`₦${'a'.repeat(200)}`)).toHaveLength(160);
    expect(toSmsText('₦5')).toBe('?5');
    const text = smsText({
      kind: 'arriving',
      taskId: 't',
      data: {},
      serviceName: 'Office Cleaning And Deep Sanitisation Of A Very Long Named Service',
      amountKobo: 0,
      driver: { firstname: 'Oluwaseyifunmi', vehicle: 'Toyota Hiace, white', plate: 'KJA-123XY' },
    });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(toE164('0801 234 5678')).toBe('+2348012345678');
    expect(toE164('+234 (0)801 234 5678')).toBe('+2348012345678');
    expect(toE164('2348012345678')).toBe('+2348012345678');
    expect(toE164('call me')).toBeNull();
  });
});
