/**
 * The console on two servers sharing one PostgreSQL (issue 47): two operators cancelling one
 * paid task at once refund it once, with one audit row; two dispatchers giving one free
 * driver two tasks at once succeed once. Only with a PostgreSQL server
 * (`npm run test:server:pg`), like two-instances.test.ts.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppDeps, AppEnv } from '../../server/context';
import { call, twoInstanceOperator, twoInstances } from './instances';
import { insertClient, insertDriver, insertTask } from './ops-fixtures';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

let database: TestDatabase;
let a: AppDeps;
let b: AppDeps;
let appA: Hono<AppEnv>;
let appB: Hono<AppEnv>;

/** An operator past the one-time password, signed in on server A. */
const operator = (role: 'admin' | 'dispatcher' | 'support', email: string) =>
  twoInstanceOperator(a, [appA, appB], role, email);

describe.runIf(TEST_DATABASE_URL)('the console on two servers', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await twoInstances(database, { config: { jwtSecret: 'ops-two-instances-secret-value' } });
    appA = createApp(a);
    appB = createApp(b);
  });
  afterAll(async () => {
    await a?.db.close();
    await b?.db.close();
    await database?.drop();
  });

  it('an admin and a support agent cancel one paid task at once: one 200, one 409, one refund, one audit row', async () => {
    const admin = await operator('admin', 'admin-two@greenpick.ng');
    const support = await operator('support', 'support-two@greenpick.ng');
    const client = await insertClient(a.db);
    const taskId = await insertTask(a.db, client);
    const answers = await Promise.all([
      call(appA, 'POST', `/ops/tasks/${taskId}/cancel`, { reason: 'Client phoned' }, admin),
      call(appB, 'POST', `/ops/tasks/${taskId}/cancel`, { reason: 'Client wrote' }, support),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refunds = await a.db.query('select amount_kobo from refunds where task_id = $1', [taskId]);
    expect(refunds).toHaveLength(1);
    const rows = await a.db.query('select action from audit_log where subject = $1', [`task:${taskId}`]);
    expect(rows).toEqual([{ action: 'task.cancel' }]);
  });

  it('two dispatchers give one free driver two tasks at once: one is assigned, the other 409', async () => {
    const first = await operator('dispatcher', 'dispatch-one@greenpick.ng');
    const second = await operator('dispatcher', 'dispatch-two@greenpick.ng');
    const client = await insertClient(a.db);
    const tasks = [await insertTask(a.db, client), await insertTask(a.db, client)];
    const driverId = await insertDriver(a.db, { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
    await a.db.query('update drivers set online = true where id = $1', [driverId]);
    const answers = await Promise.all([
      call(appA, 'POST', `/ops/tasks/${tasks[0]}/assign`, { driverId }, first),
      call(appB, 'POST', `/ops/tasks/${tasks[1]}/assign`, { driverId }, second),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe('This driver is on another task');
    const assigned = await a.db.query('select id from tasks where driver_id = $1', [driverId]);
    expect(assigned).toHaveLength(1);
  });
});
