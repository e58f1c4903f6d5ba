/**
 * For load balancers and orchestrators: GET /healthz answers 200 while the process serves;
 * GET /readyz answers 200 when the database answers (within 2 s) and 503 when it does not;
 * once the server is stopping its listener is closed, and a request still arriving on an open
 * keep-alive connection gets 503 too.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { pingDatabase } from '../db/health';

export interface Lifecycle {
  /** Set when a stop signal arrived: in-flight requests finish, new ones should go elsewhere. */
  stopping: boolean;
}

export const READY_TIMEOUT_MS = 2_000;

export function healthRoutes(lifecycle: Lifecycle): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
  routes.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (lifecycle.stopping) return c.json({ status: 'stopping' }, 503);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        pingDatabase(c.var.deps.db),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS))),
      ]);
      return c.json({ status: 'ready' });
    } catch (error) {
      c.var.deps.log.child({ module: 'readyz' }).warn({ err: error }, 'the database does not answer');
      return c.json({ status: 'unavailable', message: 'The database does not answer' }, 503);
    } finally {
      clearTimeout(timer);
    }
  });
  return routes;
}
