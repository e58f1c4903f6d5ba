/**
 * `npm start`: builds the app when dist/ is missing or older than its sources, then serves
 * the app and the API with demo data (DEMO defaults to on here, except in production) and
 * prints how to sign in.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_DRIVERS, DEMO_DRIVER_PASSWORD, DEMO_EMAIL, DEMO_PASSWORD } from './db/demo';
import { DEFAULT_DIST_DIR, closeOnSignals, startMain, startServer } from './index';

const ROOT = resolve(DEFAULT_DIST_DIR, '..');
const SOURCES = [
  'src',
  'sw',
  'public',
  'driver',
  'ops',
  'index.html',
  'scripts/prerender.ts',
  'scripts/prerender-driver.tsx',
  'vite.config.ts',
  'vite.driver.config.ts',
  'manifest.webmanifest',
  'package.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** The compiled server (dist-server/, what `npm run ops` runs) when missing or older than its sources. */
async function buildServerIfNeeded(): Promise<void> {
  const { SERVER_OUT_DIR, buildServer } = await import('../scripts/build-server');
  const builtAt = newestMtime(join(SERVER_OUT_DIR, 'cli.js'));
  if (builtAt > Math.max(newestMtime(join(ROOT, 'server')), newestMtime(join(ROOT, 'src/shared')))) return;
  await buildServer();
}

async function buildIfNeeded(): Promise<void> {
  await buildServerIfNeeded();
  const builtAt = newestMtime(join(DEFAULT_DIST_DIR, 'index.html'));
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(ROOT, source))));
  if (builtAt > changedAt) return;
  console.log('[start] building the app (vite build)...');
  const { build } = await import('vite');
  // Vite's build sets process.env.NODE_ENV to 'production' in this process; the server must
  // see what the operator set (production mode refuses the demo), so it is put back.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ root: ROOT, logLevel: 'warn' });
    // The signed-out screens as HTML, as `npm run build` makes them.
    const { prerender, prerenderDriver } = await import('../scripts/prerender');
    await prerender(DEFAULT_DIST_DIR);
    // The operators' console and the driver's app, builds of their own (dist/ops/, dist/driver/).
    await build({ configFile: join(ROOT, 'ops/vite.config.ts'), logLevel: 'warn' });
    await build({ configFile: join(ROOT, 'vite.driver.config.ts'), logLevel: 'warn' });
    await prerenderDriver(DEFAULT_DIST_DIR);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

const startedAt = Date.now();
// The demo data is refused in production, so it is only a default outside production.
if (process.env.NODE_ENV !== 'production') process.env.DEMO ??= '1';
await buildIfNeeded();
const running = await startMain(startServer);
closeOnSignals(running);
const demo = running.config.demo;
// The driver API's demo accounts (docs/driver.md); the simulator plays each until someone signs in as it.
const demoDrivers = Object.values(DEMO_DRIVERS)
  .map(
    (driver) => `  Demo driver: ${driver.phone} / ${DEMO_DRIVER_PASSWORD} (${driver.firstname} ${driver.lastname})\n`,
  )
  .join('');
const admin = running.demoAdmin;
const consoleLine = admin
  ? `  Operator console: ${running.url}/ops/   demo admin: ${admin.email} / ${admin.password ?? '(the password they chose)'}${admin.password ? ' (one-time: choose your own at the first sign-in)' : ''}\n`
  : `  Operator console: ${running.url}/ops/   (first admin: npm run ops -- add-operator you@company.ng admin)\n`;
const simulatorLine = running.config.simulator
  ? '  Simulator: on (it plays the demo drivers nobody signed in as; SIMULATOR=0 npm start turns it off)\n'
  : '  Simulator: off (SIMULATOR=1 turns it on)\n';
console.log(`
  GreenPick is running at ${running.url}   (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)
${demo ? `  Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n${demoDrivers}` : ''}  Data: ${running.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : running.config.dataDir}
${consoleLine}${demo ? simulatorLine : ''}  Press Ctrl-C to stop.
`);
