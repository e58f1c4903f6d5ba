/**
 * Every response carries an `X-Request-Id` (Hono's request-id middleware: the proxy's when it
 * sent a plain one, else a new UUID), and in production every request is one log line: time,
 * request id, method, path, status, duration and the signed-in user's id when known. Nothing
 * else of the request is logged (no query, headers or body), so never a token or password.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { LogRequest } from '../log';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const userIds = new WeakMap<Request, string>();

/** Called by authentication: the request's log line names the user. */
export function noteUserId(c: Context, userId: string): void {
  userIds.set(c.req.raw, userId);
}

export function requestIdOf(c: Context): string | undefined {
  return c.get('requestId' as never) as string | undefined;
}

/** The request id (always) and, with `write`, the request's log line. */
export function requestLog(write?: LogRequest): MiddlewareHandler[] {
  const timing: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const id = requestIdOf(c);
    // A response built outside Hono's context (static files) still says its id.
    if (id && !c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, id);
    if (!write) return;
    const userId = userIds.get(c.req.raw);
    write({
      requestId: id,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(userId ? { userId } : {}),
    });
  };
  return [requestId({ headerName: REQUEST_ID_HEADER, limitLength: 128 }), timing];
}
