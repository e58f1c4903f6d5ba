/**
 * Photo proof at pickup (issue 64, docs/driver.md 'Photo proof'): POST /driver/tasks/photo
 * stores one JPEG or WebP a task (type by its bytes), within a size and a per-driver daily
 * quota; a required-photo service's completion waits for it; the client's receipt and the
 * console's task show it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import { PHOTO_REQUIRED } from '../../server/tasks/lifecycle';
import {
  PHOTO_NOT_WANTED,
  PHOTO_QUOTA,
  PHOTO_TAKEN,
  PHOTO_TASK_CLOSED,
  PHOTO_TYPE_ERROR,
} from '../../server/tasks/driver-photo.routes';
import { PHOTO_MAX_BYTES, PHOTO_MAX_DATA_URL } from '../../src/shared/driver-rules';
import { PHOTO_TOO_LARGE } from '../../src/shared/schemas/driver';
import { createTestServer, type TestServer } from './harness';
import { insertTask } from './ops-fixtures';

const OPS_TOKEN = 'driver-photo-test-token-of-at-least-32-chars';
const PIN = { lat: 6.447, lng: 3.4305 };

let server: TestServer;
let phoneCounter = 0;

beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN, driverPhotosPerDay: 3 } });
});
afterAll(() => server.close());

const db = () => server.deps.db;

/** A JPEG's or WebP's first bytes, then filler up to `size` bytes (the server judges by the first bytes). */
function image(kind: 'jpeg' | 'webp' | 'png', size = 2_000, fill = 7): string {
  const bytes = Buffer.alloc(size, fill);
  if (kind === 'jpeg') Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes);
  if (kind === 'png') Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  if (kind === 'webp') {
    bytes.write('RIFF', 0, 'latin1');
    bytes.write('WEBP', 8, 'latin1');
  }
  // The label says JPEG whatever the bytes are: the bytes decide.
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

async function readyDriver() {
  phoneCounter += 1;
  const added = await ops.addDriver(db(), {
    firstname: 'Tunde',
    lastname: 'Driver',
    phone: `0805${String(2_000_000 + phoneCounter).padStart(7, '0')}`,
    lat: PIN.lat,
    lng: PIN.lng,
  });
  const login = await server.request('POST', '/driver/login', {
    body: { phone: added.phone, password: added.password },
  });
  const changed = await server.request('POST', '/driver/password', {
    token: login.body.data,
    body: { currentPassword: added.password, newPassword: 'my-own-password' },
  });
  return { id: added.id, token: changed.body.data as string };
}

/** A bulk pickup (photo required in the catalog) of 2 items, assigned to the driver, of a client who can read its receipt. */
async function bulkTask(driverId: string, service: 'bulk' | 'household' = 'bulk') {
  const client = await server.createClient();
  const task = await insertTask(db(), client.id, { status: 'driver-assigned', driverId });
  if (service === 'bulk')
    await db().query(
      `update tasks set type = 'bulk', service_name = 'Bulk Waste Removal', unit = 'per item', quantity = 2 where id = $1`,
      [task],
    );
  return { task, client };
}

const sendPhoto = (token: string, taskId: string, photo: unknown) =>
  server.request('POST', '/driver/tasks/photo', { token, body: { taskId, image: photo } });

async function arrive(token: string, taskId: string) {
  const sent = await server.request('POST', '/driver/positions', {
    token,
    body: { points: [{ ...PIN, accuracy: 10, at: new Date().toISOString() }] },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const arrived = await server.request('POST', '/driver/tasks/arrived', { token, body: { taskId } });
  expect(arrived.status, JSON.stringify(arrived.body)).toBe(200);
}

const complete = (token: string, taskId: string) =>
  server.request('POST', '/driver/tasks/complete', { token, body: { taskId, code: '123456', quantity: 2 } });

describe('POST /driver/tasks/photo', () => {
  it('refuses what is not a JPEG or WebP, too large, not theirs, or of a service without photos', async () => {
    const driver = await readyDriver();
    const other = await readyDriver();
    const { task } = await bulkTask(driver.id);
    const refusals: Array<[unknown, number, string]> = [
      ['not a data URL', 400, PHOTO_TYPE_ERROR],
      ['data:text/plain;base64,aGVsbG8=', 400, PHOTO_TYPE_ERROR],
      [image('png'), 400, PHOTO_TYPE_ERROR],
      // The length is checked before any pattern runs over it.
      [`data:image/jpeg;base64,${'A'.repeat(PHOTO_MAX_DATA_URL)}`, 400, PHOTO_TOO_LARGE],
      [image('jpeg', PHOTO_MAX_BYTES + 3), 400, PHOTO_TOO_LARGE],
      [42, 400, 'image must be a string'],
      [undefined, 400, 'image is required'],
    ];
    for (const [photo, status, message] of refusals) {
      const answer = await sendPhoto(driver.token, task, photo);
      expect(answer.status, String(photo).slice(0, 40)).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    expect((await sendPhoto(other.token, task, image('jpeg'))).status).toBe(404);
    const household = await bulkTask(driver.id, 'household');
    const off = await sendPhoto(driver.token, household.task, image('jpeg'));
    expect(off.status).toBe(409);
    expect(off.body.message).toBe(PHOTO_NOT_WANTED);
    const [row] = await db().query<{ count: number }>('select count(*)::int as count from task_photos');
    expect(row.count).toBe(0);
  });

  it("a required photo: completion waits for it; one a task (a resend answers the same); the receipt and the console's task show it", async () => {
    const driver = await readyDriver();
    const { task, client } = await bulkTask(driver.id);
    await arrive(driver.token, task);
    const without = await complete(driver.token, task);
    expect(without.status).toBe(409);
    expect(without.body.message).toBe(PHOTO_REQUIRED);

    const listed = await server.request('POST', '/driver/tasks', { token: driver.token, body: {} });
    expect(listed.body.data[0]).toMatchObject({ taskId: task, photo: 'required', photoTaken: false });

    const photo = image('webp', 3_000);
    const stored = await sendPhoto(driver.token, task, photo);
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body.data).toEqual({ taskId: task, stored: true });
    const again = await sendPhoto(driver.token, task, photo);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ taskId: task, stored: false });
    const another = await sendPhoto(driver.token, task, image('jpeg'));
    expect(another.status).toBe(409);
    expect(another.body.message).toBe(PHOTO_TAKEN);
    expect(
      (await server.request('POST', '/driver/tasks', { token: driver.token, body: {} })).body.data[0],
    ).toMatchObject({
      photoTaken: true,
    });

    const done = await complete(driver.token, task);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Once completed, the same photo resent (its answer was lost) still answers as before; a new one is refused.
    expect((await sendPhoto(driver.token, task, photo)).status).toBe(200);
    const late = await sendPhoto(driver.token, task, image('jpeg', 2_500, 9));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(PHOTO_TAKEN);

    // Stored as WebP, by its bytes (the label said JPEG).
    const shown = `data:image/webp;base64,${photo.split(',')[1]}`;
    const receipt = await server.request('POST', '/client/tasks/receipt', {
      token: client.token,
      body: { taskId: task },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data.photo).toBe(shown);
    const detail = await server.request('GET', `/ops/tasks/${task}`, { headers: { 'X-Ops-Token': OPS_TOKEN } });
    expect(detail.status).toBe(200);
    expect(detail.body.data.pickupPhoto).toBe(shown);
  });

  it('a closed task takes no photo; a driver stores at most DRIVER_PHOTOS_PER_DAY in 24 hours', async () => {
    const driver = await readyDriver();
    const { task: cancelled } = await bulkTask(driver.id);
    await db().query(`update tasks set status = 'cancelled' where id = $1`, [cancelled]);
    const closed = await sendPhoto(driver.token, cancelled, image('jpeg'));
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(PHOTO_TASK_CLOSED);

    for (let n = 0; n < 3; n += 1) {
      const { task } = await bulkTask(driver.id);
      expect((await sendPhoto(driver.token, task, image('jpeg', 2_000, n))).status).toBe(201);
    }
    const { task: fourth } = await bulkTask(driver.id);
    const over = await sendPhoto(driver.token, fourth, image('jpeg', 2_000, 5));
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(PHOTO_QUOTA);
    // A day later the quota is whole again.
    await db().query(`update task_photos set created_at = created_at - interval '25 hours' where driver_id = $1`, [
      driver.id,
    ]);
    expect((await sendPhoto(driver.token, fourth, image('jpeg', 2_000, 5))).status).toBe(201);
  });
});
