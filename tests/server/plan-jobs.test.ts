import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosWeekStart, renewalText, runPlanJobsOnce } from '../../server/payments/plan-jobs';
import { createTestServer, type TestServer } from './harness';
import { createPaidTask, insertClient, type TestClient } from './task-fixtures';

let server: TestServer;
let clock = new Date('2026-12-02T09:00:00Z');

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
});
afterAll(() => server.close());

const setPlan = (who: TestClient, plan: string, expiresAt: string) =>
  server.deps.db.query('update users set subscription_plan = $2, subscription_expires_at = $3 where id = $1', [
    who.id,
    plan,
    expiresAt,
  ]);

async function bell(who: TestClient): Promise<{ kind: string; message: string | null; taskId: string | null }[]> {
  const response = await server.request('POST', '/client/events', { token: who.token, body: {} });
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('plan jobs: the renewal reminder', () => {
  it("'Your Bronze plan ends on Sat 5 Dec' (Lagos), from the day of the plan's end", () => {
    expect(renewalText('Bronze', new Date('2026-12-05T09:00:00Z'))).toBe('Your Bronze plan ends on Sat 5 Dec');
    // 23:30 UTC is already the next day in Lagos.
    expect(renewalText('Gold', new Date('2026-12-04T23:30:00Z'))).toBe('Your Gold plan ends on Sat 5 Dec');
    expect(renewalText('Gold', new Date('2026-12-04T22:30:00Z'))).toBe('Your Gold plan ends on Fri 4 Dec');
  });

  it('3 days before a plan ends: one bell event (the dot on) and one e-mail, however many rounds run', async () => {
    clock = new Date('2026-12-02T09:00:00Z');
    const ending = await insertClient(server);
    await setPlan(ending, 'bronze', '2026-12-05T09:00:00Z');
    const later = await insertClient(server);
    await setPlan(later, 'silver', '2026-12-05T09:00:01Z');
    const over = await insertClient(server);
    await setPlan(over, 'gold', '2026-12-02T08:59:59Z');

    const rounds = await Promise.all([runPlanJobsOnce(server.deps), runPlanJobsOnce(server.deps)]);
    expect(rounds).toContain(true);
    await runPlanJobsOnce(server.deps);

    const events = await bell(ending);
    expect(events.map((event) => [event.kind, event.message, event.taskId])).toEqual([
      ['plan-renewal', 'Your Bronze plan ends on Sat 5 Dec', null],
    ]);
    const [row] = await server.deps.db.query<{ notification: boolean }>(
      'select notification from users where id = $1',
      [ending.id],
    );
    expect(row!.notification).toBe(true);
    const mails = server.deps.mailer.inbox!(ending.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Bronze plan ends on Sat 5 Dec']);
    expect(mails[0]!.text).toContain('Renew');
    // More than 3 days away, or already over: nothing yet.
    expect(await bell(later)).toEqual([]);
    expect(await bell(over)).toEqual([]);
    expect(server.deps.mailer.inbox!(over.email)).toEqual([]);

    // A second before its own 3 days: the later plan is reminded in its turn, the first not again.
    clock = new Date('2026-12-02T09:00:01Z');
    await runPlanJobsOnce(server.deps);
    expect(await bell(later)).toHaveLength(1);
    expect(await bell(ending)).toHaveLength(1);
  });

  it('renewed, the plan is reminded again before its new end', async () => {
    clock = new Date('2026-12-02T09:00:00Z');
    const client = await insertClient(server);
    await setPlan(client, 'bronze', '2026-12-04T09:00:00Z');
    await runPlanJobsOnce(server.deps);
    await setPlan(client, 'bronze', '2027-01-04T09:00:00Z');
    clock = new Date('2027-01-02T09:00:00Z');
    await runPlanJobsOnce(server.deps);
    expect((await bell(client)).map((event) => event.message)).toEqual([
      'Your Bronze plan ends on Mon 4 Jan',
      'Your Bronze plan ends on Fri 4 Dec',
    ]);
  });
});

describe("plan jobs: Gold's and Platinum's weekly report", () => {
  it('the Monday (Lagos) of a week, from any day of it', () => {
    // Sunday 23:30 UTC is Monday 00:30 in Lagos.
    expect(lagosWeekStart(new Date('2026-11-29T23:30:00Z'))).toEqual({
      date: '2026-11-30',
      at: new Date('2026-11-29T23:00:00Z'),
    });
    expect(lagosWeekStart(new Date('2026-12-06T22:59:59Z')).date).toBe('2026-11-30');
    expect(lagosWeekStart(new Date('2026-11-25T09:00:00Z')).date).toBe('2026-11-23');
  });

  it("each Monday one e-mail of last week's completed pickups and recycled kg, to Gold and Platinum only", async () => {
    clock = new Date('2026-11-20T09:00:00Z');
    const gold = await insertClient(server);
    const bronze = await insertClient(server);
    const fresh = await insertClient(server);
    for (const [who, plan, started] of [
      [gold, 'gold', '2026-11-01T09:00:00Z'],
      [bronze, 'bronze', '2026-11-01T09:00:00Z'],
      [fresh, 'platinum', '2026-12-01T09:00:00Z'],
    ] as const) {
      await server.deps.db.query(
        "update users set subscription_plan = $2, subscription_started_at = $3, subscription_expires_at = '2027-03-01T00:00:00Z' where id = $1",
        [who.id, plan, started],
      );
    }
    const completed = async (who: TestClient, serviceName: string, at: string, kg: number | null) => {
      const task = await createPaidTask(server, who);
      await server.deps.db.query(
        "update tasks set status = 'completed', service_name = $2, completed_at = $3, recycled_kg = $4 where id = $1",
        [task._id, serviceName, at, kg],
      );
    };
    // Last week (Mon 23 Nov to Sun 29 Nov, Lagos): two pickups, 12.5 kg recycled; one before and one after it.
    await completed(gold, 'Recycling Collection', '2026-11-23T08:00:00Z', 12.5);
    await completed(gold, 'Household Waste Pickup', '2026-11-29T22:30:00Z', null);
    await completed(gold, 'Household Waste Pickup', '2026-11-22T22:59:00Z', null);
    await completed(gold, 'Household Waste Pickup', '2026-11-29T23:00:00Z', null);

    clock = new Date('2026-12-01T10:00:00Z');
    await Promise.all([runPlanJobsOnce(server.deps), runPlanJobsOnce(server.deps)]);
    await runPlanJobsOnce(server.deps);
    const mails = server.deps.mailer.inbox!(gold.email).filter((mail) =>
      mail.subject.startsWith('Your GreenPick week'),
    );
    expect(mails.map((mail) => mail.subject)).toEqual(['Your GreenPick week: 2 pickups, 12.5 kg recycled']);
    expect(mails[0]!.text).toContain('Your week from Mon 23 Nov: 2 completed pickups and 12.5 kg recycled.');
    expect(mails[0]!.text).toContain('- Household Waste Pickup: 1');
    expect(mails[0]!.text).toContain('- Recycling Collection: 1');
    // Bronze has no weekly reports; a plan started this week waits for next Monday.
    expect(server.deps.mailer.inbox!(bronze.email)).toEqual([]);
    expect(server.deps.mailer.inbox!(fresh.email)).toEqual([]);

    // The next Monday: the next report, with the pickup done at 00:00 Lagos on Monday 30 Nov.
    clock = new Date('2026-12-07T08:00:00Z');
    await runPlanJobsOnce(server.deps);
    const next = server.deps.mailer.inbox!(gold.email).filter((mail) => mail.subject.startsWith('Your GreenPick week'));
    expect(next.map((mail) => mail.subject)).toEqual([
      'Your GreenPick week: 2 pickups, 12.5 kg recycled',
      'Your GreenPick week: 1 pickup, 0 kg recycled',
    ]);
    expect(server.deps.mailer.inbox!(fresh.email).map((mail) => mail.subject)).toEqual([
      'Your GreenPick week: 0 pickups, 0 kg recycled',
    ]);
  });
});
