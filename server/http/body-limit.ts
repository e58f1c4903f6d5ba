/**
 * The request body limit, decided from the headers whenever they tell the size. Hono's
 * `bodyLimit` asks for the request's body stream first, which makes the Node adapter build a
 * full web `Request` (a ReadableStream over the socket, an AbortController) for every call
 * with a body, the 2 s chat poll included, and reads the body through it; with the size in
 * `Content-Length`, that work is skipped and the route reads the body directly. GET and
 * HEAD carry no body. A body of unknown length (chunked, or a web Request made in a test)
 * still goes through Hono's middleware, which counts its bytes.
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
