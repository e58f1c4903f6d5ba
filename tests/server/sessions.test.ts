/**
 * Sessions end: a password reset and "log out everywhere" make every earlier token answer
 * 401 on every call; a token without an expiry is refused.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

const SECRET = 'sessions-test-secret-0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { jwtSecret: SECRET } });
});
afterAll(() => server.close());

const userdata = (token: string) => server.request('POST', '/client/userdata', { body: {}, token });
const login = async (email: string, password: string) =>
  (await server.request('POST', '/client/login', { body: { email, password } })).body.data as string;
/** Calls of every kind that need a token: all must agree. */
async function statuses(token: string, userId: string): Promise<number[]> {
  return [
    (await userdata(token)).status,
    (await server.request('POST', '/client/userdata', { body: { token } })).status,
    (await server.request('GET', '/admin/pricing', { token })).status,
    (await server.request('POST', '/client/task', { token, body: { userId } })).status,
  ];
}

describe('a password reset ends every earlier session', () => {
  it('a token issued before the reset answers 401 everywhere; a login after it works', async () => {
    const client = await server.createClient();
    const phone = await login(client.email, client.password);
    expect(await statuses(client.token, client.id)).toEqual([200, 200, 200, 200]);

    await server.request('POST', '/client/forgot', { body: { email: client.email } });
    const code = /\b(\d{4})\b/.exec(server.deps.mailer.inbox!(client.email).at(-1)!.text)![1];
    expect((await server.request('POST', '/client/resetCode', { body: { email: client.email, code } })).status).toBe(
      200,
    );
    // Tokens still work between the verified code and the reset.
    expect((await userdata(phone)).status).toBe(200);
    expect(
      (
        await server.request('POST', '/client/resetPassword', {
          body: { email: client.email, newPassword: 'brand-new-pass' },
        })
      ).status,
    ).toBe(200);

    for (const token of [client.token, phone]) {
      expect(await statuses(token, client.id)).toEqual([401, 401, 401, 401]);
      expect((await userdata(token)).body.message).toBe('Your session has expired. Please log in again.');
    }
    const fresh = await login(client.email, 'brand-new-pass');
    expect(await statuses(fresh, client.id)).toEqual([200, 200, 200, 200]);
  });
});

describe('POST /client/logoutAll', () => {
  it("ends every session of the caller, this one included, and no one else's", async () => {
    const client = await server.createClient();
    const other = await server.createClient();
    const laptop = await login(client.email, client.password);
    const response = await server.request('POST', '/client/logoutAll', { token: client.token, body: {} });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { message: 'You have been logged out on every device' } });
    expect((await userdata(client.token)).status).toBe(401);
    expect((await userdata(laptop)).status).toBe(401);
    expect((await userdata(other.token)).status).toBe(200);
    // Signing in again starts a new session.
    expect((await userdata(await login(client.email, client.password))).status).toBe(200);
  });

  it('takes a bearer header with no body; without a valid token it is 401 and changes nothing', async () => {
    const client = await server.createClient();
    expect((await server.request('POST', '/client/logoutAll', {})).status).toBe(401);
    expect((await server.request('POST', '/client/logoutAll', { token: 'not-a-token', body: {} })).status).toBe(401);
    expect((await userdata(client.token)).status).toBe(200);
    expect((await server.request('POST', '/client/logoutAll', { token: client.token })).status).toBe(200);
    expect((await userdata(client.token)).status).toBe(401);
  });
});

describe('tokens', () => {
  const key = new TextEncoder().encode(SECRET);

  it('a token without exp is refused, even when correctly signed', async () => {
    const client = await server.createClient();
    const forever = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(client.id)
      .setIssuedAt()
      .sign(key);
    expect((await userdata(forever)).status).toBe(401);
    const withExp = await new SignJWT({ sv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(client.id)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect((await userdata(withExp)).status).toBe(200);
  });

  it('a token of another session version is refused; one from before versions existed counts as version 0', async () => {
    const client = await server.createClient();
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(client.id)
      .setExpirationTime('1h')
      .sign(key);
    expect((await userdata(legacy)).status).toBe(200);
    for (const sv of [1, -1, 'zero', 0.5]) {
      const odd = await new SignJWT({ sv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(client.id)
        .setExpirationTime('1h')
        .sign(key);
      expect((await userdata(odd)).status).toBe(401);
    }
  });

  it('an oversized token is refused without being parsed', async () => {
    expect((await server.request('GET', '/admin/pricing', { token: `a.${'b'.repeat(5000)}.c` })).status).toBe(401);
  });
});
