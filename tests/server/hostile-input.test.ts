/**
 * Hostile input is normal input: a NUL byte or another control character, a wrong type or a
 * megabyte of text in any field of any call is a 4xx with a clear message, never a 500, and
 * nothing is stored. (A NUL byte used to reach PostgreSQL, which cannot store it: 500 on
 * login, sign-up, profile, chat and create, and the app resent a paid create forever.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDriver } from '../../server/console/commands';
import { createTestServer, type TestServer } from './harness';
import {
  assignDriver,
  count,
  createPaidTask,
  insertClient,
  insertDriver,
  payReference,
  taskBody,
  type TestClient,
} from './task-fixtures';

let server: TestServer;
let client: TestClient;
let taskId: string;
let driverId: string;
let driverToken: string;

beforeAll(async () => {
  server = await createTestServer({
    config: { opsToken: 'hostile-ops-token' },
    // Bad batches one after another: each is a 400 here, not the driver's 429 (driver-positions.test.ts).
    limits: { positionsPerDriver: { everyMs: 1, burst: 1_000 } },
  });
  client = await insertClient(server);
  taskId = (await createPaidTask(server, client))._id;
  driverId = await insertDriver(server);
  await assignDriver(server, taskId, driverId);
  // A signed-in driver of the driver's app (docs/driver.md), past the one-time password.
  const added = await addDriver(server.deps.db, {
    firstname: 'Musa',
    lastname: 'Bello',
    phone: '08098765400',
    lat: 6.5,
    lng: 3.3,
  });
  const login = await server.request('POST', '/driver/login', {
    body: { phone: '08098765400', password: added.password },
  });
  const changed = await server.request('POST', '/driver/password', {
    token: login.body.data,
    body: { currentPassword: added.password, newPassword: 'long-enough-1' },
  });
  driverToken = changed.body.data;
});
afterAll(() => server.close());

const NUL = '\u0000';
const MB = 'x'.repeat(1024 * 1024);

interface Call {
  name: string;
  method: 'POST' | 'PUT' | 'GET';
  path: string | ((bad: string) => string);
  body?: (bad: string) => unknown;
  auth?: 'client' | 'ops' | 'driver';
}

/** Every call the server takes, with `bad` put into one text field (or the path). */
const calls = (): Call[] => [
  {
    name: 'sign-up',
    method: 'POST',
    path: '/client/signup',
    body: (bad) => ({
      firstname: `Ada${bad}`,
      lastname: 'Obi',
      email: 'nul@example.ng',
      phonenumber: '08012345678',
      password: 'long-enough-1',
    }),
  },
  {
    name: 'login',
    method: 'POST',
    path: '/client/login',
    body: (bad) => ({ email: `ada${bad}@example.ng`, password: 'whatever-1' }),
  },
  { name: 'userdata', method: 'POST', path: '/client/userdata', body: (bad) => ({ token: `${client.token}${bad}` }) },
  { name: 'forgot', method: 'POST', path: '/client/forgot', body: (bad) => ({ email: `ada${bad}@example.ng` }) },
  {
    name: 'resetCode',
    method: 'POST',
    path: '/client/resetCode',
    body: (bad) => ({ email: client.email, code: `12${bad}4` }),
  },
  {
    name: 'resetPassword',
    method: 'POST',
    path: '/client/resetPassword',
    body: (bad) => ({ email: `${client.email}${bad}`, newPassword: 'new-password-1' }),
  },
  {
    name: 'profile',
    method: 'PUT',
    path: '/api/user/profile',
    auth: 'client',
    body: (bad) => ({ firstName: `Ada${bad}`, lastName: 'Obi', email: client.email }),
  },
  {
    name: 'task list',
    method: 'POST',
    path: '/client/task',
    auth: 'client',
    body: (bad) => ({ userId: `${client.id}${bad}` }),
  },
  {
    name: 'getMessages',
    method: 'POST',
    path: '/client/getMessages',
    auth: 'client',
    body: (bad) => ({ taskId: `${taskId}${bad}` }),
  },
  {
    name: 'sendingMessages',
    method: 'POST',
    path: '/client/sendingMessages',
    auth: 'client',
    body: (bad) => ({ taskId, sender: 'user', content: `Hello${bad}`, clientId: 'c-1' }),
  },
  {
    name: 'create',
    method: 'POST',
    path: '/client/create',
    auth: 'client',
    body: (bad) => taskBody(client, { address: `12 Admiralty Way${bad}` }),
  },
  {
    name: 'events read',
    method: 'POST',
    path: '/client/events/read',
    auth: 'client',
    body: (bad) => ({ upTo: `2026-01-01T00:00:00.000Z${bad}` }),
  },
  {
    name: 'subscribe',
    method: 'POST',
    path: '/client/subscribe',
    auth: 'client',
    body: (bad) => ({ plan: 'silver', userId: client.id, reference: `ref${bad}` }),
  },
  {
    name: 'test payment',
    method: 'POST',
    path: '/dev/payments',
    auth: 'client',
    body: (bad) => ({ reference: 'r-1', amount: 150000, email: `${client.email}${bad}` }),
  },
  {
    name: 'test payment settle',
    method: 'POST',
    path: '/dev/payments/settle',
    auth: 'client',
    body: (bad) => ({ reference: `r-1${bad}` }),
  },
  {
    name: 'dev mailbox',
    method: 'GET',
    path: (bad) => `/dev/mailbox?email=${encodeURIComponent(`${client.email}${bad}`)}`,
  },
  {
    name: 'driver location',
    method: 'GET',
    auth: 'client',
    path: (bad) => `/driver/location/${encodeURIComponent(`${driverId}${bad}`)}`,
  },
  {
    name: 'driver login',
    method: 'POST',
    path: '/driver/login',
    body: (bad) => ({ phone: `0809876${bad}5400`, password: 'long-enough-1' }),
  },
  {
    name: 'driver positions',
    method: 'POST',
    path: '/driver/positions',
    auth: 'driver',
    body: (bad) => ({ points: [{ lat: 6.5, lng: 3.3, accuracy: 5, at: `2026-11-27T10:00:00Z${bad}` }] }),
  },
  {
    name: 'driver accept',
    method: 'POST',
    path: '/driver/offers/accept',
    auth: 'driver',
    body: (bad) => ({ taskId: `${taskId}${bad}` }),
  },
  {
    name: 'driver complete',
    method: 'POST',
    path: '/driver/tasks/complete',
    auth: 'driver',
    body: (bad) => ({ taskId, code: `12${bad}34`, quantity: 1 }),
  },
  {
    name: 'driver getMessages',
    method: 'POST',
    path: '/driver/getMessages',
    auth: 'driver',
    body: (bad) => ({ taskId: `${taskId}${bad}` }),
  },
  {
    name: 'driver sendingMessages',
    method: 'POST',
    path: '/driver/sendingMessages',
    auth: 'driver',
    body: (bad) => ({ taskId, content: `At the gate${bad}`, clientId: 'hostile-1' }),
  },
  {
    name: 'ops add driver',
    method: 'POST',
    path: '/ops/drivers',
    auth: 'ops',
    body: (bad) => ({ firstname: `Musa${bad}`, lastname: 'Bello', phone: '+2348098765432', lat: 6.5, lng: 3.3 }),
  },
  {
    name: 'ops assign',
    method: 'POST',
    auth: 'ops',
    path: (bad) => `/ops/tasks/${encodeURIComponent(`${taskId}${bad}`)}/assign`,
    body: () => ({ driverId }),
  },
  {
    name: 'ops driver message',
    method: 'POST',
    path: `/ops/tasks/TASK/messages`,
    auth: 'ops',
    body: (bad) => ({ content: `On my way${bad}` }),
  },
  {
    name: 'ops console login',
    method: 'POST',
    path: '/ops/login',
    body: (bad) => ({ email: `agent${bad}@greenpick.ng`, password: 'a long staff passphrase' }),
  },
  {
    name: 'ops cancel with refund',
    method: 'POST',
    path: '/ops/tasks/TASK/cancel',
    auth: 'ops',
    body: (bad) => ({ reason: `Client asked${bad}` }),
  },
  {
    name: 'ops add operator',
    method: 'POST',
    path: '/ops/operators',
    auth: 'ops',
    body: (bad) => ({ email: `agent${bad}@greenpick.ng`, role: 'support' }),
  },
  {
    name: 'ops driver edit',
    method: 'POST',
    path: () => `/ops/drivers/${driverId}`,
    auth: 'ops',
    body: (bad) => ({ vehicle: `Van${bad}` }),
  },
  {
    name: 'ops client search',
    method: 'GET',
    path: (bad) => `/ops/clients?q=${encodeURIComponent(`ada${bad}`)}`,
    auth: 'ops',
  },
];

function send(call: Call, bad: string) {
  const path = (typeof call.path === 'function' ? call.path(bad) : call.path).replace('TASK', taskId);
  const headers: Record<string, string> = call.auth === 'ops' ? { 'X-Ops-Token': 'hostile-ops-token' } : {};
  return server.request(call.method, path, {
    body: call.body?.(bad),
    token: call.auth === 'client' ? client.token : call.auth === 'driver' ? driverToken : undefined,
    headers,
  });
}

const tables = ['users', 'tasks', 'messages', 'payment_uses', 'test_payments', 'drivers', 'task_events'];
async function rowCounts(): Promise<number[]> {
  return Promise.all(tables.map((table) => count(server, `select 1 from ${table}`)));
}

describe('control characters are refused with 400 on every call', () => {
  it.each(calls().map((call) => [call.name, call] as const))('%s: a NUL byte', async (_name, call) => {
    const before = await rowCounts();
    const response = await send(call, NUL);
    // The driver location and an id in an ops path are looked up and not found; everything else is a 400.
    const expected = call.name === 'driver location' || call.name === 'ops assign' ? [400, 404] : [400];
    expect(expected, JSON.stringify(response.body)).toContain(response.status);
    expect(response.body.message).toEqual(expect.any(String));
    expect(await rowCounts()).toEqual(before);
  });

  it.each(['\u0001', '\u001b', '\u007f', '\u0085', '\u009b'])(
    'other controls too (U+%s in a name)',
    async (control) => {
      const response = await send(calls()[0], control);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: 'First name must not contain control characters',
        data: 'First name must not contain control characters',
      });
    },
  );

  it.each(['\u2028', '\u2029', '\u202e', '\u2066', '\u200f', '\u061c'])(
    'line separators and direction controls (U+%s) in a name: 400 at sign-up and at profile update, nothing stored',
    async (layout) => {
      const before = await rowCounts();
      const message = 'First name must not contain line separators or text-direction controls';
      const signup = await send(calls().find((call) => call.name === 'sign-up')!, layout);
      expect(signup.status).toBe(400);
      expect(signup.body).toEqual({ message, data: message });
      const profile = await send(calls().find((call) => call.name === 'profile')!, layout);
      expect(profile.status).toBe(400);
      expect(profile.body).toEqual({
        message: 'Please correct the highlighted fields',
        errors: { firstName: message },
      });
      expect(await rowCounts()).toEqual(before);
      const [stored] = await server.deps.db.query<{ firstname: string }>('select firstname from users where id = $1', [
        client.id,
      ]);
      expect(stored!.firstname).not.toContain(layout);
    },
  );

  it.each(['\u202e', '\u2066', '\u200e', '\u200b', '\ufeff', '\u00ad'])(
    'a direction control or invisible character (U+%s) in any text field is a 400 naming it, nothing stored; chat messages lose it',
    async (invisible) => {
      const before = await rowCounts();
      for (const call of calls()) {
        if (call.name === 'sendingMessages' || call.name === 'driver sendingMessages') continue;
        const response = await send(call, invisible);
        const expected = call.name === 'driver location' || call.name === 'ops assign' ? [400, 404] : [400];
        expect(expected, `${call.name}: ${JSON.stringify(response.body)}`).toContain(response.status);
      }
      expect(await rowCounts()).toEqual(before);
      const create = await send(calls().find((call) => call.name === 'create')!, invisible);
      expect(create.body.message).toBe('Address must not contain text-direction controls or invisible characters');
      const chat = await server.request('POST', '/client/sendingMessages', {
        token: client.token,
        body: {
          taskId,
          sender: 'user',
          content: `refund approved${invisible}dlrow`,
          clientId: `bidi-${invisible.codePointAt(0)}`,
        },
      });
      expect(chat.status).toBe(201);
      expect(chat.body.data.content).toBe('refund approveddlrow');
    },
  );

  it('the message names the field and the problem', async () => {
    const profile = await send(calls().find((call) => call.name === 'profile')!, NUL);
    expect(profile.body).toEqual({
      message: 'Please correct the highlighted fields',
      errors: { firstName: 'First name must not contain control characters' },
    });
    const chat = await send(calls().find((call) => call.name === 'sendingMessages')!, NUL);
    expect(chat.body.message).toBe('Message must not contain control characters');
    const create = await send(calls().find((call) => call.name === 'create')!, NUL);
    expect(create.body.message).toBe('Address must not contain control characters');
  });

  it('a paid create with a NUL in the address is a final 400, and the payment stays unspent: the fixed request then creates the task', async () => {
    const body = taskBody(client, { address: `12 Admiralty Way${NUL}, Lekki` });
    await payReference(server, client, body.amount, body.reference);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await server.request('POST', '/client/create', { token: client.token, body });
      expect(response.status).toBe(400);
    }
    expect(await count(server, 'select 1 from payment_uses where reference = $1', [body.reference])).toBe(0);
    const fixed = await server.request('POST', '/client/create', {
      token: client.token,
      body: { ...body, address: '12 Admiralty Way, Lekki' },
    });
    expect(fixed.status).toBe(201);
  });

  it('chat messages and bios keep their line breaks and tabs', async () => {
    const sent = await server.request('POST', '/client/sendingMessages', {
      token: client.token,
      body: { taskId, sender: 'user', content: 'Gate 2.\n\tBlue door.', clientId: 'lines-1' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.content).toBe('Gate 2.\n\tBlue door.');
    const saved = await server.request('PUT', '/api/user/profile', {
      token: client.token,
      body: { firstName: 'Ada', lastName: 'Obi', email: client.email, bio: 'Line one\nLine two' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.bio).toBe('Line one\nLine two');
  });

  it('half a surrogate pair (text that cannot be stored as UTF-8) is refused too', async () => {
    const response = await send(calls().find((call) => call.name === 'sendingMessages')!, '\uD83D');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Message must be valid text');
  });
});

describe('a megabyte in any text field is refused with 400 at once', () => {
  it.each(
    calls()
      .filter((call) => call.body && call.name !== 'ops assign')
      .map((call) => [call.name, call] as const),
  )('%s', async (_name, call) => {
    const before = await rowCounts();
    const response = await send(call, MB);
    expect(response.status, JSON.stringify(response.body).slice(0, 200)).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it("the profile e-mail that used to block the server ('a@' + 100,000 dots + '@') is answered at once", async () => {
    const email = `a@${'.'.repeat(100_000)}@`;
    // It returns at all (a backtracking pattern took hours): the test's time-out is the guard;
    // how fast each validator is belongs to tests/shared/validation/linear-time.test.ts.
    const response = await server.request('PUT', '/api/user/profile', {
      token: client.token,
      body: { firstName: 'Ada', lastName: 'Obi', email },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ email: 'Email is invalid' });
  });
});

describe('wrong types are told as wrong types, not as missing fields', () => {
  it.each([
    ['/client/sendingMessages', { taskId: 'x', sender: 'user', content: 42 }, 'content must be a string'],
    ['/client/getMessages', { taskId: ['x'] }, 'taskId must be a string'],
    ['/client/task', { userId: 7 }, 'userId must be a string'],
    ['/client/create', { address: 'x', location: 'here' }, 'location must be a GeoJSON point'],
    [
      '/client/create',
      { address: 'x', location: { type: 'Point', coordinates: [3.3, 6.5] }, amount: '1500' },
      'amount must be a number of naira',
    ],
    ['/client/getMessages', {}, 'taskId is required'],
  ])('%s %j', async (path, body, message) => {
    const response = await server.request('POST', path, { token: client.token, body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('a body that is not an object', async () => {
    const response = await server.request('POST', '/client/getMessages', { token: client.token, body: [1, 2] });
    expect(response.body).toEqual({ message: 'Request body must be a JSON object' });
  });
});
