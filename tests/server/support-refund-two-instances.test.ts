/**
 * Support's daily refund limit on two servers sharing one PostgreSQL (issue 62, item 7): two
 * refunds by one support agent at once, on two servers, cannot both pass the limit. Only with a
 * PostgreSQL server (`npm run test:server:pg`): PGlite runs one transaction at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppDeps } from '../../server/context';
import { call, twoInstanceOperator, twoInstances } from './instances';
import { insertClient, insertTask } from './ops-fixtures';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

let database: TestDatabase;
let a: AppDeps;
let b: AppDeps;

describe.runIf(TEST_DATABASE_URL)("support's daily refund limit on two servers", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await twoInstances(database, {
      env: { SUPPORT_DAILY_REFUND_LIMIT: '25000' },
      config: { jwtSecret: 'support-refund-two-instances-secret' },
    });
  });
  afterAll(async () => {
    await a?.db.close();
    await b?.db.close();
    await database?.drop();
  });

  it('two refunds of ₦15,000 at once by one agent under a ₦25,000 day: one 200, one 403, one refund', async () => {
    const [appA, appB] = [createApp(a), createApp(b)];
    const token = await twoInstanceOperator(a, [appA, appB], 'support', 'support-day@greenpick.ng');
    for (let round = 0; round < 5; round += 1) {
      const tasks: string[] = [];
      for (let task = 0; task < 2; task += 1) {
        const taskId = await insertTask(a.db, await insertClient(a.db));
        await a.db.query(
          'update payment_uses set amount_kobo = 1500000 where reference = (select reference from tasks where id = $1)',
          [taskId],
        );
        tasks.push(taskId);
      }
      await a.db.query('delete from support_refund_days');
      const answers = await Promise.all([
        call(appA, 'POST', `/ops/tasks/${tasks[0]}/cancel`, { reason: 'Client phoned' }, token),
        call(appB, 'POST', `/ops/tasks/${tasks[1]}/cancel`, { reason: 'Client wrote' }, token),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      const refunds = await a.db.query('select 1 from refunds where task_id = any($1::text[])', [tasks]);
      expect(refunds).toHaveLength(1);
    }
  });
});
