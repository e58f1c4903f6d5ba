/**
 * The operator console's routes (issue 47): the board's fields, a task's detail, cancel with
 * refund and support's limit, complete with a quantity, assignment checks, drivers' edits,
 * closing support requests, client lookup, operators, and the audit row each change writes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertClient, insertDriver, insertTask } from './ops-fixtures';
import { readyOperator } from './operator-fixtures';

const OPS_TOKEN = 'ops-console-test-token-of-at-least-32-chars';
let server: TestServer;
const token: Record<'admin' | 'dispatcher' | 'support', { token: string; email: string }> = {} as never;

beforeAll(async () => {
  // One proxy in front, so a request's X-Forwarded-For is the address the audit records.
  server = await createTestServer({ config: { opsToken: OPS_TOKEN, trustProxy: 1 } });
  for (const role of ['admin', 'dispatcher', 'support'] as const) token[role] = await readyOperator(server, role);
});
afterAll(() => server.close());
beforeEach(async () => {
  await db().query('delete from support_requests');
  await db().query('delete from task_offers');
  await db().query('delete from refunds');
  await clearTasksAndDrivers(db());
  await db().query('update ops_settings set support_refund_limit_kobo = 2000000');
});

const db = () => server.deps.db;
const as = (role: keyof typeof token, method: string, path: string, body?: unknown) =>
  server.request(method, path, { token: token[role].token, body });

/** A task paid `kobo` by card (the fixture's reference in payment_uses). */
async function paidTask(kobo: number, fixture: Parameters<typeof insertTask>[2] = {}) {
  const userId = await insertClient(db());
  const taskId = await insertTask(db(), userId, fixture);
  await db().query(
    'update payment_uses set amount_kobo = $2 where reference = (select reference from tasks where id = $1)',
    [taskId, kobo],
  );
  return { userId, taskId };
}

/** The newest audit rows of a subject, oldest first. */
async function auditOf(subject: string) {
  const answer = await as('admin', 'GET', '/ops/audit?limit=100');
  expect(answer.status).toBe(200);
  return (
    answer.body.data as Array<{ subject: string; action: string; actor: string; before: unknown; after: unknown }>
  )
    .filter((row) => row.subject === subject)
    .reverse();
}

describe('the board', () => {
  it('lists open tasks with the offer, waiting time and promise; drivers with online, busy and location', async () => {
    const driverId = await insertDriver(db(), { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
    await db().query('update drivers set online = true where id = $1', [driverId]);
    const { taskId } = await paidTask(150_000);
    const { taskId: doneId } = await paidTask(150_000, { status: 'completed', driverId });
    await db().query(
      `insert into task_offers (id, task_id, driver_id, offered_at, expires_at, distance_m)
       values ('offer-1', $1, $2, now(), now() + interval '2 minutes', 900)`,
      [taskId, driverId],
    );
    const board = await as('dispatcher', 'GET', '/ops/tasks?state=open');
    expect(board.status).toBe(200);
    expect(board.body.data.map((task: { id: string }) => task.id)).toEqual([taskId]);
    const [task] = board.body.data;
    expect(task).toMatchObject({
      status: 'pending',
      asap: true,
      window: null,
      service: { type: 'household', name: 'Household Waste Pickup' },
      location: [3.4305, 6.447],
      offer: { driverId, driverName: 'Kunle Driver' },
      client: { firstname: 'Chioma' },
      amount: 1500,
    });
    expect(Date.parse(task.promiseAt) - Date.parse(task.createdAt)).toBe(60 * 60_000);
    expect(task.waitingSince).toBe(task.createdAt);
    // Without ?state the CLI's list: every task.
    expect((await as('dispatcher', 'GET', '/ops/tasks')).body.data.map((t: { id: string }) => t.id)).toContain(doneId);
    expect((await as('dispatcher', 'GET', '/ops/tasks?state=nonsense')).status).toBe(400);

    const drivers = await as('dispatcher', 'GET', '/ops/drivers');
    expect(drivers.body.data).toEqual([
      expect.objectContaining({
        id: driverId,
        name: 'Kunle Driver',
        online: true,
        busy: false,
        active: true,
        location: [3.37, 6.5],
        acceptanceRate: null,
      }),
    ]);
  });

  it("the console's assignment needs an online, free driver (409 otherwise); it withdraws the open offer", async () => {
    const userId = await insertClient(db());
    const taskId = await insertTask(db(), userId);
    const otherTask = await insertTask(db(), userId);
    const driverId = await insertDriver(db(), { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
    const offline = await as('dispatcher', 'POST', `/ops/tasks/${taskId}/assign`, { driverId });
    expect(offline.status).toBe(409);
    expect(offline.body.message).toBe('This driver is offline');
    await db().query('update drivers set online = true where id = $1', [driverId]);
    await db().query(
      `insert into task_offers (id, task_id, driver_id, offered_at, expires_at, distance_m)
       values ('offer-2', $1, $2, now(), now() + interval '2 minutes', 900)`,
      [taskId, driverId],
    );
    const assigned = await as('dispatcher', 'POST', `/ops/tasks/${taskId}/assign`, { driverId });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ id: taskId, status: 'driver-assigned', driver: { id: driverId } });
    const [offer] = await db().query<{ outcome: string }>("select outcome from task_offers where id = 'offer-2'");
    expect(offer.outcome).toBe('taken');
    const busy = await as('dispatcher', 'POST', `/ops/tasks/${otherTask}/assign`, { driverId });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('This driver is on another task');
    // The CLI may still assign anyone (it overrides).
    const cli = await server.request('POST', `/ops/tasks/${otherTask}/assign`, {
      headers: { 'X-Ops-Token': OPS_TOKEN },
      body: { driverId },
    });
    expect(cli.status).toBe(200);

    const rows = await auditOf(`task:${taskId}`);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'task.assign',
        actor: token.dispatcher.email,
        before: { status: 'pending', driverId: null },
        after: { status: 'driver-assigned', driverId },
      }),
    ]);
    expect((await auditOf(`task:${otherTask}`))[0]).toMatchObject({ action: 'task.assign', actor: 'cli' });
  });

  it('a dispatcher reassigns an assigned task to another online, free driver; the first one is free again', async () => {
    const first = await insertDriver(db(), { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
    const second = await insertDriver(db(), { lat: 6.51, lng: 3.38 }, 'Tayo', { demo: false });
    await db().query('update drivers set online = true where id = any($1::text[])', [[first, second]]);
    const { taskId } = await paidTask(150_000, { status: 'driver-assigned', driverId: first });
    const reassigned = await as('dispatcher', 'POST', `/ops/tasks/${taskId}/assign`, { driverId: second });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.data).toMatchObject({ status: 'driver-assigned', driver: { id: second } });
    const drivers: Array<{ id: string; busy: boolean }> = (await as('dispatcher', 'GET', '/ops/drivers')).body.data;
    expect(Object.fromEntries(drivers.map((driver) => [driver.id, driver.busy]))).toEqual({
      [first]: false,
      [second]: true,
    });
    expect(await auditOf(`task:${taskId}`)).toEqual([
      expect.objectContaining({
        action: 'task.assign',
        before: { status: 'driver-assigned', driverId: first },
        after: { status: 'driver-assigned', driverId: second },
      }),
    ]);
  });

  it('a dispatcher may move a task along but not cancel or complete it through the status route', async () => {
    const userId = await insertClient(db());
    const taskId = await insertTask(db(), userId);
    for (const status of ['cancelled', 'completed']) {
      const refused = await as('dispatcher', 'POST', `/ops/tasks/${taskId}/status`, { status });
      expect(refused.status).toBe(403);
    }
    const driverId = await insertDriver(db(), { lat: 6.5, lng: 3.37 });
    // Only a task with its driver sets off ('on-going' from 'driver-assigned', docs/lifecycle.md).
    await db().query(`update tasks set driver_id = $2, status = 'driver-assigned' where id = $1`, [taskId, driverId]);
    expect((await as('dispatcher', 'POST', `/ops/tasks/${taskId}/status`, { status: 'on-going' })).status).toBe(200);
    expect(await auditOf(`task:${taskId}`)).toEqual([
      expect.objectContaining({
        action: 'task.status',
        before: { status: 'driver-assigned' },
        after: { status: 'on-going' },
      }),
    ]);
  });
});

describe('a task', () => {
  it('answers its client, payment, events and chat', async () => {
    const { taskId, userId } = await paidTask(150_000);
    await db().query(
      `insert into messages (id, task_id, sender, content, client_id) values ('m-1', $1, 'user', 'Gate is blue', 'c-1')`,
      [taskId],
    );
    const answer = await as('support', 'GET', `/ops/tasks/${taskId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: taskId,
      client: { id: userId, firstname: 'Chioma', lastname: 'Test', phone: '+2348012345678' },
      payment: { status: 'paid', amount: 1500 },
      refund: null,
      messages: [{ from: 'client', text: 'Gate is blue' }],
    });
    expect(JSON.stringify(answer.body)).not.toContain('not-a-real-hash');
    expect((await as('support', 'GET', '/ops/tasks/nope')).status).toBe(404);

    // Its events say who did what; a cancel shows its reason and refund.
    const driverId = await insertDriver(db(), { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
    await db().query('update drivers set online = true where id = $1', [driverId]);
    expect((await as('dispatcher', 'POST', `/ops/tasks/${taskId}/assign`, { driverId })).status).toBe(200);
    expect((await as('support', 'POST', `/ops/tasks/${taskId}/cancel`, { reason: 'Asked by phone' })).status).toBe(200);
    const after = (await as('support', 'GET', `/ops/tasks/${taskId}`)).body.data;
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'Asked by phone', refund: { amount: 1500 } });
    const actors = after.events.map((event: { actor: string }) => event.actor);
    expect(actors).toEqual(
      expect.arrayContaining([`operator ${token.dispatcher.email}`, `operator ${token.support.email}`]),
    );
    expect((await as('support', 'GET', `/ops/tasks/${'x'.repeat(500)}`)).status).toBe(400);
  });
});

describe('cancel with refund', () => {
  it('support cancels at or below the limit; above it is 403 and nothing changes; an admin raises the limit', async () => {
    const small = await paidTask(2_000_000);
    const cancelled = await as('support', 'POST', `/ops/tasks/${small.taskId}/cancel`, {
      reason: 'Client asked by phone',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toEqual({ taskId: small.taskId, status: 'cancelled', refund: 20_000 });
    const [refund] = await db().query<{ amount_kobo: string }>('select amount_kobo from refunds where task_id = $1', [
      small.taskId,
    ]);
    expect(Number(refund.amount_kobo)).toBe(2_000_000);

    const big = await paidTask(2_000_001);
    const refused = await as('support', 'POST', `/ops/tasks/${big.taskId}/cancel`, { reason: 'Client asked' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Above your refund limit of ₦20,000.00');
    const [still] = await db().query<{ status: string }>('select status from tasks where id = $1', [big.taskId]);
    expect(still.status).toBe('pending');
    expect(await auditOf(`task:${big.taskId}`)).toEqual([]);

    expect((await as('support', 'POST', '/ops/settings/refund-limit', { amount: 50_000 })).status).toBe(403);
    const raised = await as('admin', 'POST', '/ops/settings/refund-limit', { amount: 50_000 });
    expect(raised.status).toBe(200);
    expect((await as('support', 'GET', '/ops/me')).body.data.refundLimit).toBe(50_000);
    expect((await as('support', 'POST', `/ops/tasks/${big.taskId}/cancel`, { reason: 'Client asked' })).status).toBe(
      200,
    );
    expect(await auditOf('settings:support-refund-limit')).toEqual([
      expect.objectContaining({ actor: token.admin.email, before: { amount: 20_000 }, after: { amount: 50_000 } }),
    ]);
    expect(await auditOf(`task:${small.taskId}`)).toEqual([
      expect.objectContaining({
        action: 'task.cancel',
        actor: token.support.email,
        before: { status: 'pending' },
        after: { status: 'cancelled', reason: 'Client asked by phone', refund: 20_000, fee: 0 },
      }),
    ]);
  });

  it('an admin has no limit; a dispatcher may not cancel; a reason is required; twice is 409', async () => {
    const big = await paidTask(9_000_000);
    expect((await as('dispatcher', 'POST', `/ops/tasks/${big.taskId}/cancel`, { reason: 'x' })).status).toBe(403);
    const noReason = await as('admin', 'POST', `/ops/tasks/${big.taskId}/cancel`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('reason is required');
    expect((await as('admin', 'POST', `/ops/tasks/${big.taskId}/cancel`, { reason: 'r'.repeat(501) })).status).toBe(
      400,
    );
    expect(
      (await as('admin', 'POST', `/ops/tasks/${big.taskId}/cancel`, { reason: 'Flooded street' })).body.data.refund,
    ).toBe(90_000);
    expect((await as('admin', 'POST', `/ops/tasks/${big.taskId}/cancel`, { reason: 'again' })).status).toBe(409);
  });
});

describe('complete with a quantity (admin)', () => {
  it('completes an assigned task; audit row; a pending one is 409', async () => {
    const driverId = await insertDriver(db(), { lat: 6.5, lng: 3.37 });
    const { taskId } = await paidTask(150_000, { status: 'on-going', driverId });
    const done = await as('admin', 'POST', `/ops/tasks/${taskId}/complete`, { quantity: 1 });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ taskId, status: 'completed', quantity: 1, refund: 0 });
    expect((await auditOf(`task:${taskId}`))[0]).toMatchObject({
      action: 'task.complete',
      after: { status: 'completed', quantity: 1, refund: 0 },
    });
    const { taskId: pending } = await paidTask(150_000);
    expect((await as('admin', 'POST', `/ops/tasks/${pending}/complete`, { quantity: 1 })).status).toBe(409);
    expect((await as('admin', 'POST', `/ops/tasks/${pending}/complete`, { quantity: -1 })).status).toBe(400);
  });
});

describe('drivers', () => {
  it('edit, reset the password (sessions end), deactivate (no sign-in): each with its audit row', async () => {
    const added = await ops.addDriver(db(), {
      firstname: 'Bola',
      lastname: 'Ade',
      phone: '08031112233',
      lat: 6.5,
      lng: 3.37,
    });
    const edited = await as('dispatcher', 'POST', `/ops/drivers/${added.id}`, { vehicle: 'Tricycle', plate: 'kja-1' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ vehicle: 'Tricycle', plate: 'KJA-1' });
    expect((await as('dispatcher', 'POST', `/ops/drivers/${added.id}`, {})).body.message).toBe('Nothing to change');
    expect((await as('dispatcher', 'POST', `/ops/drivers/${added.id}`, { plate: 'x'.repeat(100) })).status).toBe(400);

    const login = await server.request('POST', '/driver/login', {
      body: { phone: added.phone, password: added.password },
    });
    const reset = await as('dispatcher', 'POST', `/ops/drivers/${added.id}/password`, {});
    expect(reset.status).toBe(200);
    expect(reset.body.data.password).toMatch(/^[a-z2-9]{10}$/);
    expect((await server.request('POST', '/driver/offers', { token: login.body.data, body: {} })).status).toBe(401);
    const again = await server.request('POST', '/driver/login', {
      body: { phone: added.phone, password: reset.body.data.password },
    });
    expect(again.status).toBe(200);

    const noReason = await as('dispatcher', 'POST', `/ops/drivers/${added.id}/deactivate`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('reason is required');
    const deactivated = await as('dispatcher', 'POST', `/ops/drivers/${added.id}/deactivate`, {
      reason: 'Licence expired',
    });
    expect(deactivated.body.data).toMatchObject({ active: false, online: false });
    expect((await server.request('POST', '/driver/password', { token: again.body.data, body: {} })).status).toBe(401);
    expect(
      (
        await server.request('POST', '/driver/login', {
          body: { phone: added.phone, password: reset.body.data.password },
        })
      ).status,
    ).toBe(401);

    const rows = await auditOf(`driver:${added.id}`);
    expect(rows.map((row) => row.action)).toEqual(['driver.edit', 'driver.reset-password', 'driver.deactivate']);
    expect(rows[2]).toMatchObject({ after: { active: false, online: false, reason: 'Licence expired' } });

    // Reactivated with a reason: active again, offline until the driver goes online.
    const back = await as('dispatcher', 'POST', `/ops/drivers/${added.id}/reactivate`, { reason: 'Licence renewed' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ active: true, online: false });
    expect((await as('dispatcher', 'POST', `/ops/drivers/${added.id}/reactivate`, { reason: 'again' })).status).toBe(
      409,
    );
    const words = await as('admin', 'GET', `/ops/audit?what=driver&who=${encodeURIComponent(token.dispatcher.email)}`);
    expect(
      words.body.data.slice(0, 2).map((line: { who: string; what: string }) => `${line.who} ${line.what}`),
    ).toEqual([
      `${token.dispatcher.email} (dispatcher) reactivated driver Bola Ade: Licence renewed`,
      `${token.dispatcher.email} (dispatcher) deactivated driver Bola Ade: Licence expired`,
    ]);
    expect(rows[0]).toMatchObject({
      before: { vehicle: '', plate: '' },
      after: { vehicle: 'Tricycle', plate: 'KJA-1' },
    });
    expect(JSON.stringify(rows)).not.toContain(reset.body.data.password);
  });

  it("each driver's tasks completed today (Lagos), rating and acceptance rate (answered offers only)", async () => {
    const driverId = await insertDriver(db(), { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
    const userId = await insertClient(db());
    const done = [];
    for (let i = 0; i < 3; i += 1) done.push(await insertTask(db(), userId, { status: 'completed', driverId }));
    await db().query(`update tasks set completed_at = now() where id = any($1::text[])`, [done.slice(0, 2)]);
    await db().query(`update tasks set completed_at = now() - interval '2 days' where id = $1`, [done[2]]);
    await db().query('update drivers set rating_sum = 9, rating_count = 2 where id = $1', [driverId]);
    const outcomes = ['accepted', 'accepted', 'accepted', 'declined', 'taken', null];
    for (const [index, outcome] of outcomes.entries())
      await db().query(
        `insert into task_offers (id, task_id, driver_id, offered_at, expires_at, distance_m, outcome)
         values ($1, $2, $3, now(), now() + interval '2 minutes', 900, $4)`,
        [`offer-rate-${index}`, done[index % 3], driverId, outcome],
      );
    const [driver] = (await as('dispatcher', 'GET', '/ops/drivers')).body.data;
    expect(driver).toMatchObject({
      id: driverId,
      tasksToday: 2,
      rating: { average: 4.5, count: 2 },
      acceptanceRate: 0.75,
    });
  });

  it("a photo is an https address or the server's initials (an emptied one goes back to them); nothing else", async () => {
    const added = await as('dispatcher', 'POST', '/ops/drivers', {
      firstname: 'Ngozi',
      lastname: 'Eze',
      phone: '08031112244',
      lat: 6.5,
      lng: 3.37,
      photoUrl: 'https://photos.greenpick.ng/ngozi.jpg',
    });
    expect(added.status).toBe(201);
    expect(added.body.data.photoUrl).toBe('https://photos.greenpick.ng/ngozi.jpg');
    const id: string = added.body.data.id;
    const emptied = await as('dispatcher', 'POST', `/ops/drivers/${id}`, { photoUrl: '' });
    expect(emptied.body.data.photoUrl).toBe(`/driver/photo/${id}`);
    for (const photoUrl of ['javascript:alert(1)', 'http://plain.example/x.jpg', 'data:image/png;base64,AAAA'])
      expect((await as('dispatcher', 'POST', `/ops/drivers/${id}`, { photoUrl })).status, photoUrl).toBe(400);
  });
});

describe('support', () => {
  it('lists with the plan priority; reply and close are audited; closed requests leave the open list', async () => {
    const userId = await insertClient(db());
    const taskId = await insertTask(db(), userId);
    await db().query(
      `update users set subscription_plan = 'gold', subscription_expires_at = now() + interval '10 days' where id = $1`,
      [userId],
    );
    await db().query(
      `insert into support_requests (id, user_id, task_id, category, text) values ('req-1', $1, $2, 'pickup', 'Nobody came')`,
      [userId, taskId],
    );
    const list = await as('support', 'GET', '/ops/support?all=1');
    expect(list.body.data[0]).toMatchObject({ id: 'req-1', priority: 'Gold 24/7', answered: false, closed: false });
    const replied = await as('support', 'POST', '/ops/support/req-1/reply', { reply: 'On our way' });
    expect(replied.status).toBe(200);
    // Unanswered first, whatever the plan: a newer request of a client without one goes above the Gold one answered.
    const other = await insertClient(db());
    await db().query(
      `insert into support_requests (id, user_id, task_id, category, text) values ('req-2', $1, $2, 'pickup', 'Late')`,
      [other, await insertTask(db(), other)],
    );
    const ordered = (await as('support', 'GET', '/ops/support?all=1')).body.data;
    expect(ordered.map((request: { id: string; priority: string | null }) => [request.id, request.priority])).toEqual([
      ['req-2', null],
      ['req-1', 'Gold 24/7'],
    ]);
    const closed = await as('support', 'POST', '/ops/support/req-1/close', {});
    expect(closed.body.data).toMatchObject({ id: 'req-1', answered: true, closed: true });
    expect((await as('support', 'POST', '/ops/support/req-1/close', {})).status).toBe(409);
    expect((await as('support', 'GET', '/ops/support')).body.data.map((request: { id: string }) => request.id)).toEqual(
      ['req-2'],
    );
    expect((await auditOf('support:req-1')).map((row) => row.action)).toEqual(['support.reply', 'support.close']);
  });
});

describe('paths and queries at the edge', () => {
  it('an over-long id, an odd reference or an odd ?all is a 400 naming it, never a 5xx', async () => {
    const long = 'x'.repeat(300);
    for (const [role, method, path, body, message] of [
      ['admin', 'POST', `/ops/tasks/${long}/assign`, { driverId: 'abcd' }, 'task id is too long'],
      ['admin', 'POST', `/ops/tasks/${long}/arrived`, {}, 'task id is too long'],
      ['admin', 'PUT', `/ops/drivers/${long}/location`, { lat: 6.5, lng: 3.3 }, 'driver id is too long'],
      ['admin', 'POST', `/ops/clients/${long}/points`, { amount: 5 }, 'client id is too long'],
      ['admin', 'POST', '/ops/clients/abcd/points', {}, 'amount must be a number of tokens'],
      ['support', 'POST', `/ops/support/${long}/reply`, { reply: 'Hi' }, 'request id is too long'],
      ['admin', 'POST', `/ops/payments/${'r'.repeat(101)}/honour`, {}, 'reference is too long'],
      ['admin', 'POST', '/ops/payments/ref-1/settle', {}, 'note is required'],
      ['admin', 'GET', '/ops/payments?all=yes', undefined, 'all must be 1, true, 0 or false'],
      ['support', 'GET', '/ops/support?all=2', undefined, 'all must be 1, true, 0 or false'],
    ] as const) {
      const answer = await as(role, method, path, body);
      expect([path, answer.status, answer.body]).toEqual([path, 400, { message }]);
    }
    expect((await as('support', 'GET', '/ops/support?all=false')).status).toBe(200);
  });
});

describe('clients', () => {
  it('finds by e-mail or phone and shows tasks, plan and points, never a password hash', async () => {
    const client = await server.createClient({ phonenumber: '08035550000' });
    const byEmail = await as('support', 'GET', `/ops/clients?q=${encodeURIComponent(client.email.slice(0, 10))}`);
    expect(byEmail.body.data.map((entry: { id: string }) => entry.id)).toContain(client.id);
    const byPhone = await as('support', 'GET', '/ops/clients?q=0803%20555%200000');
    expect(byPhone.body.data.map((entry: { id: string }) => entry.id)).toEqual([client.id]);
    expect((await as('support', 'GET', '/ops/clients?q=%25%25')).status).toBe(400);
    expect((await as('support', 'GET', `/ops/clients?q=${'a'.repeat(300)}`)).status).toBe(400);
    const wildcard = await as('support', 'GET', '/ops/clients?q=%25%25%25');
    expect(wildcard.body.data).toEqual([]);
    const detail = await as('support', 'GET', `/ops/clients/${client.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      client: { id: client.id, email: client.email },
      plan: null,
      points: 0,
      tasks: [],
    });
    const text = JSON.stringify(detail.body);
    expect(text).not.toMatch(/password|scrypt|token/i);
  });
});

describe('operators', () => {
  it('an admin adds one (one-time password, audited) and lists them; bad input is 400', async () => {
    const added = await as('admin', 'POST', '/ops/operators', { email: 'New.Agent@GreenPick.ng', role: 'support' });
    expect(added.status).toBe(201);
    expect(added.body.data.operator).toMatchObject({
      email: 'new.agent@greenpick.ng',
      role: 'support',
      mustChangePassword: true,
    });
    expect(added.body.data.password).toMatch(/^[a-z2-9]{16}$/);
    expect(
      (await as('admin', 'POST', '/ops/operators', { email: 'new.agent@greenpick.ng', role: 'support' })).status,
    ).toBe(400);
    expect((await as('admin', 'POST', '/ops/operators', { email: 'x@y.ng', role: 'root' })).status).toBe(400);
    expect(
      (await as('admin', 'POST', '/ops/operators', { email: `${'a'.repeat(300)}@y.ng`, role: 'admin' })).status,
    ).toBe(400);
    const list = await as('admin', 'GET', '/ops/operators');
    expect(list.body.data.map((entry: { email: string }) => entry.email)).toContain('new.agent@greenpick.ng');
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt|password_hash/);
    const [row] = await auditOf(`operator:${added.body.data.operator.id}`);
    expect(row).toMatchObject({
      action: 'operator.add',
      actor: token.admin.email,
      after: { email: 'new.agent@greenpick.ng', role: 'support' },
    });
    expect(JSON.stringify(row)).not.toContain(added.body.data.password);
  });
});

describe('deactivating an operator', () => {
  it('ends their sessions and sign-in, is audited, and is refused on oneself', async () => {
    const added = await as('admin', 'POST', '/ops/operators', { email: 'leaving@greenpick.ng', role: 'dispatcher' });
    const { id } = added.body.data.operator;
    const login = await server.request('POST', '/ops/login', {
      body: { email: 'leaving@greenpick.ng', password: added.body.data.password },
    });
    expect(login.status).toBe(200);
    const done = await as('admin', 'POST', `/ops/operators/${id}/deactivate`, {});
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id, active: false });
    expect((await server.request('GET', '/ops/me', { token: login.body.data })).status).toBe(401);
    expect(
      (
        await server.request('POST', '/ops/login', {
          body: { email: 'leaving@greenpick.ng', password: added.body.data.password },
        })
      ).status,
    ).toBe(401);
    const me = (await as('admin', 'GET', '/ops/me')).body.data;
    const self = await as('admin', 'POST', `/ops/operators/${me.id}/deactivate`, {});
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot deactivate your own account');
    expect((await auditOf(`operator:${id}`)).map((row) => row.action)).toEqual(['operator.add', 'operator.deactivate']);
  });
});

describe('the audit list', () => {
  it('each row names the operator, the time and the address of the change, with before and after', async () => {
    const driverId = await insertDriver(db(), { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
    const before = Date.now();
    const edited = await server.request('POST', `/ops/drivers/${driverId}`, {
      token: token.dispatcher.token,
      headers: { 'X-Forwarded-For': '203.0.113.47' },
      body: { vehicle: 'Tricycle' },
    });
    expect(edited.status).toBe(200);
    const after = Date.now();
    const [row] = (await as('admin', 'GET', '/ops/audit?limit=1')).body.data;
    expect(row).toMatchObject({
      actor: token.dispatcher.email,
      address: '203.0.113.47',
      action: 'driver.edit',
      subject: `driver:${driverId}`,
      before: { vehicle: '' },
      after: { vehicle: 'Tricycle' },
    });
    expect(Date.parse(row.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(row.at)).toBeLessThanOrEqual(after + 1000);
  });

  it('pages with before and limit, refuses bad values with 400', async () => {
    for (const amount of [30_000, 40_000])
      expect((await as('admin', 'POST', '/ops/settings/refund-limit', { amount })).status).toBe(200);
    const all = (await as('admin', 'GET', '/ops/audit?limit=2')).body.data as Array<{ id: string; after: unknown }>;
    expect(all.map((row) => row.after)).toEqual([{ amount: 40_000 }, { amount: 30_000 }]);
    const page = await as('admin', 'GET', `/ops/audit?before=${all[0].id}&limit=1`);
    expect(page.body.data.map((row: { id: string }) => row.id)).toEqual([all[1].id]);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'before=-1', `before=${'9'.repeat(30)}`])
      expect((await as('admin', 'GET', `/ops/audit?${query}`)).status, query).toBe(400);
  });
});
