/**
 * `npm run bench`: builds the app into bench/.dist, starts the reference server with demo
 * data on a free loopback port, measures (page weights, precache, Lighthouse, offline
 * reload, chat polling, server load on PGlite and on PostgreSQL with one and two instances,
 * login during a sign-up flood), prints one figure a row, writes bench/results.json,
 * and exits non-zero when a budget is exceeded.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureChatPoll } from './chat-poll';
import { measureLighthouse } from './lighthouse-runs';
import { measureOfflineReload } from './offline-reload';
import { measurePageWeights } from './page-weight';
import { measurePrecache } from './precache';
import { checkBudgets, formatTable, toRows } from './report';
import { benchDist, buildApp, repoRoot, startBenchServer } from './serve';
import { measureServerLoad } from './server-load';
import { measureSignupFlood } from './signup-flood';
import { measurePostgresLoad } from './server-load-postgres';

const step = (label: string) => process.stderr.write(`bench: ${label}\n`);

async function main(): Promise<number> {
  const started = Date.now();
  step('building the app into bench/.dist');
  buildApp();
  const precache = measurePrecache(benchDist);
  step('starting the reference server');
  const server = await startBenchServer();
  try {
    step('page weights (headless Chromium)');
    const pages = await measurePageWeights(server.url);
    step('offline reload');
    const offline = await measureOfflineReload(server.url);
    step('chat poll');
    const chat = await measureChatPoll(server.url);
    step('Lighthouse, 3 runs each for / and /client/home');
    const lighthouse = await measureLighthouse(server.url);
    step('server load (autocannon, 127.0.0.1)');
    const load = await measureServerLoad(server.url);
    step('login during a sign-up flood (autocannon, 127.0.0.1)');
    const flood = await measureSignupFlood(server.url);

    step('server load on PostgreSQL (a throw-away cluster; one instance, then two)');
    const loadPostgres = await measurePostgresLoad();
    if (!loadPostgres) step('no PostgreSQL server binaries (apt-get install -y postgresql): PostgreSQL figures skipped');

    const results = { measuredAt: new Date().toISOString(), pages, precache, lighthouse, offline, chat, load, loadPostgres, flood };
    const rows = toRows(results);
    const failures = checkBudgets(rows);
    writeFileSync(join(repoRoot, 'bench', 'results.json'), `${JSON.stringify({ ...results, rows, failures }, null, 2)}\n`);
    process.stdout.write(`${formatTable(rows)}\n`);
    step(`done in ${Math.round((Date.now() - started) / 1000)} s; wrote bench/results.json`);
    if (failures.length > 0) {
      process.stderr.write(`Over budget:\n${failures.map((failure) => `  - ${failure}`).join('\n')}\n`);
      return 1;
    }
    return 0;
  } finally {
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
