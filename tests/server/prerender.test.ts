import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { CHOOSE_BOOKING_SCRIPT, HIDE_ROOT_CSS, HOLD_SUBMIT_SCRIPT, prerender } from '../../scripts/prerender';
import { createTestServer, type TestServer } from './harness';

/**
 * The build's prerender step renders the real signed-out screens (React, through Vite's SSR
 * loader) into a small stand-in for `vite build`'s output, and the server answers their paths
 * with them under a policy that allows their one inline script by its hash.
 */
let server: TestServer;
let app: ReturnType<typeof createApp>;
let dist: string;

const ENTRY_CSS = '.auth-form{display:grid}';
const SIGNUP_CSS = '.auth-pair{display:flex}';
const SHARED_CSS = '.muted{color:#555}';
const html = { Accept: 'text/html,application/xhtml+xml' };

/** The shell's own inline script (index.html's early reads of the booking form), a stand-in. */
const SHELL_SCRIPT = 'window.__earlyReads=undefined';

beforeAll(async () => {
  server = await createTestServer();
  dist = mkdtempSync(join(tmpdir(), 'greenpick-prerender-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><script>${SHELL_SCRIPT}</script>` +
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
      '<body><div id="root"></div><div class="splash"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-1.js'), '');
  writeFileSync(join(dist, 'assets', 'index-1.css'), ENTRY_CSS);
  writeFileSync(join(dist, 'assets', 'signup-1.css'), SIGNUP_CSS);
  writeFileSync(join(dist, 'assets', 'shared-1.css'), SHARED_CSS);
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
      'src/routes/signup.tsx?tsr-split=component': {
        file: 'assets/signup-1.js',
        imports: ['index.html', '_shared-1.js'],
        css: ['assets/signup-1.css'],
      },
      '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
      'src/routes/forgot.tsx?tsr-split=component': { file: 'assets/forgot-1.js', imports: ['index.html'] },
    }),
  );
  await prerender(dist);
  app = createApp(server.deps, { distDir: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (path: string) => {
  const response = await app.request(path, { headers: html });
  return { response, text: await response.text() };
};

describe('prerendered signed-out screens', () => {
  it('/ and /login are the login form, with its fields and the CSS inline', async () => {
    for (const path of ['/', '/login', '/login/']) {
      const { response, text } = await page(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(text).toContain('<div id="prerendered">');
      expect(text).toMatch(/<input id="login-email" type="email"[^>]* name="email"/);
      expect(text).toMatch(/<input id="login-password" type="password"[^>]* name="password"/);
      expect(text).toMatch(/<input type="checkbox" name="remember" checked=""/);
      expect(text).toMatch(/<button type="submit"[^>]*>Login<\/button>/);
      // Never a GET with the password in the address, should the inline script not run.
      expect(text).toContain('<form method="post" class="auth-form"');
      expect(text).toContain(`<style>${ENTRY_CSS}${HIDE_ROOT_CSS}</style>`);
      // The stylesheet is inline instead of linked (a link would hold the first paint); the app's script stays.
      expect(text).not.toContain('href="/assets/index-1.css"');
      expect(text).toContain('src="/assets/index-1.js"');
      expect(text).toContain('<div id="root"></div>');
    }
  });

  it('is sent compressed as the browser accepts it (brotli, else gzip), the same page', async () => {
    const { text: plain } = await page('/login');
    const br = await app.request('/login', { headers: { ...html, 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gzip = await app.request('/login', { headers: { ...html, 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
  });

  it('/signup and /forgot are their forms, with the CSS of their chunks inline', async () => {
    const signup = await page('/signup');
    expect(signup.text).toContain('id="signup-firstname"');
    expect(signup.text).toContain('id="signup-confirm-password"');
    expect(signup.text).toContain('id="signup-terms"');
    expect(signup.text).toContain(`<style>${ENTRY_CSS}${SIGNUP_CSS}${SHARED_CSS}${HIDE_ROOT_CSS}</style>`);
    const forgot = await page('/forgot');
    expect(forgot.text).toContain('<h1 id="recovery-heading"');
    expect(forgot.text).toContain('id="recovery-email"');
    expect(forgot.text).toContain(`<style>${ENTRY_CSS}${HIDE_ROOT_CSS}</style>`);
  });

  it("other navigations get the app's empty shell, and / without HTML in Accept the plain index.html", async () => {
    const terms = await page('/terms');
    expect(terms.text).not.toContain('prerendered');
    expect(terms.text).toContain('href="/assets/index-1.css"');
    const plain = await app.request('/');
    expect(await plain.text()).not.toContain('prerendered');
  });

  it('a form posted without the app (no script ran) is refused with a 4xx, not served a page', async () => {
    const response = await app.request('/login', {
      method: 'POST',
      headers: { ...html, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=ada%40example.ng&password=secret-words',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("the page's policy allows its inline scripts by hash, and scripts are never 'unsafe-inline'", async () => {
    const { response, text } = await page('/login');
    const inline = [...text.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]);
    // The shell's own script (the booking form's early reads) comes along in every page.
    expect(inline).toEqual([SHELL_SCRIPT, HOLD_SUBMIT_SCRIPT]);
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? '';
    for (const script of inline) {
      const hash = createHash('sha256')
        .update(script ?? '')
        .digest('base64');
      expect(scriptSrc.split(' ')).toContain(`'sha256-${hash}'`);
    }
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it("the build's manifest is not left in the output", () => {
    expect(existsSync(join(dist, '.vite'))).toBe(false);
    expect(JSON.parse(readFileSync(join(dist, 'prerendered', 'pages.json'), 'utf8')).pages).toEqual({
      '/': 'index.html',
      '/login': 'login.html',
      '/signup': 'signup.html',
      '/forgot': 'forgot.html',
      '/client/create': 'create.html',
    });
  });
});

describe('the prerendered booking screen', () => {
  /** The markup of one service's variant (`''`: the service picker). */
  const variant = (text: string, service: string) => {
    const start = text.indexOf(`<div data-booking="${service}"`);
    const end = text.indexOf('<div data-booking=', start + 1);
    return text.slice(start, end === -1 ? text.indexOf('</div><script>', start) : end);
  };

  it("holds every service's form, each with the server's current price, and the service picker", async () => {
    // An operator's price, changed before the page is asked for: the page shows it, not the build's.
    await server.deps.db.query("update pricing set price_kobo = 123450 where service_name = 'Recycling Collection'");
    const { response, text } = await page('/client/create');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(text).not.toContain('{{price:');
    const recycling = variant(text, 'recycling');
    expect(recycling).toContain('<h1>Recycling Services<!-- --> Task</h1>');
    expect(recycling).toContain('role="combobox"');
    expect(recycling).toContain('data-testid="sheet-amount">₦1,234.50</span>');
    expect(recycling).toContain('<dt>Price</dt><dd>₦1,234.50</dd>');
    expect(recycling).toMatch(
      /<button type="button" class="button create-task-proceed" disabled=""[^>]*>Proceed to Payment</,
    );
    expect(variant(text, 'bulk')).toContain('data-testid="sheet-amount">₦5,000.00</span>');
    expect(variant(text, 'office')).toContain('<h1>Office &amp; Commercial Cleaning<!-- --> Task</h1>');
    expect(variant(text, '')).toContain('Choose a Service');
    // Nothing personal: no user was read to render it.
    expect(text).not.toMatch(/@example|demo/i);
    expect(text).toContain(`<script>${CHOOSE_BOOKING_SCRIPT}</script><div id="root"></div>`);
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? '';
    const hash = createHash('sha256').update(CHOOSE_BOOKING_SCRIPT).digest('base64');
    expect(scriptSrc.split(' ')).toContain(`'sha256-${hash}'`);
  });

  it('is sent compressed, the same page as uncompressed', async () => {
    const { text: plain } = await page('/client/create');
    const br = await app.request('/client/create', { headers: { ...html, 'Accept-Encoding': 'br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
  });

  it('with no price list to read, shows the fallback prices, as the app does', async () => {
    const bare = createApp(
      { ...server.deps, db: { ...server.deps.db, query: () => Promise.reject(new Error('down')) } },
      {
        distDir: dist,
      },
    );
    const text = await (await bare.request('/client/create', { headers: html })).text();
    expect(variant(text, 'laundry')).toContain('data-testid="sheet-amount">₦1,000.00</span>');
    expect(text).not.toContain('{{price:');
  });
});
