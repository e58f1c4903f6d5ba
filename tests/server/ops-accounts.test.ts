/**
 * The console's operator accounts (issue 47): sign-in and its rate limit, the one-time password
 * gate, the password rules, sessions ended by a password change, and who may not come in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import { addOperator } from '../../server/console/operator-commands';
import { createTestServer, type TestServer } from './harness';
import { OPERATOR_PASSWORD, newOperator, readyOperator } from './operator-fixtures';

const OPS_TOKEN = 'ops-accounts-test-token-of-at-least-32-chars';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    config: { opsToken: OPS_TOKEN, trustProxy: 1 },
    limits: { loginPerEmailAndAddress: { limit: 3, windowMs: 60_000 } },
  });
});
afterAll(() => server.close());

describe('sign-in', () => {
  it('answers a token for the right password and 401 for a wrong one or an unknown e-mail', async () => {
    const { email, password } = await newOperator(server, 'support');
    const right = await server.request('POST', '/ops/login', { body: { email: email.toUpperCase(), password } });
    expect(right.status).toBe(200);
    expect(typeof right.body.data).toBe('string');
    const wrong = await server.request('POST', '/ops/login', { body: { email, password: `${password}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    const unknown = await server.request('POST', '/ops/login', { body: { email: 'nobody@greenpick.ng', password } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid email or password');
  });

  it('is rate-limited per e-mail and address: the 4th wrong guess is 429 even with the right password', async () => {
    const { email, password } = await newOperator(server, 'dispatcher');
    const headers = { 'X-Forwarded-For': '203.0.113.40' };
    for (let i = 0; i < 3; i += 1)
      expect(
        (await server.request('POST', '/ops/login', { headers, body: { email, password: `guess-${i}` } })).status,
      ).toBe(401);
    const blocked = await server.request('POST', '/ops/login', { headers, body: { email, password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many login attempts/);
    // The owner on another network still signs in.
    const elsewhere = await server.request('POST', '/ops/login', {
      headers: { 'X-Forwarded-For': '198.51.100.40' },
      body: { email, password },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses hostile input with 400 and a message, never 5xx', async () => {
    for (const body of [
      {},
      { email: 'a'.repeat(10_000), password: 'x' },
      { email: 'a@b.ng', password: 'x'.repeat(5000) },
      { email: 'a\u0000@b.ng', password: 'x' },
      { email: 12, password: 'x' },
      [],
    ]) {
      const answer = await server.request('POST', '/ops/login', { body });
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
  });

  it('a deactivated operator cannot sign in', async () => {
    const { email, password, id } = await newOperator(server, 'support');
    await server.deps.db.query('update operators set active = false where id = $1', [id]);
    expect((await server.request('POST', '/ops/login', { body: { email, password } })).status).toBe(401);
  });
});

describe('the one-time password', () => {
  it('only /ops/me and /ops/password answer until it is changed; then every allowed route does', async () => {
    const added = await newOperator(server, 'dispatcher');
    const me = await server.request('GET', '/ops/me', { token: added.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: added.id,
      email: added.email,
      role: 'dispatcher',
      mustChangePassword: true,
    });
    const gated = await server.request('GET', '/ops/tasks', { token: added.token });
    expect(gated.status).toBe(403);
    expect(gated.body.message).toBe('Change your password first');

    const changed = await server.request('POST', '/ops/password', {
      token: added.token,
      body: { currentPassword: added.password, newPassword: OPERATOR_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const fresh: string = changed.body.data;
    expect((await server.request('GET', '/ops/tasks', { token: fresh })).status).toBe(200);
    expect((await server.request('GET', '/ops/me', { token: fresh })).body.data.mustChangePassword).toBe(false);
    // The one-time password no longer signs in; the new one does.
    expect(
      (await server.request('POST', '/ops/login', { body: { email: added.email, password: added.password } })).status,
    ).toBe(401);
    expect(
      (await server.request('POST', '/ops/login', { body: { email: added.email, password: OPERATOR_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('a new password is at least 12 characters, not a common one, and not the current one', async () => {
    const added = await newOperator(server, 'support');
    const change = (newPassword: unknown, currentPassword: unknown = added.password) =>
      server.request('POST', '/ops/password', { token: added.token, body: { currentPassword, newPassword } });
    expect((await change('short-pass1')).body.message).toBe('Password must be at least 12 characters long');
    for (const common of ['password1234', 'Password-1234', 'qwertyuiop12', 'aaaaaaaaaaaaaaa', '123456789012'])
      expect((await change(common)).body.message, common).toBe('This password is too common: choose another');
    expect((await change(added.password)).body.message).toMatch(/different/);
    const wrongCurrent = await change(OPERATOR_PASSWORD, 'not-the-password');
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.message).toBe('Current password is incorrect');
    expect((await change('x'.repeat(2000))).status).toBe(400);
    expect((await change(OPERATOR_PASSWORD)).status).toBe(200);
  });
});

describe('sessions', () => {
  it('a password change ends every older session of the operator; the answered token goes on', async () => {
    const operator = await readyOperator(server, 'admin');
    const other = await server.request('POST', '/ops/login', {
      body: { email: operator.email, password: OPERATOR_PASSWORD },
    });
    const otherToken: string = other.body.data;
    expect((await server.request('GET', '/ops/audit', { token: otherToken })).status).not.toBe(401);
    const changed = await server.request('POST', '/ops/password', {
      token: operator.token,
      body: { currentPassword: OPERATOR_PASSWORD, newPassword: 'another long staff passphrase' },
    });
    expect(changed.status).toBe(200);
    for (const ended of [operator.token, otherToken]) {
      const answer = await server.request('GET', '/ops/me', { token: ended });
      expect(answer.status).toBe(401);
    }
    expect((await server.request('GET', '/ops/me', { token: changed.body.data })).status).toBe(200);
  });

  it('deactivating an operator ends their sessions', async () => {
    const operator = await readyOperator(server, 'support');
    await server.deps.db.query('update operators set active = false where id = $1', [operator.id]);
    expect((await server.request('GET', '/ops/me', { token: operator.token })).status).toBe(401);
  });
});

describe('other callers', () => {
  it("client and driver tokens are refused (403) on /ops routes, the sign-in included; an operator's on /client and /driver", async () => {
    const client = await server.createClient();
    const driver = await ops.addDriver(server.deps.db, {
      firstname: 'Tunde',
      lastname: 'Driver',
      phone: '08039998877',
      lat: 6.5,
      lng: 3.37,
    });
    const driverLogin = await server.request('POST', '/driver/login', {
      body: { phone: driver.phone, password: driver.password },
    });
    const driverToken: string = driverLogin.body.data;
    for (const token of [client.token, driverToken]) {
      for (const [method, path] of [
        ['GET', '/ops/me'],
        ['GET', '/ops/tasks'],
        ['POST', '/ops/login'],
        ['GET', '/ops/nothing-here'],
      ] as const) {
        const answer = await server.request(method, path, { token, body: method === 'POST' ? {} : undefined });
        expect(answer.status, `${method} ${path}`).toBe(403);
      }
    }
    const operator = await readyOperator(server, 'admin');
    expect((await server.request('POST', '/client/userdata', { token: operator.token, body: {} })).status).toBe(403);
    expect((await server.request('POST', '/driver/offers', { token: operator.token, body: {} })).status).toBe(403);
  });

  it('the X-Ops-Token header acts as an admin; a wrong one is 401; no credentials are 401', async () => {
    const me = await server.request('GET', '/ops/me', { headers: { 'X-Ops-Token': OPS_TOKEN } });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'cli', role: 'admin', mustChangePassword: false });
    expect((await server.request('GET', '/ops/payments', { headers: { 'X-Ops-Token': OPS_TOKEN } })).status).toBe(200);
    expect((await server.request('GET', '/ops/me', { headers: { 'X-Ops-Token': 'wrong' } })).status).toBe(401);
    expect((await server.request('GET', '/ops/me')).status).toBe(401);
  });

  it('an e-mail is one operator', async () => {
    const { email } = await newOperator(server, 'support');
    await expect(addOperator(server.deps.db, { email, role: 'admin' }, new Date())).rejects.toThrow(/exists already/);
  });
});
