/**
 * The full header set of representative responses, kept exact (one row each, built from the
 * sets below): the middlewares that set
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
  // The chat poll that finds messages finds this one.
  const sent = await call('POST', '/client/sendingMessages', {
    token: client.token,
    body: { taskId: task._id, sender: 'user', content: 'Hello' },
  });
  expect(sent.status).toBeLessThan(300);
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

/** What every response carries. */
const EVERY = {
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-request-id': '<id>',
};
/** What is not a page: nothing to render, and read by this origin only. */
const NOT_A_PAGE = {
  ...EVERY,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
};
/** An API answer. */
const API = { ...NOT_A_PAGE, 'cache-control': 'no-store', 'content-type': 'application/json' };
const API_READ = { ...API, vary: 'Accept-Encoding, Origin' };
/** The page's own protections (pages, the worker's script and the images other origins show). */
const PAGE_GUARDS = {
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const APP_CSP =
  "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; script-src 'self' https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://js.paystack.co; style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; img-src 'self' data: blob: https://tile.openstreetmap.org https://*.tile.openstreetmap.org https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://partner.example.ng; font-src 'self' data: https://fonts.gstatic.com; connect-src 'self' https://tile.openstreetmap.org https://*.tile.openstreetmap.org https://maps.googleapis.com https://maps.gstatic.com https://places.googleapis.com https://js.paystack.co https://checkout.paystack.com https://api.paystack.co https://partner.example.ng; frame-src 'self' https://js.paystack.co https://checkout.paystack.com https://api.paystack.co; worker-src 'self' blob:; manifest-src 'self'";
const APP_FILE = {
  ...EVERY,
  ...PAGE_GUARDS,
  'cache-control': 'no-cache',
  'content-security-policy': APP_CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  vary: 'Accept-Encoding, Origin',
};
const IMAGE = {
  ...EVERY,
  ...PAGE_GUARDS,
  'content-security-policy': NOT_A_PAGE['content-security-policy'],
  'cross-origin-resource-policy': 'cross-origin',
};
const SCRIPT = {
  ...NOT_A_PAGE,
  'cache-control': 'public, max-age=31536000, immutable',
  'content-type': 'text/javascript; charset=utf-8',
  'last-modified': '<mtime>',
};
const PREFLIGHT = {
  ...NOT_A_PAGE,
  'access-control-allow-headers': 'Content-Type,Authorization',
  'access-control-allow-methods': 'GET,POST,PUT,OPTIONS',
  'access-control-max-age': '600',
  vary: 'Origin, Access-Control-Request-Headers',
};

const poll = (since?: string, headers?: Record<string, string>) =>
  call('POST', '/client/getMessages', { token: client.token, body: { taskId: task._id, since }, headers });
const EMPTY_POLL = '2099-01-01T00:00:00.000Z';
const preflight = (origin: string) =>
  call('OPTIONS', '/client/getMessages', { headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });

type Row = [name: string, send: () => ReturnType<typeof call>, status: number, headers: Record<string, string>];

const ROWS: Row[] = [
  ['a chat poll that finds messages', () => poll(), 200, { ...API, 'content-length': '244', vary: 'Origin' }],
  [
    'an empty chat poll (the 2 s hot path)',
    () => poll(EMPTY_POLL),
    200,
    { ...API, 'content-length': '43', vary: 'Origin' },
  ],
  ['an API answer', () => call('POST', '/client/userdata', { token: client.token, body: {} }), 200, API_READ],
  [
    'an API answer, compressed when the client takes gzip',
    () =>
      call('POST', '/client/userdata', {
        token: client.token,
        body: {},
        headers: { 'Accept-Encoding': 'gzip, deflate, br' },
      }),
    200,
    { ...API_READ, 'content-encoding': 'gzip' },
  ],
  ['a GET read of the API', () => call('GET', '/admin/pricing', { token: client.token }), 200, API_READ],
  ['401', () => call('POST', '/client/getMessages', { body: { taskId: task._id } }), 401, API_READ],
  [
    'a validation 400',
    () => call('POST', '/client/getMessages', { token: client.token, body: { taskId: 7 } }),
    400,
    API_READ,
  ],
  ['404', () => call('POST', '/api/no-such-thing', { body: {} }), 404, API_READ],
  [
    '413 (the body limit): not stored either way',
    () => call('POST', '/client/login', { rawBody: 'x'.repeat(MAX_BODY_BYTES + 1) }),
    413,
    { ...NOT_A_PAGE, 'content-type': 'application/json', vary: 'Origin' },
  ],
  [
    '415 (not JSON)',
    () =>
      call('POST', '/client/login', {
        rawBody: 'email=a',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    415,
    API_READ,
  ],
  [
    'CORS: a call from the allowed origin',
    () => poll(EMPTY_POLL, { Origin: PARTNER }),
    200,
    { ...API, 'access-control-allow-origin': PARTNER, 'content-length': '43', vary: 'Origin' },
  ],
  [
    'CORS: a call from a refused origin',
    () => poll(EMPTY_POLL, { Origin: 'https://evil.example.com' }),
    200,
    { ...API, 'content-length': '43', vary: 'Origin' },
  ],
  [
    'CORS: a preflight from the allowed origin',
    () => preflight(PARTNER),
    204,
    { ...PREFLIGHT, 'access-control-allow-origin': PARTNER },
  ],
  ['CORS: a preflight from a refused origin', () => preflight('https://evil.example.com'), 204, PREFLIGHT],
  [
    'a page',
    () => call('GET', '/client/home', { headers: { Accept: 'text/html' } }),
    200,
    { ...APP_FILE, 'content-type': 'text/html; charset=UTF-8' },
  ],
  [
    'the service worker',
    () => call('GET', '/sw.js'),
    200,
    { ...APP_FILE, 'content-type': 'text/javascript; charset=utf-8', 'last-modified': '<mtime>' },
  ],
  [
    'a static file, compressed',
    () => call('GET', '/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } }),
    200,
    { ...SCRIPT, 'content-encoding': 'gzip', vary: 'Accept-Encoding, Origin' },
  ],
  ['HEAD of a static file', () => call('HEAD', '/assets/index-abc123.js'), 200, { ...SCRIPT, vary: 'Origin' }],
  [
    'an avatar: its own resource policy, stored by the browser',
    () => call('GET', avatar, { headers: { Origin: PARTNER } }),
    200,
    {
      ...IMAGE,
      'access-control-allow-origin': PARTNER,
      'cache-control': 'private, max-age=31536000, immutable',
      'content-type': 'image/png',
      etag: '<avatar id>',
      vary: 'Origin',
    },
  ],
  [
    'an unknown avatar',
    () => call('GET', '/avatars/no-such-avatar.png'),
    404,
    { ...IMAGE, 'content-type': 'application/json', vary: 'Accept-Encoding, Origin' },
  ],
  [
    'a driver photo',
    () => call('GET', `/driver/photo/${driverId}`),
    200,
    {
      ...IMAGE,
      'cache-control': 'public, max-age=86400',
      'content-type': 'image/svg+xml',
      vary: 'Accept-Encoding, Origin',
    },
  ],
];

describe('the header sets of responses', () => {
  it.each(ROWS)('%s', async (_name, send, status, headers) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.headers).toEqual(headers);
  });
});
