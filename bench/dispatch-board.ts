/**
 * The dispatcher's day at scale on PostgreSQL (issue 63; rows in docs/performance.md):
 * one dispatch round with 500 waiting tasks and 100 online drivers, and the board's API
 * (`GET /ops/tasks?state=open&page=..`, with and without a search) among 2,000 open tasks.
 *
 *   npx tsx scripts/with-postgres.ts npx tsx bench/dispatch-board.ts
 *
 * Makes a database of its own on TEST_DATABASE_URL's server and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { runDispatchOnce } from '../server/dispatch/dispatch-jobs';
import { silentLogger } from '../server/log';
import { addOperator } from '../server/console/operator-commands';
import { createDeps } from '../server/services';
import { seedOpenTasks } from '../tests/server/ops-fixtures';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('TEST_DATABASE_URL is not set: run it under scripts/with-postgres.ts');
  process.exit(2);
}
const name = `bench_dispatch_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const percentile = (times: number[], share: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * share))];
const ms = (value: number) => `${value.toFixed(1)} ms`;

const config = loadConfig(
  {},
  { dataDir: 'memory://', databaseUrl: url.toString(), log: false, demo: false, simulator: false },
);
const deps = await createDeps(config, { log: silentLogger() });
try {
  const { db } = deps;
  // 500 waiting tasks (due now) and 100 online drivers over Lagos.
  await seedOpenTasks(db, 500);
  await db.query(`update tasks set scheduled_start = null, scheduled_end = null`);
  await db.query(
    `insert into drivers (id, firstname, lastname, phone, lat, lng, online, demo)
     select gen_random_uuid()::text, 'Driver', n::text, '+234802' || lpad(n::text, 7, '0'),
            6.45 + (n % 10) * 0.015, 3.33 + (n % 10) * 0.015, true, false
       from generate_series(1, 100) n`,
  );
  const rounds: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    await db.query('delete from task_offers');
    const started = performance.now();
    const offers = await runDispatchOnce(deps);
    rounds.push(performance.now() - started);
    if (offers !== 100) throw new Error(`a round made ${offers} offers, not 100`);
  }
  // The first round also starts every task's wait (500 rows written) on a cold connection.
  console.log(
    `dispatch round, 500 waiting tasks, 100 drivers: first ${ms(rounds[0])}, then median ${ms(percentile(rounds.slice(1), 0.5))}, max ${ms(Math.max(...rounds.slice(1)))}`,
  );

  // The board among 2,000 open tasks.
  await db.query('delete from task_offers');
  await seedOpenTasks(db, 1500);
  const app = createApp(deps);
  const { password, operator } = await addOperator(db, { email: 'bench@greenpick.ng', role: 'dispatcher' }, new Date());
  await db.query('update operators set must_change_password = false where id = $1', [operator.id]);
  const login = await app.request('/ops/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench@greenpick.ng', password }),
  });
  const token = ((await login.json()) as { data: string }).data;
  const queries = [
    'state=open&page=1',
    'state=open&page=17',
    'state=open&page=1&search=0801%20000%201234',
    'attention=1&page=1',
  ];
  const times: number[] = [];
  for (let run = 0; run < 200; run += 1) {
    const started = performance.now();
    const answer = await app.request(`/ops/tasks?${queries[run % queries.length]}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await answer.text();
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`the board answered ${answer.status}`);
  }
  console.log(
    `board API, 2,000 open tasks (pages, a phone search, the lane): p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}`,
  );
} finally {
  await deps.db.close();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
