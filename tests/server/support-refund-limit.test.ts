/**
 * Support's refunds per day (issue 62, item 7): SUPPORT_DAILY_REFUND_LIMIT (default ₦100,000)
 * per support operator across tasks, each Lagos day; above it 403 'Above your daily refund
 * limit: ask an admin' and nothing changes. Admins are not limited. The race on two servers:
 * support-refund-two-instances.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { insertClient, insertTask } from './ops-fixtures';
import { readyOperator } from './operator-fixtures';

let clock = new Date('2026-12-07T10:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({
    now: () => clock,
    config: { opsToken: 'support-refund-limit-test-token-32-chars' },
  });
});
afterAll(() => server.close());

/** A task paid `kobo` by card. */
async function paidTask(kobo: number) {
  const db = server.deps.db;
  const taskId = await insertTask(db, await insertClient(db));
  await db.query(
    'update payment_uses set amount_kobo = $2 where reference = (select reference from tasks where id = $1)',
    [taskId, kobo],
  );
  return taskId;
}

describe("support's daily refund limit", () => {
  it('is ₦100,000 by default, per operator across tasks, for the Lagos day; admins are not limited', async () => {
    expect(server.deps.config.supportDailyRefundLimitKobo).toBe(10_000_000);
    const support = await readyOperator(server, 'support');
    const colleague = await readyOperator(server, 'support');
    const admin = await readyOperator(server, 'admin');
    const cancel = async (token: string, kobo: number) =>
      server.request('POST', `/ops/tasks/${await paidTask(kobo)}/cancel`, {
        token,
        body: { reason: 'Asked by phone' },
      });

    // Five refunds just under the per-task limit (₦20,000): ₦99,995 in all.
    for (let task = 0; task < 5; task += 1) expect((await cancel(support.token, 1_999_900)).status).toBe(200);
    const refused = await cancel(support.token, 1_000);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Above your daily refund limit: ask an admin', canRequestApproval: true });
    const [left] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from tasks where status = 'cancelled'`,
    );
    expect(left!.n).toBe(5);
    // Exactly up to the limit is still in it.
    expect((await cancel(support.token, 500)).status).toBe(200);
    // Another support agent has their own day; an admin has no limit.
    expect((await cancel(colleague.token, 1_999_900)).status).toBe(200);
    expect((await cancel(admin.token, 5_000_000)).status).toBe(200);
    // The next Lagos day (midnight is 23:00 UTC) starts again.
    clock = new Date('2026-12-07T23:00:00Z');
    expect((await cancel(support.token, 1_999_900)).status).toBe(200);
  });
});
