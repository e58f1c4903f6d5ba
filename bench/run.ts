/**
 * `npm run bench`: builds the app, starts the reference server with demo data on a loopback
 * port, takes every measurement, writes bench/results.json and exits non-zero when a budget is
 * exceeded (docs/performance.md, 'Running the bench').
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { measureChatPoll } from './chat-poll';
import { consoleBoardRows, measureConsoleBoard } from './console-board';
import { driverDataRows, measureDriverData } from './driver-data';
import { chatPollLoadRows, measureChatPollLoad } from './chat-poll-load';
import { CPU_SLOWDOWN, measureLighthouse, signInDemoClient } from './lighthouse-runs';
import { measureOfflineReload } from './offline-reload';
import { measurePageWeights } from './page-weight';
import { measurePrecache } from './precache';
import { checkBudgets, formatTable, toRows } from './report';
import { SCREENS, screenRows } from './screens';
import { benchDist, buildApp, buildConsole, repoRoot, startBenchServer } from './serve';
import { measureServerLoad } from './server-load';
import { measureSignupFlood } from './signup-flood';
import { measurePostgresLoad } from './server-load-postgres';
import { measurePositionsFlood, positionsFloodRows } from './positions-flood';
import { measureSlowVisits, slowVisitRows } from './slow-network';
import { measureServerMemory, serverMemoryRows } from './server-memory';
import type { Row } from './report';

const step = (label: string) => process.stderr.write(`bench: ${label}\n`);

/** The machine's load (1-minute average) and cores: the timings mean little on a busy machine. */
const machineLoad = () => ({ loadAverage: Number(loadavg()[0]?.toFixed(1)), cores: cpus().length });

/**
 * `BENCH_ONLY=slow,memory,poll,lighthouse,positions,driver,board npm run bench`: the build (unless
 * only `poll` or `positions`), then only these parts (the slow-network first visits, the server's
 * memory, the empty chat poll under load, Lighthouse, one driver's position flood, a driver's data
 * on a task, the console's board among 2,000 open tasks), their rows and budgets; results.json
 * says it is partial.
 * `BENCH_SCREENS=/,/client/create` limits Lighthouse to those screens.
 */
const PARTS = {
  slow: 'slow',
  memory: 'memory',
  poll: 'poll',
  lighthouse: 'lighthouse',
  positions: 'positions',
  driver: 'driver',
  board: 'board',
} as const;
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);

/** Prints and records the rows, and says whether every budget among them held. */
function report(results: object, rows: Row[]): number {
  const failures = checkBudgets(rows);
  writeFileSync(
    join(repoRoot, 'bench', 'results.json'),
    `${JSON.stringify({ ...results, rows, failures }, null, 2)}\n`,
  );
  process.stdout.write(`${formatTable(rows)}\n`);
  if (failures.length > 0) {
    process.stderr.write(`Over budget:\n${failures.map((failure) => `  - ${failure}`).join('\n')}\n`);
    return 1;
  }
  return 0;
}

async function partial(started: number, loadAtStart: ReturnType<typeof machineLoad>): Promise<number> {
  for (const part of ONLY)
    if (!(part in PARTS)) throw new Error(`BENCH_ONLY: no part '${part}' (${Object.keys(PARTS).join(', ')})`);
  // The poll under load needs no build (the API answers it).
  if (
    ONLY.has(PARTS.slow) ||
    ONLY.has(PARTS.memory) ||
    ONLY.has(PARTS.lighthouse) ||
    ONLY.has(PARTS.driver) ||
    ONLY.has(PARTS.board)
  ) {
    step('building the app into bench/.dist');
    buildApp();
  }
  const rows: Row[] = [];
  const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), partial: [...ONLY] };
  if (ONLY.has(PARTS.slow)) {
    const server = await startBenchServer();
    try {
      step('slow network first visits (3 runs each)');
      const slow = await measureSlowVisits(server.url, await signInDemoClient(server.url));
      results.slow = slow;
      rows.push(...slowVisitRows(slow));
    } finally {
      await server.close();
    }
  }
  if (ONLY.has(PARTS.lighthouse)) {
    const only = (process.env.BENCH_SCREENS ?? '').split(',').filter(Boolean);
    const screens = only.length > 0 ? SCREENS.filter((screen) => only.includes(screen.path)) : SCREENS;
    const server = await startBenchServer();
    try {
      step(
        `Lighthouse (CPU slowdown ${CPU_SLOWDOWN}x), 3 runs each for ${screens.map((screen) => screen.path).join(', ')}`,
      );
      const lighthouse = await measureLighthouse(server.url, screens);
      results.lighthouse = lighthouse;
      rows.push(...screenRows(lighthouse));
    } finally {
      await server.close();
    }
  }
  if (ONLY.has(PARTS.poll)) {
    step('empty chat poll under load, PGlite and PostgreSQL (server in a child process)');
    const chatPollLoad = await measureChatPollLoad();
    results.chatPollLoad = chatPollLoad;
    rows.push(...chatPollLoadRows(chatPollLoad));
  }
  if (ONLY.has(PARTS.positions)) {
    step("others' task list during one driver's position flood, PGlite and two PostgreSQL instances");
    const positionsFlood = await measurePositionsFlood();
    results.positionsFlood = positionsFlood;
    rows.push(...positionsFloodRows(positionsFlood));
  }
  if (ONLY.has(PARTS.driver)) {
    step("a driver on a task: the driver's app's data for 2 minutes, scaled to an hour");
    const driverData = await measureDriverData(benchDist);
    results.driverData = driverData;
    rows.push(...driverDataRows(driverData));
  }
  if (ONLY.has(PARTS.memory)) {
    step('server memory (the compiled server in a process of its own, first start, then many clients)');
    const memory = await measureServerMemory(benchDist);
    results.memory = memory;
    rows.push(...serverMemoryRows(memory));
  }
  if (ONLY.has(PARTS.board)) {
    step("the console's board among 2,000 open tasks (headless Chromium, 3 runs)");
    buildConsole();
    const board = await measureConsoleBoard(benchDist);
    results.consoleBoard = board;
    rows.push(...consoleBoardRows(board));
  }
  results.machine = { atStart: loadAtStart, atEnd: machineLoad() };
  const code = report(results, rows);
  step(
    `done in ${Math.round((Date.now() - started) / 1000)} s (load average ${loadAtStart.loadAverage} at start, ${machineLoad().loadAverage} at the end)`,
  );
  return code;
}

async function main(): Promise<number> {
  const started = Date.now();
  const loadAtStart = machineLoad();
  step(`load average ${loadAtStart.loadAverage} on ${loadAtStart.cores} cores`);
  if (ONLY.size > 0) return partial(started, loadAtStart);
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

    step("others' task list during one driver's position flood, PGlite and two PostgreSQL instances");
    const positionsFlood = await measurePositionsFlood();

    step('server memory (the compiled server in a process of its own, first start, then many clients)');
    const memory = await measureServerMemory(benchDist);

    step("the console's board among 2,000 open tasks (headless Chromium, 3 runs)");
    buildConsole();
    const consoleBoard = await measureConsoleBoard(benchDist);

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
      positionsFlood,
      memory,
      consoleBoard,
    };
    const code = report(results, [
      ...toRows(results),
      ...positionsFloodRows(positionsFlood),
      ...consoleBoardRows(consoleBoard),
    ]);
    step(
      `done in ${Math.round((Date.now() - started) / 1000)} s (load average ${machine.atStart.loadAverage} at start, ${machine.atEnd.loadAverage} at the end); wrote bench/results.json`,
    );
    return code;
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
