/**
 * The full header set of representative responses, kept exact: the middlewares that set
 * response headers (security headers, CORS, compression, no-store) were folded together for
 * the chat poll's sake (docs/performance.md, 'The empty chat poll'), and every response must
 * still carry what it carried before, no more and no less.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../src/shared/contract';
import { createApp, MAX_BODY_BYTES } from '../../server/app';
import { createTestServer, type TestServer } from './harness';
import { createPaidTask, insertClient, insertDriver, type TestClient } from './task-fixtures';

const PARTNER = 'https://partner.example.ng';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let server: TestServer;
let app: ReturnType<typeof createApp>;
let dist: string;
let client: TestClient;
let task: Task;
let avatar: string;
let driverId: string;

beforeAll(async () => {
  server = await createTestServer({ config: { corsOrigins: [PARTNER] } });
  dist = mkdtempSync(join(tmpdir(), 'greenpick-headers-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>GreenPick</title><div id="root"></div>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  app = createApp(server.deps, { distDir: dist });
  client = await insertClient(server);
  task = await createPaidTask(server, client);
  const saved = await call('PUT', '/api/user/profile', {
    token: client.token,
    body: { firstName: 'Ada', lastName: 'Obi', email: client.email, avatar: `data:image/png;base64,${PNG_1PX}` },
  });
  avatar = saved.body.data.avatar;
  driverId = await insertDriver(server);
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

async function call(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read loosely where a test needs a field.
): Promise<{ status: number; body: any; headers: Record<string, string> }> {
  const headers: Record<string, string> = { ...options.headers };
  const init: RequestInit = { method, headers };
  if (options.body !== undefined || options.rawBody !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    init.body = options.rawBody ?? JSON.stringify(options.body);
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await app.request(path, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  // The request id is new on each request, an avatar's ETag its id, a file's date its write; the rest is the same every time.
  const set = Object.fromEntries(response.headers);
  if (set['x-request-id']) set['x-request-id'] = '<id>';
  if (set['last-modified']) set['last-modified'] = '<mtime>';
  if (avatar && set.etag === `"${avatar.slice(avatar.lastIndexOf('/') + 1)}"`) set.etag = '<avatar id>';
  return { status: response.status, body, headers: set };
}

describe('the header sets of responses', () => {
  it('an empty chat poll (the 2 s hot path) and a chat poll that finds messages', async () => {
    const sent = await call('POST', '/client/sendingMessages', {
      token: client.token,
      body: { taskId: task._id, sender: 'user', content: 'Hello' },
    });
    expect(sent.status).toBeLessThan(300);
    const first = await call('POST', '/client/getMessages', { token: client.token, body: { taskId: task._id } });
    expect(first.body.data.messages).toHaveLength(1);
    expect(first.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-length": "244",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const empty = await call('POST', '/client/getMessages', {
      token: client.token,
      body: { taskId: task._id, since: '2099-01-01T00:00:00.000Z' },
    });
    expect(empty.body.data.messages).toEqual([]);
    expect(empty.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-length": "43",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
  });

  it('an API answer, compressed when the client takes gzip, and a GET read of the API', async () => {
    const plain = await call('POST', '/client/userdata', { token: client.token, body: {} });
    expect(plain.status).toBe(200);
    expect(plain.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const gzipped = await call('POST', '/client/userdata', {
      token: client.token,
      body: {},
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-encoding": "gzip",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const read = await call('GET', '/admin/pricing');
    expect(read.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
  });

  it('API errors: 401, a validation 400, 404, 413 (body limit) and 415 (not JSON)', async () => {
    const unauthorized = await call('POST', '/client/getMessages', { body: { taskId: task._id } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const invalid = await call('POST', '/client/getMessages', { token: client.token, body: { taskId: 7 } });
    expect(invalid.status).toBe(400);
    expect(invalid.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const missing = await call('POST', '/api/no-such-thing', { body: {} });
    expect(missing.status).toBe(404);
    expect(missing.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const tooLarge = await call('POST', '/client/login', { rawBody: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers).toMatchInlineSnapshot(`
      {
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const notJson = await call('POST', '/client/login', {
      rawBody: 'email=a',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    expect(notJson.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
  });

  it('CORS: a call and a preflight from the allowed origin and from a refused one', async () => {
    const poll = (origin: string) =>
      call('POST', '/client/getMessages', {
        token: client.token,
        body: { taskId: task._id, since: '2099-01-01T00:00:00.000Z' },
        headers: { Origin: origin },
      });
    const preflight = (origin: string) =>
      call('OPTIONS', '/client/getMessages', { headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
    const allowed = await poll(PARTNER);
    expect(allowed.status).toBe(200);
    expect(allowed.headers).toMatchInlineSnapshot(`
      {
        "access-control-allow-origin": "https://partner.example.ng",
        "cache-control": "no-store",
        "content-length": "43",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const refused = await poll('https://evil.example.com');
    expect(refused.status).toBe(200);
    expect(refused.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-store",
        "content-length": "43",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const allowedPreflight = await preflight(PARTNER);
    expect(allowedPreflight.status).toBe(204);
    expect(allowedPreflight.headers).toMatchInlineSnapshot(`
      {
        "access-control-allow-headers": "Content-Type,Authorization",
        "access-control-allow-methods": "GET,POST,PUT,OPTIONS",
        "access-control-allow-origin": "https://partner.example.ng",
        "access-control-max-age": "600",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin, Access-Control-Request-Headers",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const refusedPreflight = await preflight('https://evil.example.com');
    expect(refusedPreflight.status).toBe(204);
    expect(refusedPreflight.headers).toMatchInlineSnapshot(`
      {
        "access-control-allow-headers": "Content-Type,Authorization",
        "access-control-allow-methods": "GET,POST,PUT,OPTIONS",
        "access-control-max-age": "600",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "cross-origin-resource-policy": "same-origin",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin, Access-Control-Request-Headers",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
  });

  it('pages, the service worker and static files', async () => {
    const page = await call('GET', '/client/home', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-cache",
        "content-security-policy": "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; script-src 'self' https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://js.paystack.co; style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; img-src 'self' data: blob: https://tile.openstreetmap.org https://*.tile.openstreetmap.org https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://partner.example.ng; font-src 'self' data: https://fonts.gstatic.com; connect-src 'self' https://tile.openstreetmap.org https://*.tile.openstreetmap.org https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://js.paystack.co https://checkout.paystack.com https://api.paystack.co https://partner.example.ng; frame-src 'self' https://js.paystack.co https://checkout.paystack.com https://api.paystack.co; worker-src 'self' blob:; manifest-src 'self'",
        "content-type": "text/html; charset=UTF-8",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-frame-options": "SAMEORIGIN",
        "x-permitted-cross-domain-policies": "none",
        "x-request-id": "<id>",
        "x-xss-protection": "0",
      }
    `);
    const worker = await call('GET', '/sw.js');
    expect(worker.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "no-cache",
        "content-security-policy": "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; script-src 'self' https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://js.paystack.co; style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; img-src 'self' data: blob: https://tile.openstreetmap.org https://*.tile.openstreetmap.org https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://partner.example.ng; font-src 'self' data: https://fonts.gstatic.com; connect-src 'self' https://tile.openstreetmap.org https://*.tile.openstreetmap.org https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://js.paystack.co https://checkout.paystack.com https://api.paystack.co https://partner.example.ng; frame-src 'self' https://js.paystack.co https://checkout.paystack.com https://api.paystack.co; worker-src 'self' blob:; manifest-src 'self'",
        "content-type": "text/javascript; charset=utf-8",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
        "last-modified": "<mtime>",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-frame-options": "SAMEORIGIN",
        "x-permitted-cross-domain-policies": "none",
        "x-request-id": "<id>",
        "x-xss-protection": "0",
      }
    `);
    const script = await call('GET', '/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(script.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "public, max-age=31536000, immutable",
        "content-encoding": "gzip",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "text/javascript; charset=utf-8",
        "cross-origin-resource-policy": "same-origin",
        "last-modified": "<mtime>",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
    const head = await call('HEAD', '/assets/index-abc123.js');
    expect(head.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "public, max-age=31536000, immutable",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "text/javascript; charset=utf-8",
        "cross-origin-resource-policy": "same-origin",
        "last-modified": "<mtime>",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin",
        "x-content-type-options": "nosniff",
        "x-request-id": "<id>",
      }
    `);
  });

  it('avatars and the driver photo: their own resource policy, stored by the browser', async () => {
    const picture = await call('GET', avatar, { headers: { Origin: PARTNER } });
    expect(picture.status).toBe(200);
    expect(picture.headers).toMatchInlineSnapshot(`
      {
        "access-control-allow-origin": "https://partner.example.ng",
        "cache-control": "private, max-age=31536000, immutable",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "image/png",
        "cross-origin-resource-policy": "cross-origin",
        "etag": "<avatar id>",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Origin",
        "x-content-type-options": "nosniff",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-frame-options": "SAMEORIGIN",
        "x-permitted-cross-domain-policies": "none",
        "x-request-id": "<id>",
        "x-xss-protection": "0",
      }
    `);
    const unknown = await call('GET', '/avatars/no-such-avatar.png');
    expect(unknown.headers).toMatchInlineSnapshot(`
      {
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "application/json",
        "cross-origin-resource-policy": "cross-origin",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-frame-options": "SAMEORIGIN",
        "x-permitted-cross-domain-policies": "none",
        "x-request-id": "<id>",
        "x-xss-protection": "0",
      }
    `);
    const photo = await call('GET', `/driver/photo/${driverId}`);
    expect(photo.headers).toMatchInlineSnapshot(`
      {
        "cache-control": "public, max-age=86400",
        "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
        "content-type": "image/svg+xml",
        "cross-origin-resource-policy": "cross-origin",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "vary": "Accept-Encoding, Origin",
        "x-content-type-options": "nosniff",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-frame-options": "SAMEORIGIN",
        "x-permitted-cross-domain-policies": "none",
        "x-request-id": "<id>",
        "x-xss-protection": "0",
      }
    `);
  });
});
