/** The bench's figures as rows (one figure a row), their budgets, and the printed table. */
import type { ChatPoll } from './chat-poll';
import { chatPollLoadRows, type ChatPollLoad } from './chat-poll-load';
import type { OfflineReload } from './offline-reload';
import type { PageWeights, Weight } from './page-weight';
import type { Precache } from './precache';
import { screenRows, type ScreenFigures } from './screens';
import type { EndpointLoad, ServerLoad } from './server-load';
import type { SignupFlood } from './signup-flood';
import type { PostgresLoad } from './server-load-postgres';
import { slowVisitRows, type SlowVisits } from './slow-network';
import { serverMemoryRows, type ServerMemory } from './server-memory';

export interface Budget {
  op: '<=' | '<' | '>=';
  limit: number;
}

export interface Row {
  figure: string;
  /** null: could not be measured (fails its budget, if it has one). */
  value: number | null;
  unit: 'kB' | 'MB' | 'B' | 'ms' | 'µs' | 'req/s' | 'polls/s' | 'score' | '' | 'entries';
  budget?: Budget;
}

export interface Results {
  pages: PageWeights;
  precache: Precache;
  lighthouse: ScreenFigures[];
  slow: SlowVisits;
  offline: OfflineReload;
  chat: ChatPoll;
  load: ServerLoad;
  flood: SignupFlood;
  /** Null when no PostgreSQL server is installed. */
  loadPostgres: PostgresLoad | null;
  chatPollLoad: ChatPollLoad;
  memory: ServerMemory;
}

/** Bytes are shown in kB of 1000 bytes, with one decimal. */
const kB = (bytes: number) => Math.round(bytes / 100) / 10;

function weightRows(label: string, weight: Weight, budget?: Budget): Row[] {
  return [
    {
      figure: `${label}: JS+CSS gzip`,
      value: kB(weight.jsGzip + weight.cssGzip),
      unit: 'kB',
      ...(budget ? { budget } : {}),
    },
    { figure: `${label}: JS gzip`, value: kB(weight.jsGzip), unit: 'kB' },
    { figure: `${label}: CSS gzip`, value: kB(weight.cssGzip), unit: 'kB' },
    { figure: `${label}: JS raw`, value: kB(weight.jsRaw), unit: 'kB' },
    { figure: `${label}: CSS raw`, value: kB(weight.cssRaw), unit: 'kB' },
  ];
}

function loadRows(label: string, load: EndpointLoad): Row[] {
  return [
    { figure: `server ${label}: throughput`, value: load.requestsPerSecond, unit: 'req/s' },
    { figure: `server ${label}: p50 latency`, value: load.p50Ms, unit: 'ms' },
    { figure: `server ${label}: p99 latency`, value: load.p99Ms, unit: 'ms' },
  ];
}

/** Throughput and p99 on PostgreSQL, for one and for two instances (n/a without PostgreSQL). */
function postgresRows(load: PostgresLoad | null): Row[] {
  return (['login', 'userdata', 'getMessages'] as const).flatMap((endpoint) =>
    (['oneInstance', 'twoInstances'] as const).flatMap((setup): Row[] => {
      const label = `server on PostgreSQL, ${setup === 'oneInstance' ? '1 instance' : '2 instances'}, ${endpoint}`;
      const figures = load?.[setup][endpoint];
      return [
        { figure: `${label}: throughput`, value: figures?.requestsPerSecond ?? null, unit: 'req/s' },
        { figure: `${label}: p99 latency`, value: figures?.p99Ms ?? null, unit: 'ms' },
      ];
    }),
  );
}

export function toRows(results: Results): Row[] {
  const { pages, precache, lighthouse, slow, offline, chat, load, chatPollLoad, loadPostgres, flood, memory } = results;
  return [
    ...weightRows('first visit to /', pages.firstVisit, { op: '<=', limit: 100 }),
    ...weightRows('/client/home adds after login', pages.homeAfterLogin, { op: '<=', limit: 50 }),
    ...weightRows('map screen /client/create adds', pages.mapScreen),
    { figure: 'precache size (raw)', value: kB(precache.rawBytes), unit: 'kB', budget: { op: '<=', limit: 3000 } },
    { figure: 'precache size (gzip)', value: kB(precache.gzipBytes), unit: 'kB' },
    { figure: 'precache entries', value: precache.entries, unit: 'entries' },
    ...screenRows(lighthouse),
    ...slowVisitRows(slow),
    {
      figure: 'offline repeat visit: reload to dashboard visible',
      value: offline.dashboardVisibleMs,
      unit: 'ms',
      budget: { op: '<=', limit: 5000 },
    },
    { figure: 'chat poll, nothing new (incl. headers)', value: chat.bytesPerPoll, unit: 'B' },
    { figure: 'chat open for a minute (30 polls)', value: kB(chat.bytesPerMinute), unit: 'kB' },
    ...loadRows('login', load.login),
    ...loadRows('userdata', load.userdata),
    ...loadRows('getMessages', load.getMessages),
    ...postgresRows(loadPostgres),
    { figure: 'one user logging in: p99 latency', value: flood.login.p99Ms, unit: 'ms' },
    {
      figure: 'the same during 50 sign-ups/s from one address: p99 latency',
      value: flood.loginDuringFlood.p99Ms,
      unit: 'ms',
    },
    { figure: 'sign-ups of the flood refused (429)', value: flood.flood.refused, unit: '' },
    { figure: 'sign-ups of the flood sent', value: flood.flood.sent, unit: '' },
    ...chatPollLoadRows(chatPollLoad),
    ...serverMemoryRows(memory),
  ];
}

function meets(value: number, budget: Budget): boolean {
  if (budget.op === '<=') return value <= budget.limit;
  if (budget.op === '<') return value < budget.limit;
  return value >= budget.limit;
}

export function checkBudgets(rows: Row[]): string[] {
  return rows
    .filter((row) => row.budget && (row.value === null || !meets(row.value, row.budget)))
    .map(
      (row) =>
        `${row.figure}: ${row.value ?? 'not measured'} ${row.unit} (budget ${row.budget?.op} ${row.budget?.limit})`,
    );
}

export function formatTable(rows: Row[]): string {
  const lines = rows.map((row) => {
    const value = row.value === null ? 'n/a' : `${row.value} ${row.unit}`.trim();
    const budget = row.budget
      ? `${row.budget.op} ${row.budget.limit}${row.value !== null && meets(row.value, row.budget) ? '  ok' : '  OVER'}`
      : '';
    return [row.figure, value, budget] as const;
  });
  const header = ['figure', 'value', 'budget'] as const;
  const widths = [0, 1].map((column) =>
    Math.max(header[column]?.length ?? 0, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (line: readonly [string, string, string]) =>
    `| ${line[0].padEnd(widths[0] ?? 0)} | ${line[1].padStart(widths[1] ?? 0)} | ${line[2]} |`;
  return [
    format(header),
    `|${'-'.repeat((widths[0] ?? 0) + 2)}|${'-'.repeat((widths[1] ?? 0) + 2)}|---|`,
    ...lines.map(format),
  ].join('\n');
}
