/**
 * The admins' daily report (issue 63): each figure equals a sum over its ledger (payment_uses,
 * refunds, driver_earnings, points_ledger), per Lagos day and per driver, and the CSV says the same.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koboToNaira, vatInsideKobo } from '../../src/shared/money';
import { createTestServer, type TestServer } from './harness';
import { readyOperator } from './operator-fixtures';
import { insertClient, insertDriver, insertTask } from './ops-fixtures';

let server: TestServer;
let admin: string;
const db = () => server.deps.db;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await readyOperator(server, 'admin')).token;
});
afterAll(() => server.close());

/** Noon in Lagos `daysAgo` days ago, and that day's date. */
function lagosNoon(daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const day = new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);
  return { day, at: new Date(`${day}T11:00:00.000Z`) };
}

async function sum(sql: string, params: unknown[]): Promise<number> {
  const [row] = await db().query<{ total: string | null }>(sql, params);
  return Number(row.total ?? 0);
}

const DAY_OF = (column: string) => `((${column} at time zone 'UTC') + interval '1 hour')::date`;

describe('the daily report', () => {
  it("each day's and each driver's figures equal the ledgers' sums; the CSV says the same", async () => {
    const driver = await insertDriver(db(), { lat: 6.5, lng: 3.36 }, 'Musa', { demo: false });
    for (const daysAgo of [0, 1]) {
      const { at } = lagosNoon(daysAgo);
      const client = await insertClient(db());
      const done = await insertTask(db(), client, { status: 'completed', driverId: driver, createdAt: at });
      await db().query('update tasks set completed_at = $2 where id = $1', [done, at]);
      await db().query(
        'update payment_uses set created_at = $2 where reference = (select reference from tasks where id = $1)',
        [done, at],
      );
      const cancelled = await insertTask(db(), client, { status: 'cancelled', createdAt: at });
      await db().query(
        'update payment_uses set created_at = $2, amount_kobo = 250050 where reference = (select reference from tasks where id = $1)',
        [cancelled, at],
      );
      await db().query(
        `insert into refunds (id, task_id, reference, amount_kobo, status, provider, created_at) values ($2, $1, $2, 250050, 'refunded', 'test-ledger', $3)`,
        [cancelled, `refund-${randomUUID()}`, at],
      );
      const failed = await insertTask(db(), client, { status: 'cancelled', createdAt: at });
      await db().query(
        `insert into refunds (id, task_id, reference, amount_kobo, status, provider, created_at) values ($2, $1, $2, 150000, 'failed', 'test-ledger', $3)`,
        [failed, `refund-${randomUUID()}`, at],
      );
      await insertTask(db(), client, { createdAt: at });
      for (const [kind, kobo] of [
        ['share', 105_000],
        ['fee', 30_000],
      ] as const)
        await db().query(
          `insert into driver_earnings (id, driver_id, task_id, kind, amount_kobo, created_at) values ($1, $2, $3, $4, $5, $6)`,
          [randomUUID(), driver, kind === 'share' ? done : cancelled, kind, kobo + daysAgo, at],
        );
      await db().query(
        `insert into points_ledger (user_id, kind, amount_kobo, task_id, created_at) values ($1, 'earned', 4050, $2, $4), ($1, 'spent', -1225, $3, $4)`,
        [client, done, cancelled, at],
      );
    }
    const from = lagosNoon(1).day;
    const to = lagosNoon(0).day;
    const answer = await server.request('GET', `/ops/reports/daily?from=${from}&to=${to}`, { token: admin });
    expect(answer.status).toBe(200);
    const report = answer.body.data;
    expect(report.days.map((day: { day: string }) => day.day)).toEqual([from, to]);

    for (const day of report.days) {
      const on = [day.day];
      const paid = await sum(
        `select sum(amount_kobo) as total from payment_uses where ${DAY_OF('created_at')} = $1::date`,
        on,
      );
      const refunded = await sum(
        `select sum(amount_kobo) as total from refunds where status <> 'failed' and ${DAY_OF('created_at')} = $1::date`,
        on,
      );
      const shares = await sum(
        `select sum(amount_kobo) as total from driver_earnings where ${DAY_OF('created_at')} = $1::date`,
        on,
      );
      const fees = await sum(
        `select sum(amount_kobo) as total from driver_earnings where kind = 'fee' and ${DAY_OF('created_at')} = $1::date`,
        on,
      );
      const credited = await sum(
        `select sum(amount_kobo) as total from points_ledger where amount_kobo > 0 and ${DAY_OF('created_at')} = $1::date`,
        on,
      );
      const spent = await sum(
        `select -sum(amount_kobo) as total from points_ledger where kind = 'spent' and ${DAY_OF('created_at')} = $1::date`,
        on,
      );
      expect(paid).toBeGreaterThan(0);
      expect(day).toMatchObject({
        revenue: koboToNaira(paid),
        refunds: koboToNaira(refunded),
        net: koboToNaira(paid - refunded),
        vat: koboToNaira(vatInsideKobo(paid - refunded, 750)),
        driverShares: koboToNaira(shares),
        fees: koboToNaira(fees),
        pointsCredited: koboToNaira(credited),
        pointsSpent: koboToNaira(spent),
      });
      const states = await db().query<{ status: string; n: number }>(
        `select status, count(*)::int as n from tasks where ${DAY_OF('created_at')} = $1::date group by status`,
        on,
      );
      for (const state of states) expect(day.tasks[state.status]).toBe(state.n);
    }

    const musa = report.drivers.find((row: { driverId: string }) => row.driverId === driver);
    const earned = await sum(
      `select sum(amount_kobo) as total from driver_earnings where driver_id = $1 and ${DAY_OF('created_at')} between $2::date and $3::date`,
      [driver, from, to],
    );
    expect(musa).toMatchObject({ name: 'Musa Driver', completed: 2, earnings: koboToNaira(earned), fees: 600.01 });

    const csv = await server.request('GET', `/ops/reports/daily.csv?from=${from}&to=${to}`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).split('\r\n');
    expect(lines[0]).toContain('revenue (NGN)');
    expect(lines[2]!.startsWith(`${to},`)).toBe(true);
    expect(lines[2]).toContain(`,${report.days[1].revenue},${report.days[1].refunds},`);
    expect(lines).toContain(`Musa Driver,2,${musa.earnings},600.01`);

    for (const query of ['from=yesterday', `from=${to}&to=${from}`, 'from=2026-01-01&to=2026-12-31']) {
      const refused = await server.request('GET', `/ops/reports/daily?${query}`, { token: admin });
      expect(refused.status, query).toBe(400);
    }
  });
});
