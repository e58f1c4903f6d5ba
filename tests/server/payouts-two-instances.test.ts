/**
 * The weekly payout run on two servers sharing one PostgreSQL (issue 65): 'Pay drivers' run on
 * both at the same moment pays each driver once. Only with a PostgreSQL server
 * (`npm run test:server:pg`): PGlite serialises transactions, so the race cannot happen there.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/context';
import { insertEarning, saveBankAccount } from '../../server/db/payouts';
import { runPayouts } from '../../server/payouts/payouts';
import * as ops from '../../server/console/commands';
import { startFakePaystack, type FakePaystack } from './fake-paystack';
import { twoInstances } from './instances';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

const WEEK = '2026-12-07';
const clock = new Date('2026-12-14T08:00:00Z');
let database: TestDatabase;
let fake: FakePaystack;
let a: AppDeps;
let b: AppDeps;

describe.runIf(TEST_DATABASE_URL)('payouts on two servers', () => {
  beforeAll(async () => {
    fake = await startFakePaystack();
    database = await createTestDatabase();
    [a, b] = await twoInstances(database, {
      config: { paystackSecretKey: fake.secretKey, paystackApiUrl: fake.url },
      deps: { now: () => clock },
    });
  });
  afterAll(async () => {
    await a?.db.close();
    await b?.db.close();
    await database?.drop();
    await fake?.close();
  });

  it('two runs at once, and two weeks at once, pay each driver once', async () => {
    const drivers: Array<{ id: string; recipient: string; earned: number }> = [];
    for (let i = 0; i < 5; i += 1) {
      const added = await ops.addDriver(a.db, {
        firstname: 'Tunde',
        lastname: 'Driver',
        phone: `0806${String(3_000_000 + i)}`,
        lat: 6.5158,
        lng: 3.3782,
      });
      const accountNumber = `77777777${String(10 + i)}`;
      fake.account('058', accountNumber, `TUNDE ${i}`);
      const recipient = await a.transfers.createRecipient({ name: `TUNDE ${i}`, accountNumber, bankCode: '058' });
      await saveBankAccount(
        a.db,
        {
          driver_id: added.id,
          bank_code: '058',
          bank_name: 'Guaranty Trust Bank',
          account_number: accountNumber,
          account_name: `TUNDE ${i}`,
          recipient_code: recipient,
        },
        clock,
      );
      const earned = 50_000 + i * 1_000;
      await insertEarning(a.db, {
        id: randomUUID(),
        driverId: added.id,
        taskId: null,
        kind: 'adjustment',
        amountKobo: earned,
        at: new Date('2026-12-09T10:00:00Z'),
      });
      drivers.push({ id: added.id, recipient, earned });
    }
    const runs = await Promise.all([
      runPayouts(a, WEEK),
      runPayouts(b, WEEK),
      runPayouts(a, '2026-12-14'),
      runPayouts(b, WEEK),
    ]);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(drivers.length);
    for (const driver of drivers)
      expect(fake.transfers.filter((transfer) => transfer.recipient === driver.recipient).map((t) => t.amount)).toEqual(
        [driver.earned],
      );
    const [row] = await a.db.query<{ count: number }>('select count(*)::int as count from driver_payouts');
    expect(row!.count).toBe(drivers.length);
  });
});
