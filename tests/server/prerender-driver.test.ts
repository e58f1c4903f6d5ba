/**
 * The driver's sign-in prerendered (issue 64): the build's step renders the driver app's real
 * sign-in screen into a stand-in of the driver's build, with its CSS inline, and the server
 * answers /driver/login with it (its inline script allowed by hash); other driver screens keep
 * the driver's shell.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { HIDE_ROOT_CSS, HOLD_SUBMIT_SCRIPT, prerenderDriver } from '../../scripts/prerender';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let app: ReturnType<typeof createApp>;
let dist: string;

const DRIVER_CSS = '.driver-auth{display:grid}';
const html = { Accept: 'text/html' };

beforeAll(async () => {
  server = await createTestServer();
  dist = mkdtempSync(join(tmpdir(), 'greenpick-prerender-driver-'));
  mkdirSync(join(dist, 'driver', 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, 'driver', 'index.html'),
    '<!doctype html><html><head><title>GreenPick Driver</title>' +
      '<script type="module" crossorigin src="/driver/assets/index-1.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/driver/assets/index-1.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'driver', 'assets', 'index-1.js'), '');
  writeFileSync(join(dist, 'driver', 'assets', 'index-1.css'), DRIVER_CSS);
  await prerenderDriver(dist);
  app = createApp(server.deps, { distDir: dist });
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the driver's prerendered sign-in", () => {
  it('/driver/login is the sign-in form in the driver shell, its CSS inline, posting nowhere without the app', async () => {
    const response = await app.request('/driver/login', { headers: html });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('<title>GreenPick Driver</title>');
    expect(text).toMatch(/<div id="prerendered">.*<main class="driver-auth">/s);
    expect(text).toContain('name="phone"');
    expect(text).toContain('name="password"');
    expect(text).toContain('<form method="post"');
    expect(text).toContain(`<style>${DRIVER_CSS}${HIDE_ROOT_CSS}</style>`);
    expect(text).not.toContain('/driver/assets/index-1.css');
    // Only the page's own held-submit script is inline (the router's scroll script is taken out).
    expect([...text.matchAll(/<script>/g)]).toHaveLength(1);
    const hash = createHash('sha256').update(HOLD_SUBMIT_SCRIPT, 'utf8').digest('base64');
    expect(response.headers.get('Content-Security-Policy')).toContain(`'sha256-${hash}'`);
  });

  it("the driver's other screens keep the shell", async () => {
    const text = await (await app.request('/driver/tasks/abc', { headers: html })).text();
    expect(text).toContain('<title>GreenPick Driver</title>');
    expect(text).not.toContain('id="prerendered"');
  });
});
