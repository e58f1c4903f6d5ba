/**
 * The booking form's reads started by the page's inline script (index.html) before the app's
 * code has arrived: on a slow network the form would otherwise ask for them only once that
 * code has run, one more round trip after it (docs/performance.md, 'The booking screen').
 * The app's HTTP client asks through `withEarlyReads`: a request the script already made
 * (same method, path, token and body) takes that answer, once; every other request, and any
 * after the first few seconds, goes to the network as before.
 */

export interface EarlyRead {
  /** The Authorization header the script sent. */
  auth: string;
  /** The JSON body it sent ('' for a GET). */
  body: string;
  response: Promise<Response>;
}

export interface EarlyReads {
  /** When the script started them (Date.now()). */
  at: number;
  /** By 'METHOD /path'. */
  reads: Record<string, EarlyRead | undefined>;
}

/** Older than this, an answer is not taken: it belongs to the page's first screen, not to a later visit of the form. */
export const EARLY_READ_MAX_AGE_MS = 30_000;

/**
 * A fetch for ky that answers a request the inline script made already from its response;
 * `source` reads what the script left (none: every request goes to `fetchFn`).
 */
export function withEarlyReads(
  fetchFn: typeof globalThis.fetch,
  source: () => EarlyReads | undefined,
  now: () => number = Date.now,
): typeof globalThis.fetch {
  return async (input, init) => {
    const early = source();
    if (early && input instanceof Request && now() - early.at <= EARLY_READ_MAX_AGE_MS) {
      const url = new URL(input.url);
      const key = `${input.method} ${url.pathname}`;
      const read = early.reads[key];
      if (
        read &&
        url.origin === globalThis.location?.origin &&
        url.search === '' &&
        input.headers.get('Authorization') === read.auth &&
        (await input.clone().text()) === read.body
      ) {
        early.reads[key] = undefined;
        return read.response;
      }
    }
    return fetchFn(input, init);
  };
}

/** What the inline script left on the window. */
export function pageEarlyReads(): EarlyReads | undefined {
  return (globalThis as { __earlyReads?: EarlyReads }).__earlyReads;
}
