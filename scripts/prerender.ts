/**
 * The build's prerender step (after `vite build`, in `npm run build` and the bench's build): the
 * signed-out screens (`/`, `/login`, `/signup`, `/forgot`) and the booking screen
 * (`/client/create`) rendered to HTML by React through Vite's `ssrLoadModule` (no browser, no
 * network), each written to `prerendered/<name>.html` with the CSS it needs inline, so that the
 * form shows and takes typing before any JavaScript has arrived. The server sends these for
 * those paths (server/http/static.ts), the booking screen with its current prices filled in
 * (server/http/prerendered.ts); the app takes over when it starts
 * (src/lib/prerender-handoff.ts). docs/performance.md, 'The first screen' and 'The booking screen'.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import {
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  pricePlaceholder,
  type PrerenderedIndex,
} from '../server/http/prerendered.ts';
import type { PriceTable } from '../src/shared/pricing.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Page path → file name under prerendered/. */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index.html',
  '/login': 'login.html',
  '/signup': 'signup.html',
  '/forgot': 'forgot.html',
};

/** The booking screen's path and file: one page holding the form of every service and the picker. */
export const BOOKING_PAGE = { path: '/client/create', file: 'create.html' } as const;

/** The route modules whose chunks hold each page's screen (their CSS is inlined with the entry's). */
const SCREEN_MODULES: Record<string, string[] | undefined> = {
  '/signup': ['src/routes/signup.tsx?tsr-split=component'],
  '/forgot': ['src/routes/forgot.tsx?tsr-split=component'],
  [BOOKING_PAGE.path]: [
    'src/routes/client/route.tsx?tsr-split=component',
    'src/routes/client/create.tsx?tsr-split=component',
  ],
};

/**
 * The one inline script: a form submitted before the app has started is held (the app submits
 * it once, when it has taken over), and its button disabled so that it is not sent twice.
 * Its hash goes into the page's Content-Security-Policy (no 'unsafe-inline').
 */
export const HOLD_SUBMIT_SCRIPT =
  'document.addEventListener("submit",function(e){var f=e.target;if(f.closest&&f.closest("#prerendered")){' +
  'e.preventDefault();window.__greenpickSubmit=f;var b=f.querySelector("[type=submit]");if(b)b.disabled=true}},true)';

/**
 * The booking page's inline script, right after its markup: it keeps the form of the service in
 * the history state (the service picker when there is none or it is unknown, as the app does)
 * and removes the others, so that no id is on the page twice. A choice on the prerendered picker
 * adds a history entry with the service in its state, as the app's picker does (with the keys
 * the router gives its entries), where the app will read it, and shows its form. With no
 * token stored, the visitor goes to the login screen at once, as the app's guard would send them.
 */
export const CHOOSE_BOOKING_SCRIPT =
  '(function(){var p=document.getElementById("prerendered");if(!p)return;var t=null;' +
  'try{t=localStorage.getItem("token")||sessionStorage.getItem("token")}catch(e){}' +
  'if(!t){p.remove();location.replace("/");return}' +
  'var all=[].slice.call(p.querySelectorAll("[data-booking]"));' +
  'var by=function(k){return all.filter(function(v){return v.getAttribute("data-booking")===k})[0]};' +
  'var show=function(v){all.forEach(function(o){if(o!==v)o.remove()});v.hidden=false};' +
  'var s=history.state,v=(s&&s.serviceType&&by(String(s.serviceType)))||by("");' +
  'if(v.getAttribute("data-booking")!==""){show(v);return}' +
  'v.hidden=false;var forms=all.filter(function(o){return o!==v});' +
  'var key=function(){return Math.random().toString(36).slice(2,10)};' +
  '[].forEach.call(v.querySelectorAll(".service-picker-option"),function(b,i){b.addEventListener("click",function(){' +
  'var f=forms[i];if(!f)return;var o=history.state||{},n=typeof o.__TSR_index==="number"?o.__TSR_index:0;' +
  'if(!o.__TSR_key){var c={};for(var x in o)c[x]=o[x];c.key=c.__TSR_key=key();c.__TSR_index=n;history.replaceState(c,"")}' +
  'var k=key();history.pushState({serviceType:f.getAttribute("data-booking"),key:k,__TSR_key:k,__TSR_index:n+1},"");' +
  'show(f)})})})()';

export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The inline scripts of the built index.html itself (the booking form's early reads): every
 * page, prerendered or the shell, carries them, so their hashes join the policy too.
 */
export function shellScripts(shell: string): string[] {
  return [...shell.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The CSS files a chunk and the chunks it imports statically load (Vite's manifest). */
function cssOf(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((child) => cssOf(manifest, child, seen))];
}

/**
 * The app renders into #root unseen while the prerendered copy is there: a screen whose form
 * mounts after its heading (the booking form) is handed over only once the form is in.
 */
export const HIDE_ROOT_CSS = '#prerendered~#root{display:none}';

/**
 * Sentinel prices the booking form is rendered with (one per service, in naira): each formatted
 * amount in the output is then replaced by its service's placeholder, which the server fills
 * with the current price (server/http/prerendered.ts).
 */
const SENTINEL_NAIRA = 987_001;

function sentinelPrices(fallback: PriceTable, services: readonly string[]): PriceTable {
  return Object.fromEntries(
    services.map((service, index) => {
      const price = fallback[service];
      if (!price) throw new Error(`prerender: no fallback price for ${service}`);
      return [service, { ...price, price: SENTINEL_NAIRA + index }];
    }),
  );
}

/**
 * index.html with the screen's markup in `#prerendered` (beside an empty `#root`, which the app
 * renders into), the entry's stylesheet link replaced by the page's CSS inline, and the script.
 */
export function composePage(
  shell: string,
  markup: string,
  css: string,
  entryCssHref: string,
  afterMarkupScript = '',
): string {
  // React hoists resource hints (the logo's preload) to the front of its output: they go in the head.
  const hints = markup.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
  // Should the inline script not run, a form must not fall back to a GET, which would put the
  // password in the address: a POST to the page is refused by the server, and nothing leaks.
  const body = markup.slice(hints.length).replaceAll('<form ', '<form method="post" ');
  const link = new RegExp(
    `<link rel="stylesheet"[^>]*href="${entryCssHref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
  );
  if (!link.test(shell)) throw new Error(`prerender: index.html has no stylesheet link for ${entryCssHref}`);
  if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  return shell
    .replace(link, () => `<style>${css}${HIDE_ROOT_CSS}</style>${hints}<script>${HOLD_SUBMIT_SCRIPT}</script>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="prerendered">${body}</div>${afterMarkupScript && `<script>${afterMarkupScript}</script>`}<div id="root"></div>`,
    );
}

interface PrerenderApp {
  renderScreen: (path: string) => Promise<string>;
  renderBooking: (serviceType: string | undefined, prices: PriceTable) => Promise<string>;
  BOOKABLE_SERVICES: readonly string[];
  FALLBACK_PRICES: PriceTable;
  formatNaira: (kobo: number) => string;
}

/** The app's booking screen is complete (src/lib/prerender-handoff.ts): its form (mounted after the heading) or its picker. */
const HANDOFF = '.create-task-layout, .service-picker';

/**
 * The booking screen of every service, each in `<div data-booking="<service>" hidden>`, then
 * the service picker (`data-booking=""`), with each price a placeholder. The page script
 * (CHOOSE_BOOKING_SCRIPT) keeps one. `data-handoff` names what the app must have rendered
 * before it takes over (src/lib/prerender-handoff.ts).
 */
async function bookingMarkup(app: PrerenderApp): Promise<string> {
  // The signed-in area's guard reads a stored token; the render needs one, and no personal data.
  const storage = { getItem: (key: string) => (key === 'token' ? 'prerender' : null), setItem() {}, removeItem() {} };
  const globals = globalThis as { localStorage?: unknown };
  const before = globals.localStorage;
  globals.localStorage = storage;
  try {
    const services = app.BOOKABLE_SERVICES;
    const prices = sentinelPrices(app.FALLBACK_PRICES, services);
    let hints = '';
    const variants: string[] = [];
    const variant = async (service: string | undefined) => {
      const markup = await app.renderBooking(service, prices);
      const hint = markup.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
      hints ||= hint;
      const body = markup.slice(hint.length);
      if (!body.includes('<main')) throw new Error(`prerender: the booking screen (${service}) rendered no <main>`);
      const own = service ? 'create-task-layout' : 'service-picker';
      if (!body.includes(`class="${own}`))
        throw new Error(`prerender: the booking screen (${service}) rendered no .${own}`);
      // Either: the app shows the picker where a Back before it started left no service.
      variants.push(`<div data-booking="${service ?? ''}" data-handoff="${HANDOFF}" hidden="">${body}</div>`);
    };
    for (const service of services) await variant(service);
    await variant(undefined);
    let html = variants.join('');
    services.forEach((service, index) => {
      const text = app.formatNaira((SENTINEL_NAIRA + index) * 100);
      if (!html.includes(text)) throw new Error(`prerender: the booking form of ${service} shows no price`);
      html = html.replaceAll(text, pricePlaceholder(service));
    });
    if (/987[,.]?0\d\d/.test(html)) throw new Error('prerender: a sentinel price is left in the booking screen');
    return hints + html;
  } finally {
    globals.localStorage = before;
  }
}

/**
 * Vite loading the screens for React to render. Only React's own plugin: the route tree's
 * modules load as they are (no code splitting), and the router plugin would regenerate
 * src/routeTree.gen.ts.
 */
function renderServer() {
  return createServer({
    configFile: false,
    root: ROOT,
    plugins: [react()],
    appType: 'custom',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
}

export async function prerender(distDir: string): Promise<void> {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['index.html'];
  if (!entry?.css?.[0]) throw new Error('prerender: the build manifest has no entry CSS');
  const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
  const readCss = (files: string[]) =>
    [...new Set(files)].map((file) => readFileSync(join(distDir, file), 'utf8').trim()).join('');

  const vite = await renderServer();
  const pages: PrerenderedIndex['pages'] = {};
  try {
    const app = (await vite.ssrLoadModule('/scripts/prerender-app.tsx')) as PrerenderApp;
    mkdirSync(join(distDir, PRERENDERED_DIR), { recursive: true });
    const cssFor = (path: string) =>
      readCss([...(entry.css ?? []), ...(SCREEN_MODULES[path] ?? []).flatMap((key) => cssOf(manifest, key))]);
    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
      const markup = await app.renderScreen(path);
      if (!markup.includes('<main')) throw new Error(`prerender: ${path} rendered no <main>`);
      writeFileSync(join(distDir, PRERENDERED_DIR, file), composePage(shell, markup, cssFor(path), `/${entry.css[0]}`));
      pages[path] = file;
    }
    const booking = await bookingMarkup(app);
    writeFileSync(
      join(distDir, PRERENDERED_DIR, BOOKING_PAGE.file),
      composePage(shell, booking, cssFor(BOOKING_PAGE.path), `/${entry.css[0]}`, CHOOSE_BOOKING_SCRIPT),
    );
    pages[BOOKING_PAGE.path] = BOOKING_PAGE.file;
  } finally {
    await vite.close();
  }
  const scriptHashes = [HOLD_SUBMIT_SCRIPT, CHOOSE_BOOKING_SCRIPT, ...shellScripts(shell)].map(scriptHash);
  const index: PrerenderedIndex = { pages, scriptHashes };
  writeFileSync(join(distDir, PRERENDERED_DIR, PRERENDERED_INDEX), JSON.stringify(index, null, 2));
  // The manifest was only for this step: not served, not precached.
  rmSync(join(distDir, '.vite'), { recursive: true, force: true });
}

/** The driver's sign-in screen: its page path and file under prerendered/ (issue 64). */
export const DRIVER_LOGIN_PAGE = { path: '/driver/login', file: 'driver-login.html' } as const;

/**
 * After the driver's build (dist/driver/): its sign-in screen prerendered like the client's,
 * into the driver's own shell with the driver's CSS inline, added to the index of pages. The
 * driver's app takes it over as the client's does (src/lib/prerender-handoff.ts).
 */
export async function prerenderDriver(distDir: string): Promise<void> {
  const shellPath = join(distDir, 'driver', 'index.html');
  if (!existsSync(shellPath)) throw new Error(`prerender: no driver build in ${dirname(shellPath)}`);
  const shell = readFileSync(shellPath, 'utf8');
  const hrefs = [...shell.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1] ?? '');
  const [entryCssHref] = hrefs;
  if (!entryCssHref || hrefs.length !== 1)
    throw new Error('prerender: the driver shell has not exactly one stylesheet');
  const css = readFileSync(join(distDir, entryCssHref.replace(/^\//, '')), 'utf8').trim();
  const vite = await renderServer();
  let markup: string;
  try {
    const app = (await vite.ssrLoadModule('/scripts/prerender-driver.tsx')) as {
      renderDriverLogin: () => Promise<string>;
    };
    markup = await app.renderDriverLogin();
  } finally {
    await vite.close();
  }
  // The router's scroll restoration script is for a server-rendered app; here the app renders
  // anew, and an inline script would need a hash of its own in the policy.
  markup = markup.replace(/<script>[\s\S]*?<\/script>/g, '');
  if (!markup.includes('<main') || !markup.includes('<form'))
    throw new Error('prerender: the driver sign-in rendered no form');
  mkdirSync(join(distDir, PRERENDERED_DIR), { recursive: true });
  writeFileSync(join(distDir, PRERENDERED_DIR, DRIVER_LOGIN_PAGE.file), composePage(shell, markup, css, entryCssHref));
  const indexPath = join(distDir, PRERENDERED_DIR, PRERENDERED_INDEX);
  const index: PrerenderedIndex = existsSync(indexPath)
    ? (JSON.parse(readFileSync(indexPath, 'utf8')) as PrerenderedIndex)
    : { pages: {}, scriptHashes: [scriptHash(HOLD_SUBMIT_SCRIPT)] };
  index.pages[DRIVER_LOGIN_PAGE.path] = DRIVER_LOGIN_PAGE.file;
  const hashes = new Set([...index.scriptHashes, ...shellScripts(shell).map(scriptHash)]);
  writeFileSync(indexPath, JSON.stringify({ ...index, scriptHashes: [...hashes] }, null, 2));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `--driver [dist]`: after the driver's build, its sign-in screen.
  const driver = process.argv[2] === '--driver';
  const distDir = resolve(process.argv[driver ? 3 : 2] ?? join(ROOT, 'dist'));
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`prerender: no build in ${distDir}`);
  if (driver) await prerenderDriver(distDir);
  else await prerender(distDir);
  console.log(
    `[build] ${driver ? "the driver's sign-in" : 'signed-out screens'} prerendered into ${join(distDir, PRERENDERED_DIR)}`,
  );
}
