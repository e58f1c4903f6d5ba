/**
 * A task's `arrivedAt` (issue 48): set once its driver is within 100 m of the pin (a move, the
 * simulator) or says so (`arrive`, POST /ops/tasks/:id/arrived); the status stays; a new driver
 * or going back to pending clears it; the client reads it on the task.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import { findTaskById, toTask } from '../../server/db/tasks';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertClient, insertDriver, insertTask } from './ops-fixtures';

const OPS_TOKEN = 'test-ops-token-arrival-0123';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
});
afterAll(() => server.close());
beforeEach(() => clearTasksAndDrivers(server.deps.db));

const db = () => server.deps.db;
const deps = () => server.deps;
/** The command line's operator commands (`npm run ops`). */
const CLI = { actor: 'cli' } as const;
/** The fixture task's pin (Ikoyi) and places about 80 m and 400 m north of it. */
const PIN = { lat: 6.447, lng: 3.4305 };
const NEAR = { lat: 6.44772, lng: 3.4305 };
const FAR = { lat: 6.4506, lng: 3.4305 };

async function arrivedAt(taskId: string): Promise<string | null> {
  const row = await findTaskById(db(), taskId);
  return toTask(row!).arrivedAt ?? null;
}

describe('arrivedAt', () => {
  it('is set when the driver moves within 100 m of the pin, not at 400 m, and the status stays', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), { lat: 6.5158, lng: 3.3782 });
    const task = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver, ...PIN });
    const other = await insertTask(db(), client, { status: 'completed', driverId: driver, ...PIN });
    await ops.moveDriver(db(), driver, FAR.lat, FAR.lng);
    expect(await arrivedAt(task)).toBeNull();
    await ops.moveDriver(db(), driver, NEAR.lat, NEAR.lng);
    const first = await arrivedAt(task);
    expect(first).not.toBeNull();
    expect((await findTaskById(db(), task))!.status).toBe('driver-assigned');
    // A completed task of the same driver is not 'arrived' again; a later move keeps the first time.
    expect(await arrivedAt(other)).toBeNull();
    await ops.moveDriver(db(), driver, PIN.lat, PIN.lng);
    expect(await arrivedAt(task)).toBe(first);
  });

  it('`arrive` sets it for a task under way; a pending task or unknown id is refused; a new driver clears it', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), { lat: 6.5158, lng: 3.3782 });
    const pending = await insertTask(db(), client);
    await expect(ops.markArrived(deps(), pending, CLI)).rejects.toThrow(/pending with no driver: only the driver/);
    await expect(ops.markArrived(deps(), 'ghost-task', CLI)).rejects.toThrow(/No task with id "ghost-task"/);

    const task = await insertTask(db(), client, { status: 'on-going', driverId: driver });
    const arrived = await ops.markArrived(deps(), task, CLI);
    expect(arrived.arrivedAt).not.toBeNull();
    expect(arrived.status).toBe('on-going');

    // The same driver again keeps it; another driver has not arrived yet.
    await ops.assignDriver(deps(), task, driver, CLI);
    expect(await arrivedAt(task)).toBe(arrived.arrivedAt);
    const second = await insertDriver(db(), { lat: 6.5158, lng: 3.3782 }, 'Bola');
    await ops.assignDriver(deps(), task, second, CLI);
    expect(await arrivedAt(task)).toBeNull();
    await ops.markArrived(deps(), task, CLI);
    await ops.moveTaskTo(deps(), task, 'pending', CLI);
    expect(await arrivedAt(task)).toBeNull();
  });

  it('POST /ops/tasks/:id/arrived: 200 with the task, 404 unknown, 400 not under way, 401 without the token', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), { lat: 6.5158, lng: 3.3782 });
    const task = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver });
    const done = await insertTask(db(), client, { status: 'completed', driverId: driver });
    const headers = { 'X-Ops-Token': OPS_TOKEN };
    expect((await server.request('POST', `/ops/tasks/${task}/arrived`, { body: {} })).status).toBe(401);
    const unknown = await server.request('POST', '/ops/tasks/unknown-task/arrived', { headers, body: {} });
    expect(unknown.status).toBe(404);
    const refused = await server.request('POST', `/ops/tasks/${done}/arrived`, { headers, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.stringMatching(/is completed: only the driver/) });
    const ok = await server.request('POST', `/ops/tasks/${task}/arrived`, { headers, body: {} });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: task, status: 'driver-assigned', arrivedAt: expect.any(String) });
  });
});
