/**
 * The recurring pickups' scheduler on two servers sharing one PostgreSQL, run at the same
 * moment, then on a third started after the first stopped (a restart): each date's task is made
 * exactly once; and a date moved on one server while the other's round reaches it is made in
 * its new window. Only with a PostgreSQL server (`npm run test:server:pg`), like two-instances.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { AppDeps } from '../../server/context';
import { lockSchedule } from '../../server/db/schedules';
import { runScheduleJobsOnce } from '../../server/tasks/schedule-jobs';
import { createDeps } from '../../server/services';
import { twoInstances } from './instances';
import { insertClient } from './ops-fixtures';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

let database: TestDatabase;
let config: ServerConfig;
let a: AppDeps;
let b: AppDeps;
// Thursday 26 Nov 2026, 10:00 in Lagos: Friday's 10:00 windows are 24 h away.
let clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
const CLIENTS = 15;

const count = async (deps: AppDeps, sql: string) =>
  Number((await deps.db.query<{ n: string | number }>(`select count(*) as n from (${sql}) counted`))[0]!.n);

describe.runIf(TEST_DATABASE_URL)('the scheduler on two servers and across a restart', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    config = loadConfig({}, { dataDir: 'memory://', databaseUrl: database.databaseUrl, log: false });
    a = await createDeps(config, { now });
    b = await createDeps(config, { now });
    for (let index = 0; index < CLIENTS; index += 1) {
      const userId = await insertClient(a.db);
      await a.db.query(
        `update users set subscription_plan = 'gold', subscription_started_at = '2026-11-20T09:00:00Z',
                subscription_expires_at = '2027-01-20T09:00:00Z' where id = $1`,
        [userId],
      );
      // Fridays and Saturdays at 10:00: Friday's date is due now, Saturday's a day later.
      await a.db.query(
        `insert into schedules (id, user_id, type, quantity, address, lat, lng, weekdays, window_start_hour)
         values ($1, $2, 'household', 1, '12 Admiralty Way, Lekki, Lagos', 6.4474, 3.4723, '{5,6}', 10)`,
        [randomUUID(), userId],
      );
    }
  });
  afterAll(async () => {
    await a?.db.close().catch(() => {});
    await b?.db.close();
    await database?.drop();
  });

  it('rounds racing on both servers make each date once', async () => {
    const rounds = await Promise.all([
      runScheduleJobsOnce(a),
      runScheduleJobsOnce(b),
      runScheduleJobsOnce(a),
      runScheduleJobsOnce(b),
    ]);
    expect(rounds.reduce<number>((sum, reached) => sum + (reached ?? 0), 0)).toBe(CLIENTS);
    // The lock is free again: each server's round finds nothing left to do.
    expect(await runScheduleJobsOnce(b)).toBe(0);
    expect(await runScheduleJobsOnce(a)).toBe(0);
    expect(await count(a, `select 1 from tasks where reference like 'schedule-%'`)).toBe(CLIENTS);
    expect(await count(a, `select 1 from schedule_runs where outcome = 'created' and task_id is not null`)).toBe(
      CLIENTS,
    );
  });

  it('a server restarted on the same database makes no second task; the next date comes in its time', async () => {
    await a.db.close();
    const restarted = await createDeps(config, { now });
    try {
      expect(await runScheduleJobsOnce(restarted)).toBe(0);
      expect(await count(restarted, `select 1 from tasks where reference like 'schedule-%'`)).toBe(CLIENTS);
      clock = new Date('2026-11-27T09:00:00Z');
      const rounds = await Promise.all([runScheduleJobsOnce(restarted), runScheduleJobsOnce(b)]);
      expect(rounds.reduce<number>((sum, reached) => sum + (reached ?? 0), 0)).toBe(CLIENTS);
      expect(await count(restarted, `select 1 from tasks where reference like 'schedule-%'`)).toBe(2 * CLIENTS);
      expect(
        await count(
          restarted,
          `select 1 from tasks where reference like 'schedule-%' group by reference having count(*) > 1`,
        ),
      ).toBe(0);
    } finally {
      await restarted.db.close();
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('a date moved while the other server reaches it', () => {
  let one: AppDeps;
  let other: AppDeps;
  let movedDatabase: TestDatabase;
  // Thursday 26 Nov 2026, 10:00 in Lagos: Friday's 10:00 window is 24 h away, due now.
  const thursday = () => new Date('2026-11-26T09:00:00Z');

  beforeAll(async () => {
    movedDatabase = await createTestDatabase();
    [one, other] = await twoInstances(movedDatabase, { deps: { now: thursday } });
  });
  afterAll(async () => {
    await one?.db.close();
    await other?.db.close();
    await movedDatabase?.drop();
  });

  it("the round waits for the move holding the schedule, then makes no task at Friday's own window", async () => {
    const userId = await insertClient(one.db);
    await one.db.query(
      `update users set subscription_plan = 'gold', subscription_started_at = '2026-11-20T09:00:00Z',
              subscription_expires_at = '2027-01-20T09:00:00Z' where id = $1`,
      [userId],
    );
    const scheduleId = randomUUID();
    await one.db.query(
      `insert into schedules (id, user_id, type, quantity, address, lat, lng, weekdays, window_start_hour, starts_on)
       values ($1, $2, 'household', 1, '12 Admiralty Way, Lekki, Lagos', 6.4474, 3.4723, '{5}', 10, '2026-11-27')`,
      [scheduleId, userId],
    );
    let round: Promise<number | null> | undefined;
    // The move as the route makes it (the row locked, then the move written), held open while
    // the other server's round starts and blocks on the row.
    await one.db.transaction(async (tx) => {
      await lockSchedule(tx, userId, scheduleId);
      await tx.query(
        `insert into schedule_moves (schedule_id, date, window_start, window_end)
         values ($1, '2026-11-27', '2026-11-28T15:00:00Z', '2026-11-28T17:00:00Z')`,
        [scheduleId],
      );
      round = runScheduleJobsOnce(other);
      while ((await waitingOnLocks(one)) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await round).toBe(0);
    expect(await count(one, `select 1 from tasks where reference like 'schedule-%'`)).toBe(0);
  });
});

/** Sessions of the test database waiting for a lock. */
const waitingOnLocks = (deps: AppDeps) =>
  count(deps, `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
