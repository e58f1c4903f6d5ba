/**
 * Every response carries an `X-Request-Id` (Hono's request-id middleware: the proxy's when it
 * sent a plain one, else a new UUID), and every line logged while the request is handled
 * carries it as `requestId` (server/log.ts). In production each request is also one access
 * line: method, path, status, duration and the signed-in user's id when known. Nothing else
 * of the request is logged (no query, headers or body), so never a token or password.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { requestId } from 'hono/request-id';
import { inRequest, type Logger } from '../log';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Called by authentication: the request's access line names the user (a context variable, cheaper than a WeakMap). */
export function noteUserId<E extends AppEnv>(c: Context<E>, userId: string): void {
  c.set('userId', userId);
}

export function requestIdOf<E extends AppEnv>(c: Context<E>): string | undefined {
  return c.get('requestId');
}

/** A response built outside Hono's context (static files) still says its id. */
function sayId(c: Context<AppEnv>): void {
  const id = requestIdOf(c);
  if (id && !c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, id);
}

/**
 * The request id (always); with a logger that writes anything, the id on its lines; with
 * `accessLines`, the access line at info. One middleware either way (every async layer is
 * paid by each 2 s chat poll: docs/performance.md, 'The empty chat poll').
 */
export function requestLog(log: Logger, options: { accessLines: boolean }): MiddlewareHandler<AppEnv> {
  // node:crypto's UUID: the same v4 ids without webcrypto's receiver check on every request.
  const ids = requestId({ headerName: REQUEST_ID_HEADER, limitLength: 128, generator: () => randomUUID() });
  // A silent logger (LOG=0, the bench) skips the request's scope altogether.
  if (log.level === 'silent')
    return (c, next) =>
      ids(c, async () => {
        await next();
        sayId(c);
      });
  return (c, next) =>
    ids(c, () =>
      inRequest(requestIdOf(c) ?? '-', async () => {
        // Above info (a level set at run time) the access line costs this one check.
        const timed = options.accessLines && log.isLevelEnabled('info');
        const started = timed ? performance.now() : 0;
        await next();
        sayId(c);
        if (!timed) return;
        log.info({
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          userId: c.get('userId'),
        });
      }),
    );
}
