/**
 * The empty chat poll under load, the server's hottest path, against a server in a process of
 * its own on PGlite and, when installed, on a throw-away PostgreSQL (docs/performance.md,
 * 'The empty chat poll under load'). Such a poll is answered from the server's memory
 * (server/db/poll-cache.ts): the figures are the HTTP server's, not the database's. Runs on its
 * own too: `npx tsx bench/chat-poll-load.ts` prints its rows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import type { GetMessagesResponse, LoginResponse, TasksResponse, UserDataResponse } from '../src/shared/contract';
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../scripts/throwaway-postgres';
import type { Row } from './report';
import { repoRoot } from './serve';
import { post, type EndpointLoad } from './server-load';

export const POLL_LOAD = { connections: 50, duration: 10, warmUp: 2 };

/**
 * The CPU time each side spent per poll during the measured 10 s (user + system): the figure
 * that moves least with a busy machine, and whether the load generator could be what caps
 * the polls a second (autocannon runs on one thread of this process).
 */
export interface PollLoad extends EndpointLoad {
  /** The API process's, from /proc (null where there is no /proc). */
  serverCpuUsPerPoll: number | null;
  /** This process's (autocannon's), from `process.cpuUsage()`. */
  loadGeneratorCpuUsPerPoll: number;
}

export interface ChatPollLoad {
  pglite: PollLoad;
  /** null when PostgreSQL is not installed here (`postgresSkipped` says so). */
  postgres: PollLoad | null;
  postgresSkipped?: string;
}

interface ApiProcess {
  url: string;
  /** The process's CPU time so far in µs (user + system, all threads), or null without /proc. */
  cpuMicros(): number | null;
  stop(): Promise<void>;
}

/** utime + stime of a process, in µs (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function processCpuMicros(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MICROS;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ is 100 on every architecture Node runs on. */
const CLOCK_TICK_MICROS = 10_000;

export async function startApiProcess(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench', 'api-process.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { url?: string };
        if (parsed.url) resolveUrl(parsed.url);
      } catch {
        // Not the line we wait for.
      }
    });
    void exited.then(() => reject(new Error('the bench API process exited before listening')));
  });
  return {
    url,
    cpuMicros: () => processCpuMicros(child.pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The demo client's token and the body of an empty poll of a chat that has messages. */
export async function emptyPoll(baseURL: string): Promise<{ token: string; body: { taskId: string; since: string } }> {
  const token = (await post<LoginResponse>(baseURL, '/client/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD }))
    .data;
  const user = (await post<UserDataResponse>(baseURL, '/client/userdata', {}, token)).data;
  const tasks = (await post<TasksResponse>(baseURL, '/client/task', { userId: user._id }, token)).data;
  for (const task of tasks) {
    const { messages } = (await post<GetMessagesResponse>(baseURL, '/client/getMessages', { taskId: task._id }, token))
      .data;
    const newest = messages
      .map((message) => message.timestamp)
      .toSorted()
      .at(-1);
    if (!newest) continue;
    const body = { taskId: task._id, since: newest };
    const answer = await post<GetMessagesResponse>(baseURL, '/client/getMessages', body, token);
    if (answer.data.messages.length !== 0) throw new Error('a poll with since = newest returned messages');
    return { token, body };
  }
  throw new Error('the demo client has no chat with messages');
}

async function pollLoad(server: ApiProcess): Promise<PollLoad> {
  const baseURL = server.url;
  const url = new URL('/client/getMessages', baseURL);
  if (url.hostname !== '127.0.0.1') throw new Error('the load test runs on 127.0.0.1 only');
  const { token, body } = await emptyPoll(baseURL);
  const request = {
    url: url.href,
    method: 'POST' as const,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  };
  await autocannon({ ...request, connections: POLL_LOAD.connections, duration: POLL_LOAD.warmUp });
  const serverBefore = server.cpuMicros();
  const generatorBefore = process.cpuUsage();
  const result = await autocannon({ ...request, connections: POLL_LOAD.connections, duration: POLL_LOAD.duration });
  const generator = process.cpuUsage(generatorBefore);
  const serverAfter = server.cpuMicros();
  const polls = Math.max(1, result.requests.total);
  // Counted, not thrown: a figure with failures still says something (a row shows them).
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0)
    process.stderr.write(
      `bench: the empty chat poll failed ${failed} times under load (${result.non2xx} answers not 2xx, ${result.timeouts} time-outs)\n`,
    );
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed,
    serverCpuUsPerPoll:
      serverBefore === null || serverAfter === null ? null : Math.round((serverAfter - serverBefore) / polls),
    loadGeneratorCpuUsPerPoll: Math.round((generator.user + generator.system) / polls),
  };
}

async function onServer(env: NodeJS.ProcessEnv): Promise<PollLoad> {
  const server = await startApiProcess(env);
  try {
    return await pollLoad(server);
  } finally {
    await server.stop();
  }
}

export async function measureChatPollLoad(): Promise<ChatPollLoad> {
  const pglite = await onServer({ DATABASE_URL: '' });
  const skip = (reason: string): ChatPollLoad => {
    process.stderr.write(`bench: chat poll load on PostgreSQL skipped: ${reason}\n`);
    return { pglite, postgres: null, postgresSkipped: reason };
  };
  if (!findPostgresBin())
    return skip('PostgreSQL is not installed (no initdb under /usr/lib/postgresql; PG_BIN points elsewhere)');
  let cluster: ThrowawayPostgres;
  try {
    cluster = await startThrowawayPostgres();
  } catch (error) {
    return skip(`the cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return { pglite, postgres: await onServer({ DATABASE_URL: cluster.url }) };
  } finally {
    cluster.stop();
  }
}

/** One 2-core instance, on an otherwise idle machine: answered from memory, the database's speed does not matter. */
const POLL_TARGET = { pollsPerSecond: 10_000, p99Ms: 20 };

export function chatPollLoadRows(load: ChatPollLoad): Row[] {
  const rows = (database: string, figures: PollLoad | null): Row[] => {
    const label = `server empty chat poll, ${POLL_LOAD.connections} connections, ${database}`;
    return [
      {
        figure: `${label}: throughput`,
        value: figures?.requestsPerSecond ?? null,
        unit: 'polls/s',
        budget: { op: '>=', limit: POLL_TARGET.pollsPerSecond },
      },
      { figure: `${label}: p50 latency`, value: figures?.p50Ms ?? null, unit: 'ms' },
      {
        figure: `${label}: p99 latency`,
        value: figures?.p99Ms ?? null,
        unit: 'ms',
        budget: { op: '<', limit: POLL_TARGET.p99Ms },
      },
      { figure: `${label}: server CPU per poll`, value: figures?.serverCpuUsPerPoll ?? null, unit: 'µs' },
      {
        figure: `${label}: load generator CPU per poll`,
        value: figures?.loadGeneratorCpuUsPerPoll ?? null,
        unit: 'µs',
      },
      // Errors, time-outs and answers other than 2xx: none is expected.
      ...(figures
        ? [
            {
              figure: `${label}: failed requests`,
              value: figures.failed,
              unit: '' as const,
              budget: { op: '<=' as const, limit: 0 },
            },
          ]
        : []),
    ];
  };
  return [
    ...rows('PGlite', load.pglite),
    ...rows(load.postgres ? 'PostgreSQL' : 'PostgreSQL (skipped, see the log)', load.postgres),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = loadavg()[0]!.toFixed(2);
  const rows = chatPollLoadRows(await measureChatPollLoad());
  for (const row of rows) process.stdout.write(`${row.figure}: ${row.value ?? '-'} ${row.unit}\n`);
  process.stdout.write(`load average ${started} at start, ${loadavg()[0]!.toFixed(2)} at the end\n`);
}
