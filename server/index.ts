/**
 * Starts the reference API and serves the built app on one port.
 * `node dist-server/index.js` (compiled by `npm run build`) reads the environment (see the README); tests call `startServer`.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { createDeps } from './services';
import { ensureDemoAdmin } from './console/operator-commands';
import { startSimulator } from './dispatch/simulator';
import { startPlanJobs } from './payments/plan-jobs';
import { startScheduleJobs } from './tasks/schedule-jobs';
import { startDispatchJobs } from './dispatch/dispatch-jobs';
import { startPositionJobs } from './dispatch/position-jobs';
import { startPayoutJobs } from './payouts/payout-jobs';
import type { RateLimits } from './http/rate-limit';
import { DataFolderInUse } from './db/data-lock';
import type { Lifecycle } from './http/health.routes';
import { StartRefused } from './production';
import { stopAccepting } from './http/graceful-stop';

export const DEFAULT_DIST_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export interface StartOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  dataDir?: string;
  demo?: boolean;
  simulator?: boolean;
  distDir?: string;
  log?: boolean;
  /** Rate limits other than the defaults (the e2e suite signs in many times from one address). */
  rateLimits?: RateLimits;
  /** The environment to configure from (default process.env); tests start servers side by side. */
  env?: NodeJS.ProcessEnv;
  /** How long a stop waits for requests in flight before cutting them off (default 10 s). */
  stopGraceMs?: number;
  /** How long an idle connection is kept (default 65 s). */
  keepAliveMs?: number;
  /** An https.Agent for pushes (e2e: one trusting its local fake push service's certificate). */
  pushAgent?: import('node:https').Agent;
}

export interface RunningServer {
  url: string;
  port: number;
  config: ServerConfig;
  /** With DEMO: the demo admin's e-mail and a fresh one-time password (null once they chose their own). */
  demoAdmin: { email: string; password: string | null } | null;
  /**
   * Stops gracefully: /readyz turns 503, no new connections are accepted, requests in flight
   * finish (cut off after the grace period), then the simulator and the database close.
   */
  close(): Promise<void>;
}

export const STOP_GRACE_MS = 10_000;

const KEEP_ALIVE_MS = 65_000;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const overrides: Partial<ServerConfig> = {};
  if (options.port !== undefined) overrides.port = options.port;
  if (options.host !== undefined) overrides.host = options.host;
  if (options.dataDir !== undefined) overrides.dataDir = options.dataDir;
  if (options.demo !== undefined) overrides.demo = options.demo;
  if (options.simulator !== undefined) overrides.simulator = options.simulator;
  if (options.log !== undefined) overrides.log = options.log;
  const config = loadConfig(options.env ?? process.env, overrides);
  const deps = await createDeps(config, { limits: options.rateLimits, pushAgent: options.pushAgent });
  const demoAdmin = config.demo ? await ensureDemoAdmin(deps.db, new Date()) : null;
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const hasFrontend = existsSync(join(distDir, 'index.html'));
  if (!hasFrontend)
    deps.log.child({ module: 'server' }).info({ distDir }, 'no built app: serving the API only (run npm run build)');
  const lifecycle: Lifecycle = { stopping: false };
  const app = createApp(deps, { distDir: hasFrontend ? distDir : undefined, lifecycle });
  const simulator = config.simulator ? startSimulator(deps) : undefined;
  const planJobs = startPlanJobs(deps);
  const scheduleJobs = startScheduleJobs(deps);
  const dispatchJobs = startDispatchJobs(deps);
  const positionJobs = startPositionJobs(deps);
  const payoutJobs = startPayoutJobs(deps);

  const server = await new Promise<ReturnType<typeof serve>>((resolveServer, reject) => {
    const started = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolveServer(started));
    started.once('error', reject);
  });
  // An idle connection is kept longer than a load balancer's (60 s) or a client's keep-alive:
  // with Node's 5 s, a client reusing a connection as the server drops it gets ECONNRESET.
  if ('keepAliveTimeout' in server) {
    const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
    server.keepAliveTimeout = keepAliveMs;
    server.headersTimeout = keepAliveMs + 1000;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    config,
    demoAdmin,
    close() {
      closing ??= (async () => {
        lifecycle.stopping = true;
        simulator?.stop();
        planJobs.stop();
        scheduleJobs.stop();
        dispatchJobs.stop();
        positionJobs.stop();
        payoutJobs.stop();
        await stopAccepting(server, options.stopGraceMs ?? STOP_GRACE_MS, deps.log);
        await simulator?.idle();
        await planJobs.idle();
        await scheduleJobs.idle();
        await dispatchJobs.idle();
        await positionJobs.idle();
        await payoutJobs.idle();
        await deps.db.close();
      })();
      return closing;
    },
  };
}

function isMain(): boolean {
  return process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
}

/** Closes the server gracefully (and so the embedded database, which must flush) on Ctrl-C or a stop signal, then exits 0. */
export function closeOnSignals(running: RunningServer): void {
  const stop = (signal: string) => {
    console.log(
      running.config.production
        ? JSON.stringify({ time: new Date().toISOString(), level: 'info', message: `[server] ${signal}: stopping` })
        : `\n[server] ${signal}: shutting down`,
    );
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/**
 * Starts the server as the main program. A start refused for a reason the operator must act
 * on (a configuration refused in production, a data folder another process holds) is one
 * line on stderr and exit code 1, not a stack trace.
 */
export async function startMain(start: () => Promise<RunningServer> = startServer): Promise<RunningServer> {
  try {
    return await start();
  } catch (error) {
    if (!(error instanceof StartRefused) && !(error instanceof DataFolderInUse) && !(error instanceof ConfigError))
      throw error;
    console.error(error instanceof StartRefused ? error.message : `[server] ${error.message}`);
    process.exit(1);
  }
}

if (isMain()) {
  const running = await startMain();
  closeOnSignals(running);
  console.log(
    running.config.production
      ? JSON.stringify({
          time: new Date().toISOString(),
          level: 'info',
          message: `[server] listening on ${running.url}`,
        })
      : `[server] listening on ${running.url}`,
  );
}
