/**
 * 'Drivers are busy near you' (issue 63, docs/driver.md 'Dispatch'): a task no driver took for
 * DISPATCH_ATTENTION_MIN tells its client once, on the task and by push, with Keep waiting,
 * Choose another time and Cancel for a full refund. On the test's own clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDispatchOnce } from '../../server/dispatch/dispatch-jobs';
import { pushPayload } from '../../server/notifications/messages';
import * as ops from '../../server/console/commands';
import { offeredWindows } from '../../src/shared/pickup-windows';
import { createTestServer, type TestServer } from './harness';
import { insertDriver, insertTask } from './ops-fixtures';

let clock = new Date();
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
});
afterAll(() => server.close());

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function taskOf(client: { id: string; token: string }, taskId: string) {
  const answer = await server.request('POST', '/client/task', { token: client.token, body: { userId: client.id } });
  return answer.body.data.find((task: { _id: string }) => task._id === taskId);
}

describe('drivers busy near you', () => {
  it('after 10 minutes the task says so and the push says it once; Keep waiting hides it', async () => {
    const client = await server.createClient();
    const taskId = await insertTask(server.deps.db, client.id, { createdAt: clock });
    await runDispatchOnce(server.deps);
    expect((await taskOf(client, taskId)).driversBusy).toBe(false);
    later(10 * 60_000);
    await runDispatchOnce(server.deps);
    await runDispatchOnce(server.deps);
    expect((await taskOf(client, taskId)).driversBusy).toBe(true);
    // Told once: the mark is set once (the outbox row per device follows it: push.test.ts sends them).
    const [{ drivers_busy_told_at: told }] = await server.deps.db.query<{ drivers_busy_told_at: Date }>(
      'select drivers_busy_told_at from tasks where id = $1',
      [taskId],
    );
    later(60_000);
    await runDispatchOnce(server.deps);
    const [again] = await server.deps.db.query<{ drivers_busy_told_at: Date }>(
      'select drivers_busy_told_at from tasks where id = $1',
      [taskId],
    );
    expect(again.drivers_busy_told_at).toEqual(told);
    const push = pushPayload({
      kind: 'drivers-busy',
      taskId,
      data: {},
      serviceName: 'Household Waste Pickup',
      amountKobo: 0,
      driver: null,
    });
    expect(push).toMatchObject({ title: 'Drivers are busy near you', url: `/client/tasks/${taskId}` });

    const kept = await server.request('POST', '/client/tasks/keep-waiting', { token: client.token, body: { taskId } });
    expect(kept.status).toBe(200);
    expect(kept.body.data.driversBusy).toBe(false);
    expect(kept.body.data.status).toBe('pending');
  });

  it('Choose another time moves it to an offered window and its dispatch starts afresh; refused once it has a driver', async () => {
    const client = await server.createClient();
    const taskId = await insertTask(server.deps.db, client.id, { createdAt: clock });
    await runDispatchOnce(server.deps);
    later(11 * 60_000);
    await runDispatchOnce(server.deps);
    const window = offeredWindows(clock).at(-1)!;
    const bad = await server.request('POST', '/client/tasks/reschedule', {
      token: client.token,
      body: {
        taskId,
        window: { start: window.start, end: new Date(Date.parse(window.end) + 3_600_000).toISOString() },
      },
    });
    expect(bad.status).toBe(400);
    const moved = await server.request('POST', '/client/tasks/reschedule', {
      token: client.token,
      body: { taskId, window },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ scheduledFor: window, driversBusy: false, status: 'pending' });
    const [row] = await server.deps.db.query<{ dispatch_started_at: Date | null }>(
      'select dispatch_started_at from tasks where id = $1',
      [taskId],
    );
    expect(row.dispatch_started_at).toBeNull();

    const stranger = await server.createClient();
    const theirs = await server.request('POST', '/client/tasks/keep-waiting', {
      token: stranger.token,
      body: { taskId },
    });
    expect(theirs.status).toBe(403);

    const driver = await insertDriver(server.deps.db, { lat: 6.45, lng: 3.43 }, 'Bayo', { demo: false });
    await ops.assignDriver(server.deps, taskId, driver, { actor: 'cli' });
    const tooLate = await server.request('POST', '/client/tasks/keep-waiting', {
      token: client.token,
      body: { taskId },
    });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toBe('This task is no longer waiting for a driver');
    const malformed = await server.request('POST', '/client/tasks/reschedule', {
      token: client.token,
      body: { taskId },
    });
    expect(malformed.status).toBe(400);
  });
});
