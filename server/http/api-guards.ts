/**
 * Two rules for every API call (not the app's pages and files): `Cache-Control: no-store` on
 * the response, avatars excepted, and JSON-only writes, so no page elsewhere can make a
 * browser call the API (docs/security.md, 'Input').
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `isUncacheable` tells which requests are API calls whose responses must not be stored (app.ts decides). */
export function noStoreResponses(isUncacheable: (method: string, path: string) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (isUncacheable(c.req.method, c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
  });
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(header: string | undefined): boolean {
  // What every call of the app sends, told without splitting (the 2 s chat poll's path).
  if (header === 'application/json') return true;
  return (header ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export const JSON_ONLY = 'Content-Type must be application/json';

export function requireJsonBody() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!READS.has(c.req.method)) {
      const type = c.req.header('Content-Type');
      const length = c.req.header('Content-Length');
      const hasBody = (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
      // A write without a body (log out everywhere with only a bearer token) has nothing to misread.
      if ((type !== undefined || hasBody) && !isJsonContentType(type)) return c.json({ message: JSON_ONLY }, 415);
    }
    await next();
  });
}
