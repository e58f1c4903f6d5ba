/**
 * The lifecycle's races on two servers sharing one PostgreSQL (docs/lifecycle.md, 'Races'). Each
 * race is held open: a third connection locks the task's row, both requests are sent (one to
 * each server) and queue on that lock, then the lock is released, so they really meet. Only with
 * a PostgreSQL server (`npm run test:server:pg`): PGlite runs one transaction at a time.
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nairaToKobo } from '../../src/shared/money';
import { createApp } from '../../server/app';
import type { AppDeps, AppEnv } from '../../server/context';
import { call as send, twoInstanceDriver, twoInstances } from './instances';
import { insertClient, insertTask } from './ops-fixtures';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

let database: TestDatabase;
let a: AppDeps;
let b: AppDeps;
let appA: Hono<AppEnv>;
let appB: Hono<AppEnv>;
const OPS_TOKEN = 'lifecycle-two-instances-ops-token';
const PIN = { lat: 6.447, lng: 3.4305 };
let phones = 0;

const call = (app: Hono<AppEnv>, path: string, body: unknown, token?: string) => send(app, 'POST', path, body, token);

async function asOps(app: Hono<AppEnv>, path: string, body: unknown) {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Ops-Token': OPS_TOKEN },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a JSON response, read loosely; the assertions check its fields.
  return { status: response.status, body: (await response.json()) as any };
}

function readyDriver() {
  phones += 1;
  return twoInstanceDriver(a, [appA, appB], `0803222${String(phones).padStart(4, '0')}`, PIN);
}

/** A client's paid per-kg task of 3 kg at ₦1,500 (₦4,500 by card) in `status`, its driver arrived. */
async function paidTask(status: 'pending' | 'driver-assigned' | 'on-going', driverId: string | null) {
  const client = await insertClient(a.db);
  const task = await insertTask(a.db, client, { status, driverId, ...PIN });
  await a.db.query(
    `update tasks set type = 'recycling', service_name = 'Recycling Collection', unit = 'per kg', quantity = 3,
            amount_kobo = 450000, unit_price_kobo = 150000,
            arrived_at = case when driver_id is null then null else now() end,
            started_at = case when status = 'on-going' then now() - interval '10 minutes' end
      where id = $1`,
    [task],
  );
  await a.db.query(
    'update payment_uses set amount_kobo = 450000 where reference = (select reference from tasks where id = $1)',
    [task],
  );
  return { task, client, clientToken: await a.tokens.sign(client) };
}

/**
 * Sends `requests` while a third connection holds the task's row, waits until each of them waits
 * on that lock in PostgreSQL, then lets them go: the race is really run, every time.
 */
async function raced<T>(taskId: string, requests: Array<() => Promise<T>>): Promise<T[]> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding!: () => void;
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const holder = a.db.transaction(async (tx) => {
    await tx.query('select id from tasks where id = $1 for update', [taskId]);
    holding();
    await released;
  });
  await held;
  const answers = Promise.all(requests.map((request) => request()));
  for (let polls = 0; ; polls += 1) {
    const [row] = await b.db.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row.waiting >= requests.length) break;
    if (polls > 2_000) throw new Error(`only ${row.waiting} of ${requests.length} requests reached the lock`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  release();
  await holder;
  return answers;
}

const statusOf = async (taskId: string) =>
  (
    await a.db.query<{ status: string; driver_id: string | null }>(
      'select status, driver_id from tasks where id = $1',
      [taskId],
    )
  )[0];
const refundsOf = (taskId: string) =>
  b.db.query<{ kind: string; amount_kobo: number }>(
    'select kind, amount_kobo::int as amount_kobo from refunds where task_id = $1',
    [taskId],
  );
const earningsOf = (taskId: string) =>
  b.db.query<{ kind: string; amount_kobo: number }>(
    'select kind, amount_kobo::int as amount_kobo from driver_earnings where task_id = $1 order by kind',
    [taskId],
  );

describe.runIf(TEST_DATABASE_URL)('the lifecycle on two servers', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await twoInstances(database, {
      config: { jwtSecret: 'lifecycle-two-instances-secret', opsToken: OPS_TOKEN },
    });
    appA = createApp(a);
    appB = createApp(b);
  });
  afterAll(async () => {
    await a?.db.close();
    await b?.db.close();
    await database?.drop();
  });

  it('a cancel racing the completion: one wins, the other 409; refund row, answer and audit agree', async () => {
    for (let round = 0; round < 6; round += 1) {
      const driver = await readyDriver();
      const { task } = await paidTask('on-going', driver.id);
      const cancel = () => asOps(round % 2 ? appA : appB, `/ops/tasks/${task}/cancel`, { reason: 'Client asked' });
      const complete = () =>
        call(
          round % 2 ? appB : appA,
          '/driver/tasks/complete',
          { taskId: task, code: '123456', quantity: 2 },
          driver.token,
        );
      const [cancelled, completed] = await raced(task, round % 2 ? [cancel, complete] : [complete, cancel].reverse());
      expect([cancelled.status, completed.status].sort()).toEqual([200, 409]);
      const final = await statusOf(task);
      const refunds = await refundsOf(task);
      const [audit] = await a.db.query<{ action: string; after: { refund: number } }>(
        `select action, after from audit_log where subject = $1 and action in ('task.cancel', 'task.complete')`,
        [`task:${task}`],
      );
      if (cancelled.status === 200) {
        expect(final.status).toBe('cancelled');
        expect(refunds).toEqual([{ kind: 'cancel', amount_kobo: 450_000 }]);
        expect(cancelled.body.data.refund).toBe(4500);
        expect(audit).toMatchObject({ action: 'task.cancel', after: { refund: 4500 } });
        expect(await earningsOf(task)).toEqual([]);
      } else {
        expect(final.status).toBe('completed');
        expect(refunds).toEqual([{ kind: 'weighed', amount_kobo: 150_000 }]);
        expect(completed.body.data.refund).toBe(1500);
        expect(cancelled.body.message).toBe('This task is completed already');
        expect(await earningsOf(task)).toEqual([{ kind: 'share', amount_kobo: 210_000 }]);
      }
    }
  });

  it('an accept racing a console assign: one 200, the other 409, and the task is the winner’s', async () => {
    for (let round = 0; round < 4; round += 1) {
      const offered = await readyDriver();
      const other = await readyDriver();
      const { task } = await paidTask('pending', null);
      await a.db.query(
        `insert into task_offers (id, task_id, driver_id, offered_at, expires_at, distance_m)
         values ($1, $2, $3, now(), now() + interval '1 minute', 10)`,
        [randomUUID(), task, offered.id],
      );
      const accept = () => call(round % 2 ? appA : appB, '/driver/offers/accept', { taskId: task }, offered.token);
      const assign = () => asOps(round % 2 ? appB : appA, `/ops/tasks/${task}/assign`, { driverId: other.id });
      const [accepted, assigned] = await raced(task, [accept, assign]);
      const final = await statusOf(task);
      // The console's assign is an operator's override: it may follow an accept, never be lost to one.
      if (accepted.status === 200) {
        expect([200, 409]).toContain(assigned.status);
        expect(final.driver_id).toBe(assigned.status === 200 ? other.id : offered.id);
      } else {
        expect(accepted.status).toBe(409);
        expect(assigned.status).toBe(200);
        expect(final.driver_id).toBe(other.id);
      }
      expect(final.status).toBe('driver-assigned');
      const tasks = await call(appA, '/driver/tasks', {}, offered.token);
      expect(tasks.body.data.map((row: { taskId: string }) => row.taskId)).toEqual(
        final.driver_id === offered.id ? [task] : [],
      );
    }
  });

  it('a driver holding a task is offered and given no other: two accepts at once take one task', async () => {
    const driver = await readyDriver();
    const first = await paidTask('pending', null);
    const second = await paidTask('pending', null);
    for (const { task } of [first, second])
      await a.db.query(
        `insert into task_offers (id, task_id, driver_id, offered_at, expires_at, distance_m)
         values ($1, $2, $3, now(), now() + interval '1 minute', 10)`,
        [randomUUID(), task, driver.id],
      );
    const answers = await Promise.all([
      call(appA, '/driver/offers/accept', { taskId: first.task }, driver.token),
      call(appB, '/driver/offers/accept', { taskId: second.task }, driver.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe('Finish your current pickup first');
    const held = await a.db.query('select id from tasks where driver_id = $1', [driver.id]);
    expect(held).toHaveLength(1);
    // A resend of the winning accept (a lost answer) answers 200 again.
    const won = answers[0].status === 200 ? first.task : second.task;
    expect((await call(appB, '/driver/offers/accept', { taskId: won }, driver.token)).status).toBe(200);
  });

  it('the extra paid racing the extra declined: one wins; a payment that lost is kept for an operator', async () => {
    for (let round = 0; round < 4; round += 1) {
      const driver = await readyDriver();
      const { task, client, clientToken } = await paidTask('on-going', driver.id);
      const weighed = await call(appA, '/driver/tasks/weigh', { taskId: task, quantity: 5 }, driver.token);
      expect(weighed.status).toBe(200);
      expect(weighed.body.data.extra).toMatchObject({ quantity: 2, amount: 3000, status: 'awaiting' });
      const reference = `extra-${randomUUID()}`;
      const [email] = await a.db.query<{ email: string }>('select email from users where id = $1', [client]);
      const paid = await call(
        appB,
        '/dev/payments',
        { reference, amount: nairaToKobo(3000), email: email.email },
        clientToken,
      );
      expect(paid.status).toBe(201);
      const pay = () => call(round % 2 ? appA : appB, '/client/tasks/extra', { taskId: task, reference }, clientToken);
      const decline = () => call(round % 2 ? appB : appA, '/client/tasks/extra/decline', { taskId: task }, clientToken);
      const [payment, declined] = await raced(task, [pay, decline]);
      expect([payment.status, declined.status].sort()).toEqual([200, 409]);
      const [row] = await a.db.query<{ extra_status: string }>('select extra_status from tasks where id = $1', [task]);
      const kept = await a.db.query('select 1 from payments_needing_attention where reference = $1', [reference]);
      expect(row.extra_status).toBe(payment.status === 200 ? 'paid' : 'declined');
      expect(kept).toHaveLength(payment.status === 200 ? 0 : 1);
    }
  });

  it("two completions at once: the second gets the first's answer; one refund, one share", async () => {
    const driver = await readyDriver();
    const { task } = await paidTask('on-going', driver.id);
    const complete = (app: Hono<AppEnv>) => () =>
      call(app, '/driver/tasks/complete', { taskId: task, code: '123456', quantity: 2.5 }, driver.token);
    const answers = await raced(task, [complete(appA), complete(appB)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0].body.data).toEqual(answers[1].body.data);
    expect(answers[0].body.data).toMatchObject({ quantity: 2.5, refund: 750 });
    expect(await refundsOf(task)).toEqual([{ kind: 'weighed', amount_kobo: 75_000 }]);
    expect(await earningsOf(task)).toEqual([{ kind: 'share', amount_kobo: 262_500 }]);
  });
});
