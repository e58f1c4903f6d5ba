import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServiceArea } from '../../server/service-area';
import * as ops from '../../server/console/commands';
import { tasksTable } from '../../server/ops/format';
import { startSimulator } from '../../server/dispatch/simulator';
import { offeredWindows } from '../../src/shared/pickup-windows';
import { createTestServer, type TestServer } from './harness';
import { insertClient, insertDriver, payReference, submitTask, taskBody, type TestClient } from './task-fixtures';

let server: TestServer;
let clock = new Date('2026-11-25T08:30:00Z');

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
});
afterAll(() => server.close());

const laundry = (client: TestClient, quantity: number, extra: object = {}) =>
  taskBody(client, {
    type: 'laundry',
    serviceName: 'Laundry Service',
    unit: 'per kg',
    amount: 1000,
    quantity,
    ...extra,
  });

async function attentionReason(reference: string): Promise<string | undefined> {
  const [row] = await server.deps.db.query<{ reason: string }>(
    'select reason from payments_needing_attention where reference = $1',
    [reference],
  );
  return row?.reason;
}

describe('quantity: how much a booking asks for', () => {
  it('3 kg of laundry paid at 3 x the kg price: the task has quantity 3 and costs the total', async () => {
    const client = await insertClient(server);
    const body = laundry(client, 3);
    await payReference(server, client, 3000, body.reference);
    const response = await submitTask(server, client, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({ quantity: 3, amount: 3000, unit: 'per kg', scheduledFor: null });
  });

  it('paid for one kg while asking for three: refused, the charge kept for an operator', async () => {
    const client = await insertClient(server);
    const body = laundry(client, 3);
    await payReference(server, client, 1000, body.reference);
    const response = await submitTask(server, client, body);
    expect(response.status).toBe(400);
    expect(await attentionReason(body.reference)).toEqual(expect.any(String));
  });

  it.each([
    [250, 'Quantity must be from 1 to 200 kg'],
    [2.25, 'Quantity must be in steps of 0.5 kg'],
  ])('%s kg: 422 with the reason; the paid charge goes to payments needing attention', async (quantity, reason) => {
    const client = await insertClient(server);
    const body = laundry(client, quantity);
    await payReference(server, client, 1000 * quantity, body.reference);
    const response = await submitTask(server, client, body);
    expect(response.status).toBe(422);
    expect(response.body.message).toContain(reason);
    expect(await attentionReason(body.reference)).toBe(reason);
  });

  it('a per-pickup service is one pickup: quantity 2 is refused; absent is 1', async () => {
    const client = await insertClient(server);
    const two = taskBody(client, { quantity: 2 });
    await payReference(server, client, 3000, two.reference);
    expect((await submitTask(server, client, two)).status).toBe(422);
    const one = taskBody(client);
    await payReference(server, client, 1500, one.reference);
    const created = await submitTask(server, client, one);
    expect(created.status).toBe(201);
    expect(created.body.data.quantity).toBe(1);
  });

  it('a quantity that is not a number is a 400 before anything is charged', async () => {
    const client = await insertClient(server);
    const response = await submitTask(server, client, { ...laundry(client, 1), quantity: '3kg' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('quantity must be a number');
  });
});

describe('a pickup time', () => {
  it('an offered window is booked: on the task, and in npm run ops -- tasks as the client reads it', async () => {
    clock = new Date('2026-11-25T08:30:00Z');
    const client = await insertClient(server);
    const window = offeredWindows(clock).find((offered) => offered.start === '2026-11-26T09:00:00.000Z')!;
    const body = laundry(client, 3, { scheduledFor: { start: '2026-11-26T10:00:00+01:00', end: window.end } });
    await payReference(server, client, 3000, body.reference);
    const response = await submitTask(server, client, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data.scheduledFor).toEqual(window);
    const listed = (await ops.listTasks(server.deps.db)).find((task) => task.id === response.body.data._id)!;
    expect(listed.scheduledFor).toEqual(window);
    const table = tasksTable([listed]);
    expect(table).toContain('Thu 26 Nov, 10:00-12:00');
    expect(table).toContain('Laundry Service (3 kg)');
  });

  it("just after Lagos midnight the new last day's windows are booked, and the day after them is not", async () => {
    // 00:10 in Lagos on 26 Nov: the last day offered is 10 Dec, which the list of half an hour
    // earlier (25 Nov, 23:40) did not reach.
    clock = new Date('2026-11-25T23:10:00Z');
    const last = offeredWindows(clock).at(-1)!;
    expect(last.start).toBe('2026-12-10T15:00:00.000Z');
    const client = await insertClient(server);
    const body = taskBody(client, { scheduledFor: last });
    await payReference(server, client, 1500, body.reference);
    const response = await submitTask(server, client, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data.scheduledFor).toEqual(last);

    const other = await insertClient(server);
    const beyond = taskBody(other, { scheduledFor: { start: '2026-12-11T07:00:00Z', end: '2026-12-11T09:00:00Z' } });
    await payReference(server, other, 1500, beyond.reference);
    const refused = await submitTask(server, other, beyond);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^This window is no longer available/);
  });

  it('a window that is not offered (too soon, off the hour, past 14 days): 422, the charge kept for an operator', async () => {
    clock = new Date('2026-11-25T08:30:00Z');
    for (const scheduledFor of [
      { start: '2026-11-25T09:00:00Z', end: '2026-11-25T11:00:00Z' },
      { start: '2026-11-26T09:30:00Z', end: '2026-11-26T11:30:00Z' },
      { start: '2026-12-20T09:00:00Z', end: '2026-12-20T11:00:00Z' },
    ]) {
      const client = await insertClient(server);
      const body = taskBody(client, { scheduledFor });
      await payReference(server, client, 1500, body.reference);
      const response = await submitTask(server, client, body);
      expect(response.status).toBe(422);
      expect(response.body.message).toMatch(/^This window is no longer available/);
      expect(await attentionReason(body.reference)).toMatch(/^This window is no longer available/);
    }
  });

  it('the simulator gives a scheduled task its driver shortly before its window, and never cancels it as unserved before', async () => {
    clock = new Date('2026-11-25T08:30:00Z');
    const client = await insertClient(server);
    const body = taskBody(client, { scheduledFor: { start: '2026-11-26T09:00:00Z', end: '2026-11-26T11:00:00Z' } });
    await payReference(server, client, 1500, body.reference);
    const taskId = (await submitTask(server, client, body)).body.data._id as string;
    // Made at the test's clock, not the machine's: the database stamps its own time.
    await server.deps.db.query('update tasks set created_at = $2 where id = $1', [taskId, clock]);
    const simulator = startSimulator(server.deps, { intervalMs: 3_600_000 });
    try {
      const statusOf = async () => (await ops.listTasks(server.deps.db)).find((task) => task.id === taskId)!;
      // No driver at all for hours: an as-soon-as-possible task would be cancelled by now.
      clock = new Date('2026-11-25T20:00:00Z');
      await simulator.tick();
      expect((await statusOf()).status).toBe('pending');
      await insertDriver(server);
      clock = new Date('2026-11-26T08:00:00Z');
      await simulator.tick();
      expect((await statusOf()).driver).toBeNull();
      clock = new Date('2026-11-26T08:31:00Z');
      await simulator.tick();
      expect((await statusOf()).status).toBe('driver-assigned');
    } finally {
      simulator.stop();
      await simulator.idle();
    }
  });
});

describe('the service area', () => {
  it('GET /client/service-area: the MultiPolygon and its name, without a session', async () => {
    const response = await server.request('GET', '/client/service-area');
    expect(response.status).toBe(200);
    expect(response.body.data.name).toBe('Lagos and Abuja');
    expect(response.body.data.area.type).toBe('MultiPolygon');
    expect(response.body.data.area.coordinates).toHaveLength(2);
  });

  it("a paid booking in Ibadan: 422 'We don't serve this area yet', the charge kept for an operator", async () => {
    clock = new Date('2026-11-25T08:30:00Z');
    const client = await insertClient(server);
    const body = taskBody(client, { address: 'Bodija, Ibadan', location: { type: 'Point', coordinates: [3.9, 7.43] } });
    await payReference(server, client, 1500, body.reference);
    const response = await submitTask(server, client, body);
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/^We don't serve this area yet\. We serve Lagos and Abuja\. /);
    expect(await attentionReason(body.reference)).toBe("We don't serve this area yet. We serve Lagos and Abuja");
  });

  it('an operator replaces the area with SERVICE_AREA_FILE; a file that is not a MultiPolygon stops the start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'area-'));
    try {
      const file = join(dir, 'area.json');
      writeFileSync(
        file,
        JSON.stringify({
          type: 'Feature',
          properties: { name: 'Ibadan' },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [3.8, 7.3],
                  [4.0, 7.3],
                  [4.0, 7.5],
                  [3.8, 7.5],
                  [3.8, 7.3],
                ],
              ],
            ],
          },
        }),
      );
      expect(loadServiceArea(file).name).toBe('Ibadan');
      writeFileSync(file, JSON.stringify({ type: 'Polygon', coordinates: [] }));
      expect(() => loadServiceArea(file)).toThrow(/SERVICE_AREA_FILE .* must hold a GeoJSON MultiPolygon/);
      writeFileSync(file, '{ not json');
      expect(() => loadServiceArea(file)).toThrow(/cannot be read as JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
