/**
 * A dispatch round is asked for at once when something changes who could take a task (a driver
 * comes online or declines) or what is to be offered (a task is booked): the offer goes out
 * then, not at the next tick. The jobs here tick once an hour, so only those asks can offer.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startDispatchJobs, type DispatchJobs } from '../../server/jobs/dispatch-jobs';
import * as ops from '../../server/ops/commands';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertClient as insertFixtureClient, insertTask } from './ops-fixtures';
import { createPaidTask, insertClient } from './task-fixtures';

const YABA = { lat: 6.5158, lng: 3.3782 };
const IKEJA = { lat: 6.6018, lng: 3.3515 };

/** Far below the hour's tick, far above a round's time on a busy machine. */
const SOON = { timeout: 15_000 };

let server: TestServer;
let jobs: DispatchJobs;
let phones = 0;

beforeAll(async () => {
  server = await createTestServer();
  jobs = startDispatchJobs(server.deps, { intervalMs: 60 * 60_000 });
});
afterAll(async () => {
  jobs.stop();
  await jobs.idle();
  await server.close();
});
beforeEach(async () => {
  await server.deps.db.query('delete from task_offers');
  await clearTasksAndDrivers(server.deps.db);
});

/** A driver who signed in and chose a password, still offline. */
async function signedInDriver(at: { lat: number; lng: number }) {
  phones += 1;
  const added = await ops.addDriver(server.deps.db, {
    firstname: 'Soon',
    lastname: 'Driver',
    phone: `0805${String(phones).padStart(7, '0')}`,
    ...at,
  });
  const login = await server.request('POST', '/driver/login', {
    body: { phone: added.phone, password: added.password },
  });
  const changed = await server.request('POST', '/driver/password', {
    token: login.body.data,
    body: { currentPassword: added.password, newPassword: 'my-own-password' },
  });
  expect(changed.status).toBe(200);
  return changed.body.data as string;
}

const goOnline = (token: string) => server.request('POST', '/driver/availability', { token, body: { online: true } });

/** The task ids offered to this driver now (no tick is waited for: the poll only reads). */
async function offeredTo(token: string): Promise<string[]> {
  const answer = await server.request('POST', '/driver/offers', { token, body: {} });
  return (answer.body.data as { taskId: string }[]).map((offer) => offer.taskId);
}

it('a driver coming online is offered the waiting task at once', async () => {
  const token = await signedInDriver(YABA);
  const task = await insertTask(server.deps.db, await insertFixtureClient(server.deps.db), YABA);
  expect(await offeredTo(token)).toEqual([]);
  expect((await goOnline(token)).status).toBe(200);
  await expect.poll(() => offeredTo(token), SOON).toEqual([task]);
});

it('a declined offer goes to the next nearest driver at once', async () => {
  const near = await signedInDriver(YABA);
  const far = await signedInDriver(IKEJA);
  const task = await insertTask(server.deps.db, await insertFixtureClient(server.deps.db), YABA);
  await goOnline(far);
  await expect.poll(() => offeredTo(far), SOON).toEqual([task]);
  // One offer of a task at a time: the nearer driver coming online waits for `far`'s answer.
  await goOnline(near);
  await jobs.idle();
  expect(await offeredTo(near)).toEqual([]);
  expect((await server.request('POST', '/driver/offers/decline', { token: far, body: { taskId: task } })).status).toBe(
    200,
  );
  await expect.poll(() => offeredTo(near), SOON).toEqual([task]);
  expect(await offeredTo(far)).toEqual([]);
});

it('a task booked and paid is offered to the online driver at once', async () => {
  const token = await signedInDriver(YABA);
  await goOnline(token);
  await jobs.idle();
  const task = await createPaidTask(server, await insertClient(server));
  await expect.poll(() => offeredTo(token), SOON).toEqual([task._id]);
});
