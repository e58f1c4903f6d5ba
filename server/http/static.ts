/**
 * Serves the built app (dist/) from the API server: precompressed brotli/gzip files,
 * hashed assets cached for a year, index.html / sw.js / the manifest always revalidated,
 * and an SPA fallback to index.html for navigations that never swallows an API path.
 * The build is read into memory once at start: a request costs no file system call, and a
 * new build is served from the next start. A file sent compressed is kept only compressed; its
 * plain bytes (6-7 MB of the 10 MB build) are read from disk for the rare client that takes
 * neither encoding.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, extname, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import { serveStatic } from 'hono/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { isDriverAppRequest } from '../../src/shared/driver-paths';
import { formatNaira } from '../../src/shared/money';
import { SEED_SERVICES } from '../../src/shared/pricing';
import { DEFAULT_SERVICE } from '../../src/shared/service-key';
import { PRERENDERED_DIR, fillPrices, hasPricePlaceholders } from './prerendered';

/** Unit prices in kobo by service key (the price list as the server has it now). */
export type ServicePrices = () => Promise<Readonly<Record<string, number>>>;

/** How long the booking page's prices are reused: one price-list read per few seconds at most, whoever asks. */
const PRICES_FOR_MS = 5_000;

interface PageBytes {
  html: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } };

function compressed(html: Uint8Array<ArrayBuffer>): PageBytes {
  return {
    html,
    br: new Uint8Array(brotliCompressSync(html, BROTLI)),
    gzip: new Uint8Array(gzipSync(html, { level: 9 })),
  };
}

/** The same off the event loop (the booking page at Brotli's best takes a few hundred ms on a busy machine). */
async function compressedAsync(html: Uint8Array<ArrayBuffer>): Promise<PageBytes> {
  const [br, gz] = await Promise.all([promisify(brotliCompress)(html, BROTLI), promisify(gzip)(html, { level: 9 })]);
  return { html, br: new Uint8Array(br), gzip: new Uint8Array(gz) };
}

/**
 * A prerendered page with price placeholders (the booking screen), filled with the current
 * prices: read at most every few seconds, and compressed again only when they changed. When
 * they cannot be read, the fallback prices, as the app shows when its price list fails.
 */
function pricedPage(template: string, prices: ServicePrices): () => Promise<PageBytes> {
  const fallback = Object.fromEntries(SEED_SERVICES.map((service) => [service.key, service.priceKobo]));
  const defaultKobo = DEFAULT_SERVICE.priceKobo;
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<Readonly<Record<string, number>>> | null = null;
  let last: { html: string; bytes: Promise<PageBytes> } | null = null;
  return async () => {
    if (reading === null || Date.now() - readAt > PRICES_FOR_MS) {
      readAt = Date.now();
      reading = prices().catch(() => fallback);
    }
    const table = await reading;
    const html = fillPrices(template, (service) => table[service] ?? defaultKobo, formatNaira);
    if (last?.html !== html) last = { html, bytes: compressedAsync(new TextEncoder().encode(html)) };
    return last.bytes;
  };
}

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map']);
const REVALIDATE = new Set([
  '/',
  '/index.html',
  '/sw.js',
  '/manifest.webmanifest',
  '/registerSW.js',
  '/driver/',
  '/driver/index.html',
  '/driver/sw.js',
  '/driver/manifest.webmanifest',
]);

/**
 * Writes .br and .gz beside each compressible file that has none newer than itself (the
 * build writes them for its own files, gzip through Zopfli: scripts/precompress.ts; this
 * covers the rest, the service worker included). The build output does not change while served.
 */
export function precompress(distDir: string): number {
  let written = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (COMPRESSIBLE.has(extname(entry.name)) && statSync(path).size > 512) {
        const mtime = statSync(path).mtimeMs;
        const stale = (file: string) => !existsSync(file) || statSync(file).mtimeMs < mtime;
        const needsBrotli = stale(`${path}.br`);
        const needsGzip = stale(`${path}.gz`);
        if (!needsBrotli && !needsGzip) continue;
        const source = readFileSync(path);
        if (needsBrotli)
          writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        if (needsGzip) writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
        written += 1;
      }
    }
  };
  walk(distDir);
  return written;
}

export function cacheControlFor(path: string): string {
  if (REVALIDATE.has(path)) return 'no-cache';
  if (path.startsWith('/assets/') || path.startsWith('/driver/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function isApiPath(path: string, apiPrefixes: readonly string[]): boolean {
  if (isDriverAppRequest('GET', path)) return false;
  return apiPrefixes.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

/** The driver's app (dist/driver/, its own build) answers navigations under /driver/. */
function isDriverScreen(path: string): boolean {
  return path === '/driver' || path.startsWith('/driver/');
}

/**
 * `preload-hints.json`, written by the build (scripts/preload-hints.ts): page path → the
 * files a page there loads at once (its complete list, the signed-in shell included).
 */
type PreloadHints = Record<string, Array<{ href: string; as: 'script' | 'style' }>>;

/**
 * The `Link` header for a navigation to `path`: module scripts as `modulepreload`, styles as
 * `preload` (CORS mode, as the app loads them), so the browser fetches them beside the entry. The hints of the longest listed
 * path that is `path` or a parent of it (`/client/create`, else `/client`); null when none is.
 */
export function preloadLinkHeader(hints: PreloadHints, path: string): string | null {
  const page = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const key = Object.keys(hints)
    .filter((prefix) => page === prefix || page.startsWith(`${prefix}/`))
    .reduce<string | null>(
      (longest, prefix) => (longest === null || prefix.length > longest.length ? prefix : longest),
      null,
    );
  const links = key === null ? [] : (hints[key] ?? []);
  if (links.length === 0) return null;
  // Styles with `crossorigin`: the app inserts them as `<link rel=stylesheet crossorigin>`, and a
  // preload is only reused by a request of the same mode (without it, each was fetched twice).
  return links
    .map(
      (link) => `<${link.href}>; rel=${link.as === 'script' ? 'modulepreload' : `preload; as=${link.as}; crossorigin`}`,
    )
    .join(', ');
}

interface BuiltFile {
  /** null: a file kept only compressed (its `.br` and `.gz` are in memory), read from `path` when asked for as it is. */
  bytes: Uint8Array<ArrayBuffer> | null;
  path: string;
  lastModified: string;
}

/**
 * Every file of the build by its URL path (`/assets/index-abc.js`, `/index.html`). A file
 * with both compressed copies beside it is not read: every browser takes one of those.
 */
function readBuild(distDir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const compressedBeside = existsSync(`${path}.br`) && existsSync(`${path}.gz`);
        files.set(`/${relative(distDir, path).split(sep).join('/')}`, {
          bytes: compressedBeside ? null : new Uint8Array(readFileSync(path)),
          path,
          lastModified: statSync(path).mtime.toUTCString(),
        });
      }
    }
  };
  walk(distDir);
  return files;
}

/** A file's plain bytes, read now when not kept (start-up only: the shells, the hints, the prerendered pages). */
const plainBytes = (file: BuiltFile): Uint8Array<ArrayBuffer> => file.bytes ?? new Uint8Array(readFileSync(file.path));

/**
 * A file kept only compressed, as it is: a stream that reads it from disk when sent. The
 * static middleware asks for the plain file before its compressed copies, so nothing is read
 * unless the client takes neither encoding.
 */
function readWhenSent(path: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    async pull(controller) {
      if (sent) return;
      sent = true;
      try {
        controller.enqueue(new Uint8Array(await readFile(path)));
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/**
 * `prerendered`: page path → file under prerendered/ (server/http/prerendered.ts); a navigation
 * to one of those paths gets its prerendered screen instead of the empty shell.
 */
export function mountFrontend(
  app: Hono<AppEnv>,
  distDir: string,
  apiPrefixes: readonly string[],
  prerendered: Readonly<Record<string, string>> = {},
  prices?: ServicePrices,
): void {
  precompress(distDir);
  const files = readBuild(distDir);
  const decode = (path: string) => {
    const file = files.get(path);
    return new TextDecoder().decode(file ? plainBytes(file) : undefined);
  };
  const indexHtml = decode('/index.html');
  const driverIndexHtml = files.has('/driver/index.html') ? decode('/driver/index.html') : null;
  const preloadHints = files.get('/preload-hints.json');
  const hints: PreloadHints = preloadHints ? JSON.parse(new TextDecoder().decode(plainBytes(preloadHints))) : {};
  // Compressed once here, not by the compress middleware on every request (a deflate stream's
  // buffers per request, 500 clients at once).
  // A page with prices (the booking screen) is filled in per price list; without a price list
  // to read (the API alone in tests), with the fallback prices.
  const prerenderedPages = new Map(
    Object.entries(prerendered)
      .filter(([, file]) => files.has(`/${PRERENDERED_DIR}/${file}`))
      .map(([path, file]) => {
        const html = plainBytes(files.get(`/${PRERENDERED_DIR}/${file}`)!);
        const text = new TextDecoder().decode(html);
        if (hasPricePlaceholders(text)) return [path, pricedPage(text, prices ?? (() => Promise.reject()))] as const;
        const bytes = compressed(html);
        return [path, async () => bytes] as const;
      }),
  );
  // Before the static files: `/` would otherwise be answered with index.html (the empty shell).
  app.get('*', async (c, next) => {
    const pageFor = prerenderedPages.get(c.req.path.length > 1 ? c.req.path.replace(/\/$/, '') : c.req.path);
    if (pageFor === undefined || !(c.req.header('Accept') ?? '').includes('text/html')) return next();
    const page = await pageFor();
    c.header('Cache-Control', 'no-cache');
    // The booking screen's code starts with its HTML, as with the shell: the app takes over sooner.
    const link = preloadLinkHeader(hints, c.req.path);
    if (link) c.header('Link', link);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Vary', 'Accept-Encoding');
    const accepted = c.req.header('Accept-Encoding') ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (encoding === null) return c.body(page.html);
    c.header('Content-Encoding', encoding);
    return c.body(page[encoding]);
  });

  app.use('*', async (c, next) => {
    await next();
    if (
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      c.res.status === 200 &&
      !isApiPath(c.req.path, apiPrefixes)
    ) {
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', cacheControlFor(c.req.path));
    }
  });
  app.use(
    '*',
    serveStatic({
      root: '/',
      precompressed: true,
      isDir: (path) => path === '/' || path === '/driver/',
      getContent: async (path) => {
        const file = files.get(path);
        if (!file) return null;
        return file.bytes ?? readWhenSent(file.path);
      },
      onFound: (path, c) => {
        const file = files.get(path);
        if (file) c.header('Last-Modified', file.lastModified);
      },
    }),
  );
  // Navigations (GET that accepts HTML) outside the API fall back to the app shell.
  app.get('*', async (c, next) => {
    const acceptsHtml = (c.req.header('Accept') ?? '').includes('text/html');
    if (isApiPath(c.req.path, apiPrefixes) || !acceptsHtml || extname(c.req.path) !== '') return next();
    c.header('Cache-Control', 'no-cache');
    if (isDriverScreen(c.req.path)) return driverIndexHtml === null ? next() : c.html(driverIndexHtml);
    const link = preloadLinkHeader(hints, c.req.path);
    if (link) c.header('Link', link);
    return c.html(indexHtml);
  });
}
