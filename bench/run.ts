/**
 * `npm run bench`: builds the app, starts the reference server with demo data on a loopback
 * port, takes every measurement, writes bench/results.json and exits non-zero when a budget is
 * exceeded (docs/performance.md, 'Running the bench').
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { measureChatPoll } from './chat-poll';
import { measureChatPollLoad } from './chat-poll-load';
import { CPU_SLOWDOWN, measureLighthouse, signInDemoClient } from './lighthouse-runs';
import { measureOfflineReload } from './offline-reload';
import { measurePageWeights } from './page-weight';
import { measurePrecache } from './precache';
import { checkBudgets, formatTable, toRows } from './report';
import { SCREENS } from './screens';
import { benchDist, buildApp, repoRoot, startBenchServer } from './serve';
import { measureServerLoad } from './server-load';
import { measureSignupFlood } from './signup-flood';
import { measurePostgresLoad } from './server-load-postgres';
import { measureSlowVisits } from './slow-network';

const step = (label: string) => process.stderr.write(`bench: ${label}\n`);

/** The machine's load (1-minute average) and cores: the timings mean little on a busy machine. */
const machineLoad = () => ({ loadAverage: Number(loadavg()[0]?.toFixed(1)), cores: cpus().length });

async function main(): Promise<number> {
  const started = Date.now();
  const loadAtStart = machineLoad();
  step(`load average ${loadAtStart.loadAverage} on ${loadAtStart.cores} cores`);
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
    step(
      `Lighthouse (CPU slowdown ${CPU_SLOWDOWN}x), 3 runs each for ${SCREENS.map((screen) => screen.path).join(', ')}`,
    );
    const lighthouse = await measureLighthouse(server.url, SCREENS);
    step('slow network first visits (3 runs each)');
    const slow = await measureSlowVisits(server.url, await signInDemoClient(server.url));
    step('server load (autocannon, 127.0.0.1)');
    const load = await measureServerLoad(server.url);
    step('login during a sign-up flood (autocannon, 127.0.0.1)');
    const flood = await measureSignupFlood(server.url);

    step('server load on PostgreSQL (a throw-away cluster; one instance, then two)');
    const loadPostgres = await measurePostgresLoad();
    if (!loadPostgres)
      step('no PostgreSQL server binaries (apt-get install -y postgresql): PostgreSQL figures skipped');

    step('empty chat poll under load, PGlite and PostgreSQL (server in a child process)');
    const chatPollLoad = await measureChatPollLoad();

    const machine = { atStart: loadAtStart, atEnd: machineLoad() };
    const results = {
      measuredAt: new Date().toISOString(),
      machine,
      pages,
      precache,
      lighthouse,
      slow,
      offline,
      chat,
      load,
      chatPollLoad,
      loadPostgres,
      flood,
    };
    const rows = toRows(results);
    const failures = checkBudgets(rows);
    writeFileSync(
      join(repoRoot, 'bench', 'results.json'),
      `${JSON.stringify({ ...results, rows, failures }, null, 2)}\n`,
    );
    process.stdout.write(`${formatTable(rows)}\n`);
    step(
      `done in ${Math.round((Date.now() - started) / 1000)} s (load average ${machine.atStart.loadAverage} at start, ${machine.atEnd.loadAverage} at the end); wrote bench/results.json`,
    );
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
