import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { isConsolePage } from '../../server/http/console-pages';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let app: ReturnType<typeof createApp>;
let dist: string;
const CONSOLE_PAGE = '<!doctype html><title>GreenPick operations</title><div id="root"></div>';

beforeAll(async () => {
  server = await createTestServer();
  dist = mkdtempSync(join(tmpdir(), 'greenpick-dist-'));
  mkdirSync(join(dist, 'ops'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>GreenPick</title><div id="root"></div>');
  writeFileSync(join(dist, 'ops', 'index.html'), CONSOLE_PAGE);
  app = createApp(server.deps, { distDir: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = { Accept: 'text/html,application/xhtml+xml' };
const SCREENS = [
  '/ops/',
  '/ops/console',
  '/ops/console/board',
  '/ops/console/tasks/3f1c0a2e-0000-4000-8000-000000000000',
  '/ops/console/support',
  '/ops/console/audit',
];

describe("the operators' console page", () => {
  it("answers /ops/ and every /ops/console/ screen with the console page, revalidated, under the app's own policy", async () => {
    const appPolicy = (await app.request('/', { headers: html })).headers.get('Content-Security-Policy');
    expect(appPolicy).toContain("default-src 'self'");
    for (const path of SCREENS) {
      // A screen opened from a bookmark, or fetched without saying it wants HTML: the page either way.
      for (const headers of [html, {}]) {
        const response = await app.request(path, { headers });
        expect(response.status, path).toBe(200);
        expect(await response.text(), path).toBe(CONSOLE_PAGE);
        expect(response.headers.get('Cache-Control'), path).toBe('no-cache');
        expect(response.headers.get('Content-Security-Policy'), path).toBe(appPolicy);
        expect(response.headers.get('X-Frame-Options'), path).toBe('SAMEORIGIN');
      }
    }
  });

  it('/ops without its slash goes to /ops/', async () => {
    const response = await app.request('/ops', { headers: html });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/ops/');
  });

  it('the operator API keeps its paths: an API read is never the page, even when a browser asks for HTML', async () => {
    for (const path of ['/ops/tasks', '/ops/drivers', '/ops/support', '/ops/payments', '/ops/nothing']) {
      const response = await app.request(path, { headers: html });
      expect(response.status, path).not.toBe(200);
      expect(response.headers.get('Content-Type'), path).toContain('application/json');
      expect(response.headers.get('Cache-Control'), path).toContain('no-store');
    }
  });

  it('no API GET route is /ops/ or starts with /ops/console (the two are told apart by path alone)', () => {
    const api = createApp(server.deps);
    const reads = api.routes
      .filter((route) => route.method === 'GET' || route.method === 'ALL')
      .map((route) => route.path);
    expect(reads.some((path) => path.startsWith('/ops/'))).toBe(true);
    expect(reads.filter((path) => isConsolePage(path) || path.startsWith('/ops/console'))).toEqual([]);
  });

  it('without a built console nothing answers there but the API', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'greenpick-dist-'));
    try {
      writeFileSync(join(bare, 'index.html'), '<!doctype html><title>GreenPick</title>');
      const withoutConsole = createApp(server.deps, { distDir: bare });
      const response = await withoutConsole.request('/ops/console/board', { headers: html });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found' });
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
