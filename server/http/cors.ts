/**
 * CORS for the origins in CORS_ORIGINS: preflights through Hono's `cors`; other requests get
 * the same headers set on the response itself, so Hono need not rebuild it
 * (docs/performance.md, 'The empty chat poll').
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
