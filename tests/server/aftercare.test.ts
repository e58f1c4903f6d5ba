/**
 * After paying (issue 27) on the local test ledger: cancel and its refund at once, who is
 * coming, chat senders and a reassignment, rating once, support requests and replies, the
 * receipt and its e-mail on completion.
 */
import { describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import * as lifecycle from '../../server/tasks/lifecycle';
import { createSmtpMailer } from '../../server/notifications/mailer';
import { startFakeSmtp } from './fake-smtp';
import type { TestServer } from './harness';
import { assignDriver, createPaidTask, insertDriver, serverWithTwoClients, type TestClient } from './task-fixtures';

let server: TestServer;
let client: TestClient;
let other: TestClient;
serverWithTwoClients((started) => ({ server, client, other } = started));

const post = (path: string, who: TestClient, body: unknown) => server.request('POST', path, { token: who.token, body });
const events = async (who: TestClient) => (await post('/client/events', who, { limit: 50 })).body.data;
/** The command line's operator commands (`npm run ops`). */
const CLI = { actor: 'cli' } as const;

describe('cancel and refund', () => {
  it('a pending paid task is cancelled with a reason and refunded in full at once; the bell says so', async () => {
    const task = await createPaidTask(server, client, { amount: 1500 });
    const response = await post('/client/tasks/cancel', client, { taskId: task._id, reason: 'changed-plans' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'changed-plans' });
    expect(response.body.data.refund).toMatchObject({ status: 'refunded', amount: 1500 });
    const refundEvents = (await events(client)).filter((event: { taskId: string }) => event.taskId === task._id);
    expect(refundEvents.map((event: { refundStatus: string }) => event.refundStatus)).toEqual(['refunded', 'pending']);
    // A repeated cancel (an offline retry) changes nothing.
    const again = await post('/client/tasks/cancel', client, { taskId: task._id, reason: 'changed-plans' });
    expect(again.status).toBe(200);
    const [row] = await server.deps.db.query<{ n: string }>('select count(*) as n from refunds where task_id = $1', [
      task._id,
    ]);
    expect(Number(row!.n)).toBe(1);
  });

  it('a driver-assigned task may be cancelled free; an on-going one too, less the cancel fee once the driver set off 2 minutes ago; a completed one is refused', async () => {
    const driver = await insertDriver(server);
    const assigned = await createPaidTask(server, client, { amount: 1500 });
    await assignDriver(server, assigned._id, driver);
    const free = await post('/client/tasks/cancel', client, { taskId: assigned._id, reason: 'too-slow' });
    expect(free.status).toBe(200);
    expect(free.body.data).toMatchObject({ status: 'cancelled', cancelFee: 0, refund: { amount: 1500 } });
    // On the way for 3 minutes: the client may still cancel, the driver keeps the fee (₦500).
    const going = await createPaidTask(server, client, { amount: 1500 });
    await assignDriver(server, going._id, driver, 'on-going');
    await server.deps.db.query(`update tasks set started_at = now() - interval '3 minutes' where id = $1`, [going._id]);
    const quote = await post('/client/tasks/cancel/quote', client, { taskId: going._id });
    expect(quote.body.data).toEqual({ fee: 500, refund: 1000 });
    const late = await post('/client/tasks/cancel', client, { taskId: going._id, reason: 'other', note: 'late' });
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ status: 'cancelled', cancelFee: 500, refund: { amount: 1000 } });
    const [fee] = await server.deps.db.query<{ driver_id: string; amount_kobo: string }>(
      `select driver_id, amount_kobo from driver_earnings where task_id = $1 and kind = 'fee'`,
      [going._id],
    );
    expect(fee && [fee.driver_id, Number(fee.amount_kobo)]).toEqual([driver, 50_000]);
    const done = await createPaidTask(server, client);
    await assignDriver(server, done._id, driver, 'completed');
    const refused = await post('/client/tasks/cancel', client, { taskId: done._id, reason: 'other' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This task is already done');
  });

  it("someone else's task is 403, an unknown one 404; a bad reason or an oversized note 400 before any lookup", async () => {
    const task = await createPaidTask(server, client);
    expect((await post('/client/tasks/cancel', other, { taskId: task._id, reason: 'other' })).status).toBe(403);
    expect((await post('/client/tasks/cancel', client, { taskId: 'nope', reason: 'other' })).status).toBe(404);
    const bad = await post('/client/tasks/cancel', client, { taskId: task._id, reason: 'because' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/reason must be one of/);
    const long = await post('/client/tasks/cancel', client, {
      taskId: task._id,
      reason: 'other',
      note: 'x'.repeat(301),
    });
    expect(long.status).toBe(400);
    expect(
      (await post('/client/task', client, { userId: client.id })).body.data.find(
        (t: { _id: string }) => t._id === task._id,
      ).status,
    ).toBe('pending');
  });

  it('the operator cancels the same way (refunded), and a cancelled task cannot be moved on', async () => {
    const task = await createPaidTask(server, client, { amount: 1500 });
    const change = await ops.moveTaskTo(server.deps, task._id, 'cancelled', CLI);
    expect(change.task.status).toBe('cancelled');
    const [refund] = await server.deps.db.query<{ status: string }>('select status from refunds where task_id = $1', [
      task._id,
    ]);
    expect(refund!.status).toBe('refunded');
    await expect(ops.moveTaskTo(server.deps, task._id, 'pending', CLI)).rejects.toThrow('This task is cancelled');
  });
});

describe('who is coming, chat and rating', () => {
  it('the task names its driver with photo, vehicle, plate and rating; the photo is served', async () => {
    const driver = await ops.addDriver(server.deps.db, {
      firstname: 'Emeka',
      lastname: 'Nwosu',
      phone: '+2348052140917',
      lat: 6.5,
      lng: 3.37,
      vehicle: 'Toyota Hiace, white',
      plate: 'kja-123xy',
    });
    const task = await createPaidTask(server, client);
    await ops.assignDriver(server.deps, task._id, driver.id, CLI);
    const tasks = (await post('/client/task', client, { userId: client.id })).body.data;
    const shown = tasks.find((entry: { _id: string }) => entry._id === task._id);
    expect(shown.driver).toMatchObject({
      firstname: 'Emeka',
      vehicle: 'Toyota Hiace, white',
      plate: 'KJA-123XY',
      photoUrl: `/driver/photo/${driver.id}`,
      rating: { average: 0, count: 0 },
    });
    const photo = await server.request('GET', shown.driver.photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('a photo URL other than https or a path of ours is refused', async () => {
    await expect(
      ops.addDriver(server.deps.db, {
        firstname: 'A',
        lastname: 'B',
        phone: '+2348052140917',
        lat: 6.5,
        lng: 3.37,
        photoUrl: 'javascript:alert(1)',
      }),
    ).rejects.toThrow(/photoUrl must be an https/);
  });

  it('messages keep the name of the driver who wrote them; a reassignment adds a note', async () => {
    const first = await ops.addDriver(server.deps.db, {
      firstname: 'Tunde',
      lastname: 'B',
      phone: '+2348052140917',
      lat: 6.5,
      lng: 3.37,
    });
    const second = await ops.addDriver(server.deps.db, {
      firstname: 'Emeka',
      lastname: 'N',
      phone: '+2348052140917',
      lat: 6.5,
      lng: 3.37,
    });
    const task = await createPaidTask(server, client);
    await ops.assignDriver(server.deps, task._id, first.id, CLI);
    await ops.sendDriverMessage(server.deps.db, task._id, 'On my way');
    await ops.assignDriver(server.deps, task._id, second.id, CLI);
    await ops.sendDriverMessage(server.deps.db, task._id, 'I have taken over');
    // The same driver again says nothing; the first one back is announced again.
    await ops.assignDriver(server.deps, task._id, second.id, CLI);
    await ops.assignDriver(server.deps, task._id, first.id, CLI);
    const thread = (await post('/client/getMessages', client, { taskId: task._id })).body.data.messages;
    expect(
      thread.map((m: { sender: string; senderName: string | null; content: string }) => [
        m.sender,
        m.senderName,
        m.content,
      ]),
    ).toEqual([
      ['driver', 'Tunde', 'On my way'],
      ['system', null, 'Your new driver is Emeka'],
      ['driver', 'Emeka', 'I have taken over'],
      ['system', null, 'Your new driver is Tunde'],
    ]);
  });

  it("the simulator's assignment after a driver was dropped announces the new driver too", async () => {
    const first = await ops.addDriver(server.deps.db, {
      firstname: 'Musa',
      lastname: 'B',
      phone: '+2348052140917',
      lat: 6.5,
      lng: 3.37,
    });
    const second = await ops.addDriver(server.deps.db, {
      firstname: 'Ngozi',
      lastname: 'A',
      phone: '+2348052140917',
      lat: 6.5,
      lng: 3.37,
    });
    const task = await createPaidTask(server, client);
    await ops.assignDriver(server.deps, task._id, first.id, CLI);
    await ops.sendDriverMessage(server.deps.db, task._id, 'Coming');
    await ops.moveTaskTo(server.deps, task._id, 'pending', CLI);
    // What the simulator's tick does (server/dispatch/simulator.ts): the lifecycle's assignment as a job.
    const assigned = await lifecycle.assign(server.deps, task._id, second.id, { actor: 'job' }, { onlyWaiting: true });
    expect(assigned).toMatchObject({ status: 'driver-assigned', changed: true });
    const thread = (await post('/client/getMessages', client, { taskId: task._id })).body.data.messages;
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Coming', 'Your new driver is Ngozi']);
  });

  it('a completed task is rated once; the driver average moves; an open task cannot be rated', async () => {
    const driver = await insertDriver(server);
    const open = await createPaidTask(server, client);
    await assignDriver(server, open._id, driver);
    expect((await post('/client/tasks/rate', client, { taskId: open._id, stars: 5 })).status).toBe(409);
    const ratings = [5, 4];
    for (const stars of ratings) {
      const task = await createPaidTask(server, client);
      await assignDriver(server, task._id, driver, 'completed');
      const rated = await post('/client/tasks/rate', client, { taskId: task._id, stars, comment: 'Good' });
      expect(rated.status).toBe(200);
      expect(rated.body.data.rating).toMatchObject({ stars, comment: 'Good' });
      expect((await post('/client/tasks/rate', client, { taskId: task._id, stars: 1 })).status).toBe(409);
    }
    const [row] = await server.deps.db.query<{ rating_sum: string; rating_count: number }>(
      'select rating_sum, rating_count from drivers where id = $1',
      [driver],
    );
    expect([Number(row!.rating_sum), Number(row!.rating_count)]).toEqual([9, 2]);
    expect((await post('/client/tasks/rate', client, { taskId: open._id, stars: 6 })).status).toBe(400);
  });
});

describe('receipt and support', () => {
  it('a completed paid task has a receipt with VAT included, and it is mailed on completion', async () => {
    const driver = await insertDriver(server);
    const task = await createPaidTask(server, client, { amount: 1500 });
    await assignDriver(server, task._id, driver);
    await ops.moveTaskTo(server.deps, task._id, 'completed', CLI);
    const receipt = await post('/client/tasks/receipt', client, { taskId: task._id });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      reference: task.reference,
      quantity: 1,
      unitPrice: 1500,
      total: 1500,
      vatIncluded: 104.65,
      vatRate: 0.075,
      paymentMethod: 'Card - test payment',
      status: 'completed',
      refund: null,
    });
    const mail = server.deps.mailer.inbox!(client.email).at(-1)!;
    expect(mail.subject).toContain(task.reference);
    expect(mail.text).toContain('VAT included (7.5%): ₦104.65');
    expect((await post('/client/tasks/receipt', other, { taskId: task._id })).status).toBe(403);
  });

  it('the receipt goes out through the real SMTP adapter (the fake SMTP server)', async () => {
    const smtp = await startFakeSmtp();
    const original = server.deps.mailer;
    try {
      const mailer = await createSmtpMailer(smtp.url, server.deps.config.mailFrom, server.deps.log);
      const driver = await insertDriver(server);
      const task = await createPaidTask(server, client, { amount: 1500 });
      await assignDriver(server, task._id, driver);
      await ops.moveTaskTo({ ...server.deps, mailer }, task._id, 'completed', CLI);
      const letters = smtp.received.filter((letter) => letter.to.includes(client.email));
      expect(letters).toHaveLength(1);
      expect(letters[0]!.data).toContain(`Reference: ${task.reference}`);
      // Completing it again (a repeated command) is refused and mails nothing more.
      await expect(ops.moveTaskTo({ ...server.deps, mailer }, task._id, 'completed', CLI)).rejects.toThrow(
        'This task is completed already',
      );
      expect(smtp.received.filter((letter) => letter.to.includes(client.email))).toHaveLength(1);
    } finally {
      server.deps.mailer = original;
      await smtp.close();
    }
  });

  it('a support request is listed for the operator; the reply reaches the client in the bell', async () => {
    const task = await createPaidTask(server, client);
    const sent = await post('/client/support', client, { taskId: task._id, category: 'pickup', text: 'Nobody came' });
    expect(sent.status).toBe(201);
    expect((await ops.listSupport(server.deps.db)).map((request) => request.id)).toContain(sent.body.data._id);
    await ops.replySupport(server.deps.db, sent.body.data._id, 'Sorry: a driver comes at 3 pm');
    await expect(ops.replySupport(server.deps.db, sent.body.data._id, 'again')).rejects.toThrow(/answered already/);
    const [event] = await events(client);
    expect(event).toMatchObject({ kind: 'support-reply', taskId: task._id, message: 'Sorry: a driver comes at 3 pm' });
    const mine = (await post('/client/support/list', client, {})).body.data;
    expect(mine[0]).toMatchObject({ _id: sent.body.data._id, reply: 'Sorry: a driver comes at 3 pm' });
    const long = await post('/client/support', client, { taskId: task._id, category: 'app', text: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect((await post('/client/support', other, { taskId: task._id, category: 'app', text: 'hi' })).status).toBe(403);
  });
});
