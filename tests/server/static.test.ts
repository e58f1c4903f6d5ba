import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { cacheControlFor, precompress, preloadLinkHeader } from '../../server/http/static';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let app: ReturnType<typeof createApp>;
let dist: string;
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const shellScript = { href: '/assets/signed-in-1.js', as: 'script' };
const shellStyle = { href: '/assets/signed-in-2.css', as: 'style' };

beforeAll(async () => {
  server = await createTestServer();
  dist = mkdtempSync(join(tmpdir(), 'greenpick-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>GreenPick</title><div id="root"></div>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), bigScript);
  // The driver's app, its own build (vite.driver.config.ts).
  mkdirSync(join(dist, 'driver', 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'driver', 'index.html'),
    '<!doctype html><title>GreenPick Driver</title><div id="root"></div>',
  );
  writeFileSync(join(dist, 'driver', 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'driver', 'assets', 'index-def456.js'), bigScript);
  writeFileSync(
    join(dist, 'preload-hints.json'),
    JSON.stringify({
      '/client': [shellScript, shellStyle],
      '/client/create': [
        shellScript,
        { href: '/assets/create-1.js', as: 'script' },
        shellStyle,
        { href: '/assets/create-2.css', as: 'style' },
      ],
    }),
  );
  app = createApp(server.deps, { distDir: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = { Accept: 'text/html,application/xhtml+xml' };

describe('serving the built app', () => {
  it('hashed assets are immutable and served precompressed (brotli)', async () => {
    const response = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(bigScript);
  });

  it('a file kept only compressed is still served as it is to a client that takes neither encoding, and gzip to one that takes gzip', async () => {
    const plain = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Content-Type')).toMatch(/javascript/);
    expect(await plain.text()).toBe(bigScript);
    const gzipOnly = await app.request('/driver/assets/index-def456.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipOnly.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipOnly.arrayBuffer())).toString()).toBe(bigScript);
  });

  it("keeps the build's own gzip copy (Zopfli, smaller) and writes only what is missing", () => {
    const dir = mkdtempSync(join(tmpdir(), 'greenpick-precompress-'));
    try {
      const source = join(dir, 'app.js');
      writeFileSync(source, bigScript);
      // The build's copy: written after the file, so it is current; the brotli copy is missing.
      const buildsGzip = gzipSync(bigScript, { level: 1 });
      writeFileSync(`${source}.gz`, buildsGzip);
      expect(precompress(dir)).toBe(1);
      expect(readFileSync(`${source}.gz`)).toEqual(buildsGzip);
      expect(brotliDecompressSync(readFileSync(`${source}.br`)).toString()).toBe(bigScript);
      expect(gunzipSync(readFileSync(`${source}.gz`)).toString()).toBe(bigScript);
      // Both current: nothing more to write.
      expect(precompress(dir)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('index.html and sw.js are revalidated, never cached blindly', async () => {
    expect(cacheControlFor('/sw.js')).toBe('no-cache');
    const sw = await app.request('/sw.js');
    expect(sw.headers.get('Cache-Control')).toBe('no-cache');
    const index = await app.request('/', { headers: html });
    expect(index.headers.get('Cache-Control')).toBe('no-cache');
    expect(await index.text()).toContain('<div id="root">');
  });

  it('app routes (navigations) fall back to the app shell', async () => {
    for (const path of ['/client/home', '/client/create', '/login', '/some/unknown/page']) {
      const response = await app.request(path, { headers: html });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<title>GreenPick</title>');
    }
  });

  it('a signed-in page names the shell and its own chunks to preload; other pages name none', async () => {
    const shell =
      '</assets/signed-in-1.js>; rel=modulepreload, </assets/signed-in-2.css>; rel=preload; as=style; crossorigin';
    for (const path of ['/client', '/client/', '/client/home', '/client/history', '/client/unknown']) {
      expect((await app.request(path, { headers: html })).headers.get('Link'), path).toBe(shell);
    }
    const create =
      '</assets/signed-in-1.js>; rel=modulepreload, </assets/create-1.js>; rel=modulepreload, </assets/signed-in-2.css>; rel=preload; as=style; crossorigin, </assets/create-2.css>; rel=preload; as=style; crossorigin';
    for (const path of ['/client/create', '/client/create/']) {
      expect((await app.request(path, { headers: html })).headers.get('Link'), path).toBe(create);
    }
    for (const path of ['/', '/login', '/signup', '/clientele', '/client-create']) {
      expect((await app.request(path, { headers: html })).headers.get('Link'), path).toBeNull();
    }
    expect(preloadLinkHeader({}, '/client/home')).toBeNull();
    expect(preloadLinkHeader({ '/client': [] }, '/client/home')).toBeNull();
  });

  it('the fallback never swallows API paths', async () => {
    for (const path of ['/admin/unknown', '/driver/location', '/api/user/nothing', '/ops/nothing']) {
      const response = await app.request(path, { headers: html });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type')).toContain('application/json');
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
    const post = await app.request('/client/home', {
      method: 'POST',
      headers: { ...html, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(404);
  });

  it("/driver/ screens get the driver's shell, its files their own caching; the client's two GET reads stay the API", async () => {
    for (const path of [
      '/driver/',
      '/driver',
      '/driver/login',
      '/driver/offer',
      '/driver/tasks/abc',
      '/driver/earnings',
    ]) {
      const page = await app.request(path, { headers: html });
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<title>GreenPick Driver</title>');
      expect(page.headers.get('Cache-Control'), path).toBe('no-cache');
      // A page's policy, not the API's `default-src 'none'`.
      expect(page.headers.get('Content-Security-Policy'), path).toContain("script-src 'self'");
    }
    const chunk = await app.request('/driver/assets/index-def456.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/driver/sw.js')).headers.get('Cache-Control')).toBe('no-cache');
    // The client's app keeps its own shell.
    expect(await (await app.request('/client/home', { headers: html })).text()).toContain('<title>GreenPick</title>');
    // The client app's reads of a driver are the API even when a browser asks for HTML.
    for (const path of ['/driver/location/abc', '/driver/photo/abc']) {
      const read = await app.request(path, { headers: html });
      expect(read.headers.get('Content-Type'), path).toContain('application/json');
      expect([401, 404], path).toContain(read.status);
    }
  });

  it('a missing asset is a 404, not the shell', async () => {
    const response = await app.request('/assets/missing-000.js', { headers: html });
    expect(response.status).toBe(404);
  });

  it('the app gets a Content-Security-Policy that allows the map, Google and Paystack hosts', async () => {
    const csp = (await app.request('/', { headers: html })).headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.paystack.co');
    expect(csp).toContain('https://maps.googleapis.com');
    // Exact hosts only: a wildcard would let any Google-hosted script run.
    expect(csp).not.toMatch(/\*\.(googleapis|gstatic)\.com/);
    expect(csp).toMatch(/img-src [^;]*tile\.openstreetmap\.org/);
  });
});
