/** API answers are never cached; writes take JSON only (a cross-site form cannot call the API). */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let client: { token: string; email: string; id: string };

beforeAll(async () => {
  server = await createTestServer();
  client = await server.createClient();
});
afterAll(() => server.close());

describe('Cache-Control: no-store on every API answer', () => {
  it.each([
    ['POST', '/client/login', { email: 'nobody@example.ng', password: 'x' }],
    ['POST', '/client/userdata', {}],
    ['POST', '/client/task', {}],
    ['POST', '/client/forgot', { email: 'not-an-email' }],
    ['PUT', '/api/user/profile', {}],
    ['GET', '/admin/pricing', undefined],
    ['GET', '/driver/location/nobody', undefined],
    ['POST', '/client/no-such-call', {}],
  ] as const)('%s %s (authenticated or not, success or error)', async (method, path, body) => {
    for (const token of [undefined, client.token]) {
      const response = await server.request(method, path, { body, token });
      expect(response.headers.get('Cache-Control'), `${method} ${path} ${response.status}`).toBe('no-store');
    }
  });

  it('a successful login answer (a token) is never stored', async () => {
    const response = await server.request('POST', '/client/login', {
      body: { email: client.email, password: 'correct-horse-1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it("not on the app's pages and files", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'greenpick-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>GreenPick</title>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    const app = createApp(server.deps, { distDir: dist });
    const page = await app.request('/client/home', { headers: { Accept: 'text/html' } });
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
    const script = await app.request('/assets/index-abc.js');
    expect(script.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    rmSync(dist, { recursive: true, force: true });
  });
});

describe('writes take application/json only (415 otherwise)', () => {
  it('a cross-site text/plain or form POST to /client/forgot is refused before it is read, and nothing is written', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
    ]) {
      const response = await server.request('POST', '/client/forgot', {
        rawBody: JSON.stringify({ email: client.email }),
        headers: { 'Content-Type': type },
      });
      expect(response.status, type).toBe(415);
      expect(response.body).toEqual({ message: 'Content-Type must be application/json' });
    }
    expect(await server.deps.db.query('select 1 from reset_codes where email = $1', [client.email])).toHaveLength(0);
    expect(server.deps.mailer.inbox!(client.email)).toHaveLength(0);
  });

  it.each([
    '/client/signup',
    '/client/login',
    '/client/sendingMessages',
    '/client/create',
    '/client/subscribe',
    '/client/logoutAll',
    '/client/resetPassword',
  ])('the same for %s', async (path) => {
    const response = await server.request('POST', path, {
      rawBody: '{}',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      token: client.token,
    });
    expect(response.status).toBe(415);
  });

  it('the profile PUT too; a body without any Content-Type as well', async () => {
    const put = await server.request('PUT', '/api/user/profile', {
      rawBody: '{}',
      headers: { 'Content-Type': 'text/plain' },
      token: client.token,
    });
    expect(put.status).toBe(415);
    const bare = await createApp(server.deps).request('/client/forgot', {
      method: 'POST',
      body: JSON.stringify({ email: client.email }),
      headers: { 'Content-Length': '30' },
    });
    expect(bare.status).toBe(415);
  });

  it('application/json with parameters is fine, and a write with no body needs no type', async () => {
    const response = await server.request('POST', '/client/forgot', {
      rawBody: JSON.stringify({ email: 'nobody@example.ng' }),
      headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
    });
    expect(response.status).toBe(200);
    const other = await server.createClient();
    expect((await server.request('POST', '/client/logoutAll', { token: other.token })).status).toBe(200);
  });
});
