/**
 * The first half of a graceful stop: stop listening and wait for the requests in flight.
 * Idle keep-alive connections are closed at once (and again as requests finish); whatever
 * still runs after `graceMs` has its connection closed, so a stop is always bounded.
 */
import type { Logger } from '../log';

/** Node's HTTP server, as much of it as a stop needs. */
export interface StoppableServer {
  close(callback: () => void): unknown;
  closeIdleConnections?(): void;
  closeAllConnections?(): void;
}

export async function stopAccepting(server: StoppableServer, graceMs: number, log: Logger): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections?.();
  // A keep-alive connection that finishes its request while we wait is idle again: close it too.
  const sweep = setInterval(() => server.closeIdleConnections?.(), 100);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
  try {
    if ((await Promise.race([closed, late])) === 'late') {
      log.child({ module: 'server' }).warn({ graceMs }, 'requests still running: closing their connections');
      server.closeAllConnections?.();
      await closed;
    }
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}
