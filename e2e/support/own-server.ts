import type { Agent } from 'node:https';
import { resolve } from 'node:path';
import { test as base } from '@playwright/test';
import { startServer, type RunningServer } from '../../server/index';

/**
 * Servers of a test file's own: `startOwnServer` (refund-paystack.spec.ts, with the fake
 * Paystack's settings), and `test`, whose tests get one each (a fresh in-memory database
 * without the demo data, `baseURL` pointing at it), for the driver's journeys: on the suite's
 * shared server every task the other journeys booked and left pending is older than the
 * journey's own, so dispatch offered the journey's driver each of them first, one a round (a
 * 5 s tick, then the app's 4 s poll), and the driver declined them for one to two minutes
 * before its own offer came. One per test, not per worker: a journey leaves the pickup its
 * driver declined waiting, and the next journey on that worker's server was offered it first
 * (seen with one worker). Without `env`, the server reads the suite's settings from the
 * environment the global setup left (the operator token, the push service allowed).
 */
/**
 * A reference server of a test file's own: the built app, a fresh in-memory database without
 * the demo data, or `dataDir`, a PGlite folder the test filled beforehand (dispatcher-day.spec.ts).
 */
export function startOwnServer(
  env?: NodeJS.ProcessEnv,
  pushAgent?: Agent,
  { dataDir = 'memory://' } = {},
): Promise<RunningServer> {
  return startServer({
    port: 0,
    dataDir,
    demo: false,
    simulator: false,
    log: false,
    distDir: resolve(process.env.E2E_DIST_DIR ?? 'dist'),
    // As the shared server (e2e/global-setup.ts): the test client's pooled connections never outlive the server's.
    keepAliveMs: 600_000,
    ...(env ? { env } : {}),
    ...(pushAgent ? { pushAgent } : {}),
  });
}

export const test = base.extend<{ ownServer: RunningServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  ownServer: async ({}, use) => {
    const server = await startOwnServer();
    await use(server);
    await server.close();
  },
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});
