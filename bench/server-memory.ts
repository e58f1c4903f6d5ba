/**
 * The server's memory (docs/performance.md, 'The server's memory'): one instance as production
 * runs it (the compiled bundle, `node <SERVER_NODE_FLAGS> dist-server/index.js`, the built app
 * served beside the API, PGlite embedded, demo data, a fresh data folder: its first start), its resident set size
 * (VmRSS in /proc) once it has started and idled, then after a run of many clients, and its
 * peak (VmHWM). Linux only (it reads /proc). Runs on its own too: `npx tsx bench/server-memory.ts`
 * (after `npm run build`; it then serves dist/).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS, buildServer } from '../scripts/build-server';
import { findPostgresBin, startThrowawayPostgres } from '../scripts/throwaway-postgres';
import { emptyPoll } from './chat-poll-load';
import type { Row } from './report';
import { repoRoot } from './serve';

/**
 * Shorter than the 10 minutes of 500 clients: the same clients for a minute
 * (`BENCH_MEMORY_SECONDS=600` runs the ten minutes). A client with a chat open asks every 2 s;
 * these ask once a second each (500 requests a second in all).
 */
export const MEMORY_LOAD = {
  connections: 500,
  requestsPerSecond: 500,
  durationSeconds: Number(process.env.BENCH_MEMORY_SECONDS) || 60,
  settleMs: 10_000,
};

/**
 * The allocator setting docs/operations.md gives for production (glibc reads it when the
 * process starts): large blocks are always mapped on their own and given back when freed.
 */
const PRODUCTION_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };
const TARGET_MB = 150;

export interface ServerMemoryRun {
  afterStartMb: number;
  afterLoadMb: number;
  peakMb: number;
  requests: number;
  failed: number;
}

export interface ServerMemory {
  pglite: ServerMemoryRun;
  /** The same server on a throw-away PostgreSQL (DATABASE_URL): what the server itself holds; null without PostgreSQL. */
  postgres: ServerMemoryRun | null;
}

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no ${field} for process ${pid}`);
  return Math.round(Number(kb) / 1024);
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * `distDir`: the built app to serve; the compiled server finds it as `../dist` beside its bundle.
 * `databaseUrl`: PostgreSQL instead of PGlite.
 */
async function measureOnce(distDir: string, databaseUrl = ''): Promise<ServerMemoryRun> {
  const work = mkdtempSync(join(tmpdir(), 'greenpick-memory-'));
  try {
    const serverDir = join(work, 'server');
    await buildServer(serverDir);
    symlinkSync(distDir, join(work, 'dist'));
    // The bundle leaves npm packages as imports: they resolve from the repository's node_modules.
    symlinkSync(join(repoRoot, 'node_modules'), join(work, 'node_modules'));
    const dataDir = join(work, 'data');
    mkdirSync(dataDir);
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(serverDir, 'index.js')], {
      cwd: work,
      env: {
        ...process.env,
        ...PRODUCTION_MALLOC_ENV,
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        DEMO: '1',
        SIMULATOR: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
          const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
          if (listening?.[1]) resolveUrl(listening[1]);
        });
        void exited.then(() => reject(new Error('the server exited before listening')));
      });
      const pid = child.pid!;
      await sleep(MEMORY_LOAD.settleMs);
      const afterStartMb = statusMb(pid, 'VmRSS');

      // Each client polls its chat, reads its account and opens the login page, in turn.
      const { token, body } = await emptyPoll(url);
      const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
      const result = await autocannon({
        url,
        connections: MEMORY_LOAD.connections,
        overallRate: MEMORY_LOAD.requestsPerSecond,
        duration: MEMORY_LOAD.durationSeconds,
        requests: [
          { method: 'POST', path: '/client/getMessages', headers, body: JSON.stringify(body) },
          { method: 'POST', path: '/client/userdata', headers, body: '{}' },
          { method: 'GET', path: '/login', headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } },
        ],
      });
      const failed = result.errors + result.timeouts + result.non2xx;
      if (failed > 0)
        process.stderr.write(
          `bench: server memory run: ${failed} requests failed (${result.timeouts} time-outs; answers by status: ${JSON.stringify(result.statusCodeStats)})\n`,
        );
      await sleep(MEMORY_LOAD.settleMs);
      return {
        afterStartMb,
        afterLoadMb: statusMb(pid, 'VmRSS'),
        peakMb: statusMb(pid, 'VmHWM'),
        requests: result.requests.total,
        failed,
      };
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function measureServerMemory(distDir: string): Promise<ServerMemory> {
  const pglite = await measureOnce(distDir);
  if (!findPostgresBin()) return { pglite, postgres: null };
  const cluster = await startThrowawayPostgres();
  try {
    return { pglite, postgres: await measureOnce(distDir, cluster.url) };
  } finally {
    cluster.stop();
  }
}

export function serverMemoryRows({ pglite, postgres }: ServerMemory): Row[] {
  return [
    ...runRows('PGlite, demo data, first start', pglite, true),
    ...(postgres ? runRows('PostgreSQL, demo data, first start', postgres, false) : []),
  ];
}

function runRows(database: string, memory: ServerMemoryRun, withBudget: boolean): Row[] {
  const label = `server RSS (${database})`;
  const budget = withBudget ? { budget: { op: '<=' as const, limit: TARGET_MB } } : {};
  const load = `${MEMORY_LOAD.connections} clients (${MEMORY_LOAD.requestsPerSecond} req/s) for ${MEMORY_LOAD.durationSeconds} s`;
  return [
    { figure: `${label}: after start`, value: memory.afterStartMb, unit: 'MB', ...budget },
    {
      figure: `${label}: after ${load}`,
      value: memory.afterLoadMb,
      unit: 'MB',
      ...budget,
    },
    { figure: `${label}: peak`, value: memory.peakMb, unit: 'MB' },
    { figure: `${label}: requests answered`, value: memory.requests, unit: '' },
    { figure: `${label}: failed requests`, value: memory.failed, unit: '' },
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const memory = await measureServerMemory(resolve(process.argv[2] ?? join(repoRoot, 'dist')));
  for (const row of serverMemoryRows(memory)) process.stdout.write(`${row.figure}: ${row.value ?? '-'} ${row.unit}\n`);
}
