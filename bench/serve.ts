/**
 * Builds the app into bench/.dist (never dist/) and starts the reference server on a free
 * loopback port with an in-memory database and the demo data (no driver simulator, so the
 * data stays still while it is measured).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../server/index';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../server/http/rate-limit';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const benchDist = join(repoRoot, 'bench', '.dist');

/** The driver's build's configuration (a file of its own: vite.driver.config.ts). */
const DRIVER_CONFIG = join(repoRoot, 'vite.driver.config.ts');

export function buildApp(): void {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', benchDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`vite build failed (exit ${built.status})`);
  // The signed-out screens as HTML, as `npm run build` makes them (scripts/prerender.ts).
  const prerendered = spawnSync('npx', ['tsx', 'scripts/prerender.ts', benchDist], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (prerendered.status !== 0) throw new Error(`prerender failed (exit ${prerendered.status})`);
  // The driver's app and its prerendered sign-in (the driver's slow-network row).
  const driver = spawnSync(
    'npx',
    [
      'vite',
      'build',
      `--config=${DRIVER_CONFIG}`,
      '--outDir',
      join(benchDist, 'driver'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (driver.status !== 0) throw new Error(`driver build failed (exit ${driver.status})`);
  const driverPrerendered = spawnSync('npx', ['tsx', 'scripts/prerender.ts', '--driver', benchDist], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (driverPrerendered.status !== 0) throw new Error(`driver prerender failed (exit ${driverPrerendered.status})`);
}

/** The operators' console into bench/.dist/ops, beside the app (as `npm run build` does): the board's row opens it. */
export function buildConsole(): void {
  const config = join(repoRoot, 'ops', 'vite.config.ts');
  const built = spawnSync('npx', ['vite', 'build', '-c', config, '--outDir', benchDist, '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`the console's vite build failed (exit ${built.status})`);
}

/** The load test signs in many times from 127.0.0.1: per-address limits would throttle the bench itself. */
const unlimited = { limit: 1_000_000_000, windowMs: 60_000 };
export const benchRateLimits: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  loginPerEmailAndAddress: unlimited,
  loginPerAddress: unlimited,
};

export function startBenchServer(distDir = benchDist): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    demo: true,
    simulator: false,
    log: false,
    distDir,
    rateLimits: benchRateLimits,
  });
}
