/**
 * The headers every response gets from the app itself, set in one middleware after the route
 * has answered: the security headers (a page's full set, the API's short one, the avatars'
 * cross-origin one) and CORS. Each set is what Hono's `secureHeaders` writes for its options,
 * read once from a probe response at the first request and then copied onto each response: the
 * 2 s chat poll pays for a handful of `Headers.set` calls and one async layer, not four
 * (docs/performance.md, 'The empty chat poll'; tests/server/response-headers.test.ts keeps every
 * response's set exact).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';

type HeaderList = readonly (readonly [name: string, value: string])[];
type HeaderSet = 'page' | 'picture' | 'api';
type Directives = Readonly<Record<string, string[]>>;

const NOTHING_RENDERED: Directives = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/** The options of each set, for Hono's `secureHeaders`. */
function setOptions(pagePolicy: Directives): Record<HeaderSet, Parameters<typeof secureHeaders>[0]> {
  return {
    page: { contentSecurityPolicy: pagePolicy, crossOriginEmbedderPolicy: false },
    // API answers and the static files are never run under their own policy, so a short one
    // does (it saves about 1.3 kB on each 2 s chat poll and on each of the 20-odd chunks a screen loads).
    api: {
      contentSecurityPolicy: NOTHING_RENDERED,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    },
    // Avatars and driver photos may be shown by the app on another origin (VITE_API_URL).
    picture: {
      contentSecurityPolicy: NOTHING_RENDERED,
      crossOriginResourcePolicy: 'cross-origin',
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
    },
  };
}

/** The headers `secureHeaders` puts on an empty response for these options. */
async function headersOf(options: Parameters<typeof secureHeaders>[0]): Promise<HeaderList> {
  const probe = new Hono();
  probe.use('*', secureHeaders(options));
  probe.get('*', (c) => c.body(null));
  return [...(await probe.request('http://probe/')).headers];
}

async function readSets(pagePolicy: Directives): Promise<Record<HeaderSet, HeaderList>> {
  const options = setOptions(pagePolicy);
  const [page, api, picture] = await Promise.all([
    headersOf(options.page),
    headersOf(options.api),
    headersOf(options.picture),
  ]);
  return { page, api, picture };
}

export function responseHeaders(options: {
  /** The pages' Content-Security-Policy (server/http/csp.ts). */
  pagePolicy: Directives;
  allowedOrigins: ReadonlySet<string>;
  /** Which set a request's response gets (app.ts decides from the method and path). */
  headerSetOf: (method: string, path: string) => HeaderSet;
}): MiddlewareHandler {
  const reading = readSets(options.pagePolicy);
  let sets: Record<HeaderSet, HeaderList> | undefined;
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
    const kind = options.headerSetOf(method, c.req.path);
    if (method === 'OPTIONS') {
      // As Hono's compose does with a middleware's answer.
      const answer = await preflight(c, next);
      if (answer && !c.finalized) c.res = answer;
    } else {
      await next();
    }
    sets ??= await reading;
    const headers = c.res.headers;
    if (method !== 'OPTIONS') {
      const origin = allowed(c.req.header('Origin') ?? '');
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
      headers.append('Vary', 'Origin');
    }
    for (const [name, value] of sets[kind]) headers.set(name, value);
  };
}
