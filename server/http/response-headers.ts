/**
 * The headers every response gets from the app itself, set in one middleware after the route
 * has answered: the security headers (a page's full set, the API's short one, the avatars'
 * cross-origin one) and CORS. The three sets are built once, so the 2 s chat poll pays for a
 * handful of `Headers.set` calls and one async layer, not four (docs/performance.md, 'The empty
 * chat poll'). The values are those Hono's `secureHeaders` gave for the same options
 * (tests/server/response-headers.test.ts keeps every response's set exact).
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

type HeaderList = readonly (readonly [name: string, value: string])[];

/** Directives in camelCase, as in server/http/csp.ts, to the header's text (names as Hono's `secureHeaders` wrote them). */
function cspHeaderValue(directives: Readonly<Record<string, readonly string[]>>): string {
  const kebab = (name: string) =>
    name.replace(
      /[A-Z]+(?![a-z])|[A-Z]/g,
      (capitals, offset: number) => `${offset ? '-' : ''}${capitals.toLowerCase()}`,
    );
  return Object.entries(directives)
    .map(([name, sources]) => [kebab(name), ...sources].join(' '))
    .join('; ');
}

const NOTHING_RENDERED = cspHeaderValue({ defaultSrc: ["'none'"], frameAncestors: ["'none'"] });
const EVERYWHERE: HeaderList = [
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
];
/** What a document needs that data does not: a page's isolation and the legacy browsers' switches. */
const DOCUMENT_ONLY: HeaderList = [
  ['Origin-Agent-Cluster', '?1'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * API answers and the static files are never run under their own policy, so a short one does
 * (it saves about 1.3 kB on each 2 s chat poll and on each of the 20-odd chunks a screen loads).
 */
const API_HEADERS: HeaderList = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ...EVERYWHERE,
  ['Content-Security-Policy', NOTHING_RENDERED],
];
/** Avatars and driver photos may be shown by the app on another origin (VITE_API_URL). */
const PICTURE_HEADERS: HeaderList = [
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ...EVERYWHERE,
  ...DOCUMENT_ONLY,
  ['Content-Security-Policy', NOTHING_RENDERED],
];
const pageHeaders = (csp: string): HeaderList => [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ...EVERYWHERE,
  ...DOCUMENT_ONLY,
  ['Content-Security-Policy', csp],
];

type HeaderSet = 'page' | 'picture' | 'api';

export function responseHeaders(options: {
  /** The pages' Content-Security-Policy (server/http/csp.ts). */
  pagePolicy: Readonly<Record<string, readonly string[]>>;
  allowedOrigins: ReadonlySet<string>;
  /** Which set a request's response gets (app.ts decides from the method and path). */
  headerSetOf: (method: string, path: string) => HeaderSet;
}): MiddlewareHandler {
  const sets: Record<HeaderSet, HeaderList> = {
    page: pageHeaders(cspHeaderValue(options.pagePolicy)),
    picture: PICTURE_HEADERS,
    api: API_HEADERS,
  };
  const allowed = (origin: string) => (options.allowedOrigins.has(origin) ? origin : null);
  // Preflights go through Hono's `cors`, which answers them itself; other responses get the
  // same headers set on the response, so Hono need not rebuild it.
  const preflight = cors({
    origin: allowed,
    allowHeaders: ['Content-Type', 'Authorization'],
    allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    maxAge: 600,
  });
  return async (c, next) => {
    const method = c.req.method;
    const list = sets[options.headerSetOf(method, c.req.path)];
    if (method === 'OPTIONS') {
      // As Hono's compose does with a middleware's answer.
      const answer = await preflight(c, next);
      if (answer && !c.finalized) c.res = answer;
    } else {
      await next();
    }
    const headers = c.res.headers;
    if (method !== 'OPTIONS') {
      const origin = allowed(c.req.header('Origin') ?? '');
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
      headers.append('Vary', 'Origin');
    }
    for (const [name, value] of list) headers.set(name, value);
  };
}
