/**
 * Every answer carries an `X-Request-Id` (the proxy's, when it sent a sane one, else a new
 * UUID), and in production every request is logged as one JSON line: time, request id,
 * method, path, status, duration and the signed-in user's id when known. Nothing else of
 * the request is logged: no query string, headers or body, so never a token, password,
 * recovery code or card detail.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const requestIds = new WeakMap<Request, string>();
const userIds = new WeakMap<Request, string>();

/** Called by authentication: the request's log line names the user. */
export function noteUserId(c: Context, userId: string): void {
  userIds.set(c.req.raw, userId);
}

export function requestIdOf(c: Context): string | undefined {
  return requestIds.get(c.req.raw);
}

export interface RequestLogLine {
  time: string;
  level: 'info';
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  userId?: string;
}

/** `write` receives each request's line; undefined: only the header is set. */
export function requestLog(write?: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    requestIds.set(c.req.raw, requestId);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    if (!write) return;
    const line: RequestLogLine = {
      time: new Date().toISOString(),
      level: 'info',
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    const userId = userIds.get(c.req.raw);
    if (userId) line.userId = userId;
    write(JSON.stringify(line));
  };
}
