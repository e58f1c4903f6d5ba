/**
 * CORS for the origins in CORS_ORIGINS. Preflights (OPTIONS) are Hono's `cors` middleware.
 * Other requests get what that middleware would add, `Access-Control-Allow-Origin` for an
 * allowed origin and `Vary: Origin` always, set on the response's own headers: the middleware
 * adds `Vary` with `c.header()` once the response is made, which makes Hono rebuild it as a
 * stream that the Node adapter then reads back chunk by chunk, a cost paid by every call
 * (about a sixth of the 2 s chat poll's CPU time).
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export function corsFor(allowedOrigins: ReadonlySet<string>): MiddlewareHandler {
  const allowed = (origin: string) => (allowedOrigins.has(origin) ? origin : null);
  const preflight = cors({
    origin: allowed,
    allowHeaders: ['Content-Type', 'Authorization'],
    allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
    maxAge: 600,
  });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const origin = allowed(c.req.header('Origin') ?? '');
    if (origin) c.res.headers.set('Access-Control-Allow-Origin', origin);
    c.res.headers.append('Vary', 'Origin');
  };
}
