/**
 * Dispatch on two servers sharing one PostgreSQL: rounds at the same moment make one offer of
 * a task, and a driver's accept sent to both at once takes the task exactly once. Only with a
 * PostgreSQL server (`npm run test:server:pg`), like two-instances.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import type { AppDeps, AppEnv } from '../../server/context';
import { runDispatchOnce } from '../../server/dispatch/dispatch-jobs';
import { call as post, twoInstanceDriver, twoInstances } from './instances';
import { insertClient, insertTask } from './ops-fixtures';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

let database: TestDatabase;
let a: AppDeps;
let b: AppDeps;
let appA: Hono<AppEnv>;
let appB: Hono<AppEnv>;
const clock = new Date();
const now = () => clock;

const call = (app: Hono<AppEnv>, path: string, body: unknown, token?: string) => post(app, 'POST', path, body, token);

const readyDriver = (phone: string, at: { lat: number; lng: number }) => twoInstanceDriver(a, [appA, appB], phone, at);

describe.runIf(TEST_DATABASE_URL)('dispatch on two servers', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await twoInstances(database, { config: { jwtSecret: 'dispatch-two-instances-secret' }, deps: { now } });
    appA = createApp(a);
    appB = createApp(b);
  });
  afterAll(async () => {
    await a?.db.close();
    await b?.db.close();
    await database?.drop();
  });

  it('rounds at once on both make one offer per task; an accept sent to both at once takes the task once', async () => {
    const drivers = [
      await readyDriver('08031110001', { lat: 6.5158, lng: 3.3782 }),
      // Both within DISPATCH_RADIUS_KM (10 km) of the pickups, so one round offers each a task.
      await readyDriver('08031110002', { lat: 6.5244, lng: 3.3792 }),
    ];
    const client = await insertClient(a.db);
    const tasks = [
      await insertTask(a.db, client, { lat: 6.5005, lng: 3.3581 }),
      await insertTask(a.db, client, { lat: 6.5005, lng: 3.3581 }),
    ];
    const rounds = await Promise.all([runDispatchOnce(a), runDispatchOnce(b), runDispatchOnce(a), runDispatchOnce(b)]);
    expect(rounds.reduce<number>((sum, made) => sum + (made ?? 0), 0)).toBe(2);
    const open = await a.db.query<{ task_id: string; driver_id: string }>(
      'select task_id, driver_id from task_offers where outcome is null',
    );
    expect(open).toHaveLength(2);
    expect(new Set(open.map((offer) => offer.task_id))).toEqual(new Set(tasks));
    expect(new Set(open.map((offer) => offer.driver_id))).toEqual(new Set(drivers.map((driver) => driver.id)));

    for (const driver of drivers) {
      const taskId = open.find((offer) => offer.driver_id === driver.id)!.task_id;
      const answers = await Promise.all(
        [appA, appB, appA, appB].map((app) => call(app, '/driver/offers/accept', { taskId }, driver.token)),
      );
      // One of them takes it; the others, the same driver's resends, get the same answer (docs/lifecycle.md).
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      const [row] = await b.db.query<{ status: string; driver_id: string }>(
        'select status, driver_id from tasks where id = $1',
        [taskId],
      );
      expect(row).toEqual({ status: 'driver-assigned', driver_id: driver.id });
      const events = await b.db.query(
        `select 1 from task_events where task_id = $1 and kind = 'status' and status = 'driver-assigned'`,
        [taskId],
      );
      expect(events).toHaveLength(1);
    }
  });
});
