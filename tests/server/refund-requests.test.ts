/**
 * Refunds above support's limit escalate (issue 63, docs/operations.md 'Refund requests'):
 * support's refused cancel offers the request, the client reads 'Refund awaiting approval',
 * an admin approves (the cancel and its full refund, by the admin) or declines, with a note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTaskById, toTask } from '../../server/db/tasks';
import { createTestServer, type TestServer } from './harness';
import { readyOperator } from './operator-fixtures';
import { insertClient, insertTask } from './ops-fixtures';

let server: TestServer;
const token: Record<'admin' | 'support', { email: string; token: string }> = {} as never;
const db = () => server.deps.db;

beforeAll(async () => {
  server = await createTestServer();
  token.admin = await readyOperator(server, 'admin');
  token.support = await readyOperator(server, 'support');
});
afterAll(() => server.close());

const as = (role: keyof typeof token, method: string, path: string, body?: unknown) =>
  server.request(method, path, { token: token[role].token, body });

async function paidTask(kobo: number) {
  const taskId = await insertTask(db(), await insertClient(db()));
  await db().query(
    'update payment_uses set amount_kobo = $2 where reference = (select reference from tasks where id = $1)',
    [taskId, kobo],
  );
  return taskId;
}

const clientView = async (taskId: string) => toTask((await findTaskById(db(), taskId))!);

describe('refund requests', () => {
  it("support's over-limit cancel offers the request; an admin approves it and the task is cancelled and refunded", async () => {
    const taskId = await paidTask(2_500_000);
    const refused = await as('support', 'POST', `/ops/tasks/${taskId}/cancel`, { reason: 'Client asked' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Above your refund limit of ₦20,000.00', canRequestApproval: true });

    const sent = await as('support', 'POST', `/ops/tasks/${taskId}/refund-request`, { reason: 'Driver never came' });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ taskId, amount: 25_000, reason: 'Driver never came', decision: null });
    expect((await clientView(taskId)).refundAwaitingApproval).toBe(true);
    const twice = await as('support', 'POST', `/ops/tasks/${taskId}/refund-request`, { reason: 'again' });
    expect(twice.status).toBe(409);

    const queue = await as('admin', 'GET', '/ops/refund-requests');
    const request = queue.body.data.find((entry: { taskId: string }) => entry.taskId === taskId);
    expect(request).toMatchObject({ requestedBy: token.support.email, decision: null });
    expect((await as('admin', 'POST', `/ops/refund-requests/${request.id}/approve`, { note: ' ' })).status).toBe(400);

    const approved = await as('admin', 'POST', `/ops/refund-requests/${request.id}/approve`, {
      note: 'Checked the GPS',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      decision: 'approved',
      decidedBy: token.admin.email,
      note: 'Checked the GPS',
    });
    const after = await clientView(taskId);
    expect(after).toMatchObject({ status: 'cancelled', refundAwaitingApproval: false });
    const [refund] = await db().query<{ amount_kobo: string }>('select amount_kobo from refunds where task_id = $1', [
      taskId,
    ]);
    expect(Number(refund.amount_kobo)).toBe(2_500_000);
    const actions = await db().query<{ action: string; actor: string }>(
      `select action, actor from audit_log where subject = $1 order by id`,
      [`task:${taskId}`],
    );
    expect(actions).toEqual([
      { action: 'refund.request', actor: token.support.email },
      { action: 'task.cancel', actor: token.admin.email },
      { action: 'refund.approve', actor: token.admin.email },
    ]);
    // The audit reads it in words, filtered by task (and day), and exports it as CSV.
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const words = await as('admin', 'GET', `/ops/audit?task=${taskId}&day=${today}`);
    const task = `Household Waste Pickup for Chioma Test (task ${taskId.slice(0, 8)})`;
    expect(words.body.data.map((line: { who: string; what: string }) => `${line.who} ${line.what}`)).toEqual([
      `${token.admin.email} (admin) approved the refund of ₦25,000.00 on ${task}: Checked the GPS`,
      `${token.admin.email} (admin) cancelled ${task} with a refund of ₦25,000.00: Driver never came (approved by ${token.admin.email}: Checked the GPS)`,
      `${token.support.email} (support) asked an admin to refund ₦25,000.00 on ${task}: Driver never came`,
    ]);
    const csv = await as('admin', 'GET', `/ops/audit.csv?task=${taskId}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body).split('\r\n')[0]).toBe('when (UTC),who,did what,from address,action,subject');
    expect(String(csv.body)).toContain(
      `${token.support.email} (support),"asked an admin to refund ₦25,000.00 on ${task}: Driver never came",local,refund.request`,
    );
    expect((await as('admin', 'GET', '/ops/audit?what=DROP%20TABLE')).status).toBe(400);

    const again = await as('admin', 'POST', `/ops/refund-requests/${request.id}/decline`, { note: 'late' });
    expect(again.status).toBe(409);
  });

  it('an admin declines with a note and nothing is refunded; a refund within the limit is not sent', async () => {
    const taskId = await paidTask(3_000_000);
    const sent = await as('support', 'POST', `/ops/tasks/${taskId}/refund-request`, { reason: 'Client unhappy' });
    const declined = await as('admin', 'POST', `/ops/refund-requests/${sent.body.data.id}/decline`, {
      note: 'Collected as booked',
    });
    expect(declined.body.data).toMatchObject({ decision: 'declined', note: 'Collected as booked' });
    expect(await clientView(taskId)).toMatchObject({ status: 'pending', refundAwaitingApproval: false });
    expect(await db().query('select 1 from refunds where task_id = $1', [taskId])).toEqual([]);

    const small = await paidTask(150_000);
    const within = await as('support', 'POST', `/ops/tasks/${small}/refund-request`, { reason: 'Client asked' });
    expect(within.status).toBe(400);
    expect(within.body.message).toBe('This refund is within your limit: cancel the task yourself');
    expect((await as('admin', 'POST', '/ops/refund-requests/no-such/approve', { note: 'x' })).status).toBe(404);
  });
});
