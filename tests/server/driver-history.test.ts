/**
 * A driver's history (issue 64, docs/driver.md 'History'): completed and cancelled tasks, newest
 * first, 20 a page back through 60; what each earned from the ledger (driver_earnings) or, for
 * a task without rows, today's computation; today, this week, this month and the weekly statement.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import { HISTORY_PAGE } from '../../server/dispatch/driver-app.routes';
import { lagosWeekStart } from '../../src/shared/driver-rules';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertClient, insertTask } from './ops-fixtures';

/** A Wednesday afternoon in Lagos. */
let clock = new Date('2026-12-09T14:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
});
afterAll(() => server.close());
beforeEach(async () => {
  clock = new Date('2026-12-09T14:00:00.000Z');
  await clearTasksAndDrivers(server.deps.db);
});

const db = () => server.deps.db;
const HOUR = 3_600_000;

async function signedInDriver() {
  const added = await ops.addDriver(db(), {
    firstname: 'Bola',
    lastname: 'Driver',
    phone: `0806${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`,
    lat: 6.5,
    lng: 3.37,
  });
  const login = await server.request('POST', '/driver/login', {
    body: { phone: added.phone, password: added.password },
  });
  const changed = await server.request('POST', '/driver/password', {
    token: login.body.data,
    body: { currentPassword: added.password, newPassword: 'my-own-password' },
  });
  return { id: added.id, token: changed.body.data as string };
}

async function endedTask(driverId: string, userId: string, status: 'completed' | 'cancelled', endedAt: Date) {
  const id = await insertTask(db(), userId, { status, driverId, createdAt: new Date(endedAt.getTime() - HOUR) });
  if (status === 'completed') await db().query('update tasks set completed_at = $2 where id = $1', [id, endedAt]);
  else
    await db().query(
      `insert into task_events (user_id, task_id, kind, status, created_at) values ($1, $2, 'status', 'cancelled', $3)`,
      [userId, id, endedAt],
    );
  return id;
}

const history = (token: string, body: object = {}) => server.request('POST', '/driver/history', { token, body });

describe("the driver's history", () => {
  it('pages back through 60 tasks, newest first, 20 at a time, each once; another driver sees none', async () => {
    const driver = await signedInDriver();
    const client = await insertClient(db());
    const ids: string[] = [];
    for (let index = 0; index < 60; index += 1)
      ids.push(
        await endedTask(
          driver.id,
          client,
          index % 10 === 0 ? 'cancelled' : 'completed',
          new Date(clock.getTime() - index * 3 * HOUR),
        ),
      );
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await history(driver.token, cursor ? { before: cursor } : {});
      expect(page.status).toBe(200);
      expect(page.body.data.tasks.length).toBeLessThanOrEqual(HISTORY_PAGE);
      expect(page.body.data.summary === null).toBe(pages > 0);
      seen.push(...page.body.data.tasks.map((task: { taskId: string }) => task.taskId));
      cursor = page.body.data.olderCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    const other = await signedInDriver();
    expect((await history(other.token)).body.data.tasks).toEqual([]);
  });

  it("earns the ledger's share, fee and extra where it has rows, else the share of what was paid", async () => {
    const driver = await signedInDriver();
    const client = await insertClient(db());
    const fromLedger = await endedTask(driver.id, client, 'completed', new Date(clock.getTime() - HOUR));
    const computed = await endedTask(driver.id, client, 'completed', new Date(clock.getTime() - 2 * HOUR));
    const cancelledWithFee = await endedTask(driver.id, client, 'cancelled', new Date(clock.getTime() - 3 * HOUR));
    for (const [taskId, kind, kobo] of [
      [fromLedger, 'share', 120_000],
      [fromLedger, 'extra', 35_000],
      [cancelledWithFee, 'fee', 50_000],
    ] as const)
      await db().query(
        'insert into driver_earnings (id, driver_id, task_id, kind, amount_kobo) values ($1, $2, $3, $4, $5)',
        [randomUUID(), driver.id, taskId, kind, kobo],
      );
    const page = (await history(driver.token)).body.data;
    const byId = Object.fromEntries(page.tasks.map((task: { taskId: string }) => [task.taskId, task]));
    expect(byId[fromLedger].earnings).toEqual({ share: 1200, fee: 0, extra: 350, total: 1550 });
    // ₦1,500.00 paid, DRIVER_SHARE 0.7.
    expect(byId[computed].earnings).toEqual({ share: 1050, fee: 0, extra: 0, total: 1050 });
    expect(byId[cancelledWithFee]).toMatchObject({ status: 'cancelled', earnings: { share: 0, fee: 500, total: 500 } });
    expect(page.summary.today).toEqual({ tasks: 3, share: 2250, fee: 500, extra: 350, total: 3100 });
  });

  it('sums today, this week (from Monday), this month, and a weekly statement of 5 weeks', async () => {
    const driver = await signedInDriver();
    const client = await insertClient(db());
    const monday = lagosWeekStart(clock.getTime());
    await endedTask(driver.id, client, 'completed', new Date(clock.getTime() - HOUR)); // today
    await endedTask(driver.id, client, 'completed', new Date(monday + HOUR)); // Monday this week
    await endedTask(driver.id, client, 'completed', new Date(monday - 2 * HOUR)); // last Sunday, 7 Dec
    await endedTask(driver.id, client, 'completed', new Date('2026-11-20T10:00:00.000Z')); // last month
    const { summary } = (await history(driver.token)).body.data;
    expect(summary.today).toMatchObject({ tasks: 1, total: 1050 });
    expect(summary.week).toMatchObject({ tasks: 2, total: 2100 });
    expect(summary.month).toMatchObject({ tasks: 3, total: 3150 });
    expect(summary.weeks.map((week: { tasks: number }) => week.tasks)).toEqual([2, 1, 0, 1, 0]);
    expect(summary.weeks[0].start).toBe(new Date(monday).toISOString());
  });

  it('refuses a cursor it did not give with a 400', async () => {
    const driver = await signedInDriver();
    for (const before of ['yesterday', '2026-12-01T00:00:00.000Z', 'x'.repeat(400), 42]) {
      const answer = await history(driver.token, { before });
      expect(answer.status, String(before)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
  });
});
