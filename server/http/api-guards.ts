/**
 * The request body limit, then two rules for every API call (not the app's pages and files):
 * JSON-only writes, so no page elsewhere can make a browser call the API, and `Cache-Control:
 * no-store` on the response, avatars excepted (docs/security.md, 'Input'); then compression
 * (Hono's `compress`, asked only when the answer may need it). One async layer instead of
 * four on every request, the 2 s chat poll's included (docs/performance.md, 'The empty chat
 * poll').
 */
import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Hono's `compress` default: it leaves alone a response that states a smaller length. */
const COMPRESS_THRESHOLD = 1024;
const settled = () => Promise.resolve();

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(header: string | undefined): boolean {
  // What every call of the app sends, told without splitting (the 2 s chat poll's path).
  if (header === 'application/json') return true;
  return (header ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export const JSON_ONLY = 'Content-Type must be application/json';

/**
 * The rules every request meets between the route and the response headers, in one
 * middleware: a body over `maxBodyBytes` is refused (`tooLarge`, and nothing below applies to
 * that answer); a write whose body is not JSON gets 415; the answer is marked `no-store` when
 * `isUncacheable` says it is an API call's (app.ts decides), then compressed.
 */
export function guardedAnswers(options: {
  maxBodyBytes: number;
  tooLarge: (c: Context) => Response | Promise<Response>;
  isUncacheable: (method: string, path: string) => boolean;
}) {
  const { maxBodyBytes, tooLarge, isUncacheable } = options;
  // A body of unknown length (chunked) is counted as it is read, by Hono's `bodyLimit`.
  const counting = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });
  const compressing = compress({ threshold: COMPRESS_THRESHOLD });

  const answer = async (c: Context, next: Next, method: string, hasBody: boolean) => {
    if (!READS.has(method) && !isJsonWrite(c.req.header('Content-Type'), hasBody)) {
      c.res = c.json({ message: JSON_ONLY }, 415);
    } else {
      await next();
    }
    const headers = c.res.headers;
    if (isUncacheable(method, c.req.path)) headers.set('Cache-Control', 'no-store');
    // Hono's compress returns at once for these (a HEAD, or a stated length under its threshold).
    const length = headers.get('Content-Length');
    if (method === 'HEAD' || (length && Number(length) < COMPRESS_THRESHOLD)) return;
    // Its checks and work come after its `next()`, here already done.
    await compressing(c, settled);
  };

  return createMiddleware<AppEnv>((c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return answer(c, next, method, false);
    const length = c.req.header('Content-Length');
    const chunked = c.req.header('Transfer-Encoding') !== undefined;
    const hasBody = (length !== undefined && length !== '0') || chunked;
    // The length decides when it is given, so the 2 s chat poll skips Hono's body stream (which
    // makes the Node adapter build a full web Request). Node's HTTP parser lets only digits
    // through here, and refuses a length beside chunked.
    if (length !== undefined && /^\d+$/.test(length) && !chunked) {
      return Number(length) > maxBodyBytes ? Promise.resolve(tooLarge(c)) : answer(c, next, method, hasBody);
    }
    return counting(c, () => answer(c, next, method, hasBody));
  });
}

/** A write without a body (log out everywhere with only a bearer token) has nothing to misread. */
function isJsonWrite(type: string | undefined, hasBody: boolean): boolean {
  return (type === undefined && !hasBody) || isJsonContentType(type);
}
