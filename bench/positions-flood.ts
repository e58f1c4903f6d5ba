/**
 * One driver's position flood against everyone else (issue 62; docs/performance.md, 'A
 * driver's position flood'): FLOOD_LOOPS loops send the same driver's 500-point batches as fast
 * as they are answered for FLOOD_SECONDS, while the demo client reads its tasks
 * (`POST /client/task`) one call after another; the client's p95 before and during the flood.
 * On PGlite (a server in a process of its own) and, when installed, on two instances sharing a
 * throw-away PostgreSQL (the flood and the reads split across both). The token bucket per
 * driver answers most batches 429 at the cost of one upsert. Runs on its own too:
 * `npx tsx bench/positions-flood.ts` (BENCH_FLOOD_LOOPS, BENCH_FLOOD_SECONDS: fewer on a busy machine).
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_DRIVERS, DEMO_DRIVER_PASSWORD, DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import type { LoginResponse, UserDataResponse } from '../src/shared/contract';
import { findPostgresBin, startThrowawayPostgres } from '../scripts/throwaway-postgres';
import type { Row } from './report';
import { startApiProcess } from './chat-poll-load';
import { createBenchDatabase, startInstance, stopInstance } from './server-load-postgres';
import { post } from './server-load';

const LOOPS = Number(process.env.BENCH_FLOOD_LOOPS ?? 20);
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const BASELINE_SECONDS = 5;
/** Others' p95 during the flood must stay under this. */
const P95_BUDGET_MS = 100;

export interface ReadFigures {
  calls: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface FloodFigures {
  before: ReadFigures;
  during: ReadFigures;
  batches: { sent: number; refused: number };
}

export interface PositionsFlood {
  loops: number;
  seconds: number;
  pglite: FloodFigures;
  /** null when PostgreSQL is not installed here. */
  postgresTwoInstances: FloodFigures | null;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;

/** The demo client's task list, read one call after another on `urls` in turn for `seconds`. */
async function readTasks(urls: string[], seconds: number): Promise<ReadFigures> {
  const sessions = await Promise.all(
    urls.map(async (url) => {
      const token = (await post<LoginResponse>(url, '/client/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD }))
        .data;
      const user = (await post<UserDataResponse>(url, '/client/userdata', {}, token)).data;
      return { url, token, userId: user._id };
    }),
  );
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  for (let call = 0; Date.now() < end; call += 1) {
    const session = sessions[call % sessions.length]!;
    const started = performance.now();
    await post(session.url, '/client/task', { userId: session.userId }, session.token);
    times.push(performance.now() - started);
  }
  const sorted = times.toSorted((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    calls: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

/** A 500-point batch a few metres apart in Yaba, taken over the last 500 seconds (all plausible). */
function batch(): string {
  const now = Date.now();
  const points = Array.from({ length: 500 }, (_, index) => ({
    lat: DEMO_DRIVERS.yaba.lat + index * 0.00001,
    lng: DEMO_DRIVERS.yaba.lng,
    accuracy: 10,
    at: new Date(now - (500 - index) * 1000).toISOString(),
  }));
  return JSON.stringify({ points });
}

async function flood(urls: string[]): Promise<FloodFigures> {
  const token = (
    await post<{ data: string }>(urls[0]!, '/driver/login', {
      phone: DEMO_DRIVERS.yaba.phone,
      password: DEMO_DRIVER_PASSWORD,
    })
  ).data;
  const before = await readTasks(urls, BASELINE_SECONDS);
  const body = batch();
  const loops = urls.map((url, index) =>
    autocannon({
      url: new URL('/driver/positions', url).href,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body,
      // The loops split across the instances.
      connections: Math.max(1, Math.round(LOOPS / urls.length) + (index === 0 ? LOOPS % urls.length : 0)),
      duration: SECONDS,
    }),
  );
  const [during, ...floods] = await Promise.all([readTasks(urls, SECONDS - 1), ...loops]);
  return {
    before,
    during,
    batches: {
      sent: floods.reduce((sum, result) => sum + result.requests.total, 0),
      refused: floods.reduce((sum, result) => sum + (result.statusCodeStats['429']?.count ?? 0), 0),
    },
  };
}

export async function measurePositionsFlood(): Promise<PositionsFlood> {
  const server = await startApiProcess({ DATABASE_URL: '' });
  let pglite: FloodFigures;
  try {
    pglite = await flood([server.url]);
  } finally {
    await server.stop();
  }
  if (!findPostgresBin()) {
    process.stderr.write('bench: the position flood on PostgreSQL skipped: PostgreSQL is not installed\n');
    return { loops: LOOPS, seconds: SECONDS, pglite, postgresTwoInstances: null };
  }
  const cluster = await startThrowawayPostgres();
  const instances: Awaited<ReturnType<typeof startInstance>>[] = [];
  try {
    const databaseUrl = await createBenchDatabase(cluster.url);
    instances.push(...(await Promise.all([startInstance(databaseUrl), startInstance(databaseUrl)])));
    const postgresTwoInstances = await flood(instances.map((instance) => instance.url));
    return { loops: LOOPS, seconds: SECONDS, pglite, postgresTwoInstances };
  } finally {
    await Promise.all(instances.map(stopInstance));
    cluster.stop();
  }
}

export function positionsFloodRows(flood: PositionsFlood): Row[] {
  const rows = (database: string, figures: FloodFigures | null): Row[] => {
    const label = `others' POST /client/task during one driver's position flood (${flood.loops} loops, ${flood.seconds} s), ${database}`;
    return [
      { figure: `${label}: p95 before`, value: figures?.before.p95Ms ?? null, unit: 'ms' },
      {
        figure: `${label}: p95 during`,
        value: figures?.during.p95Ms ?? null,
        unit: 'ms',
        budget: { op: '<', limit: P95_BUDGET_MS },
      },
      { figure: `${label}: max during`, value: figures?.during.maxMs ?? null, unit: 'ms' },
      { figure: `${label}: batches refused (429)`, value: figures?.batches.refused ?? null, unit: '' },
      { figure: `${label}: batches sent`, value: figures?.batches.sent ?? null, unit: '' },
    ];
  };
  return [...rows('PGlite', flood.pglite), ...rows('PostgreSQL, two instances', flood.postgresTwoInstances)];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = loadavg()[0]!.toFixed(2);
  const measured = await measurePositionsFlood();
  for (const row of positionsFloodRows(measured))
    process.stdout.write(`${row.figure}: ${row.value ?? '-'} ${row.unit}\n`);
  process.stdout.write(`${JSON.stringify(measured)}\n`);
  process.stdout.write(`load average ${started} at start, ${loadavg()[0]!.toFixed(2)} at the end\n`);
}
