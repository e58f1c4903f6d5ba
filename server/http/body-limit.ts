/**
 * The request body limit, decided from `Content-Length` when it is given, so the frequent chat
 * poll skips Hono's body stream; a body of unknown length still goes through Hono's
 * `bodyLimit` (docs/performance.md, 'The empty chat poll').
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const counting = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('Content-Length');
    // Node's HTTP parser lets only digits through here (and refuses a length beside chunked).
    if (length !== undefined && /^\d+$/.test(length) && c.req.header('Transfer-Encoding') === undefined) {
      return Number(length) > maxSize ? onError(c) : next();
    }
    return counting(c, next);
  };
}
