/**
 * Two rules for every API call (not the app's pages and files): `Cache-Control: no-store` on
 * the response, avatars excepted, and JSON-only writes, so no page elsewhere can make a
 * browser call the API (docs/security.md, 'Input'). The same middleware then compresses the
 * response (Hono's `compress`, asked only when the answer may need it): one async layer
 * instead of three on every request, the 2 s chat poll's included (docs/performance.md,
 * 'The empty chat poll').
 */
import type { Context } from 'hono';
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
 * Refuses a write whose body is not JSON (415), then marks the answer `no-store` when
 * `isUncacheable` says it is an API call's (app.ts decides), then compresses it.
 */
export function guardedAnswers(isUncacheable: (method: string, path: string) => boolean) {
  const compressing = compress({ threshold: COMPRESS_THRESHOLD });
  return createMiddleware<AppEnv>(async (c, next) => {
    const method = c.req.method;
    if (!READS.has(method) && !isJsonWrite(c)) {
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
  });
}

/** A write without a body (log out everywhere with only a bearer token) has nothing to misread. */
function isJsonWrite(c: Context): boolean {
  const type = c.req.header('Content-Type');
  const length = c.req.header('Content-Length');
  const hasBody = (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
  return (type === undefined && !hasBody) || isJsonContentType(type);
}
