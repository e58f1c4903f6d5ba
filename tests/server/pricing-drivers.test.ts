import { describe, expect, it } from 'vitest';
import { koboToNaira } from '../../src/shared/money';
import { SEED_SERVICES } from '../../src/shared/pricing';
import type { TestServer } from './harness';
import { assignDriver, createPaidTask, insertDriver, serverWithTwoClients, type TestClient } from './task-fixtures';

let server: TestServer;
let client: TestClient;
let other: TestClient;
serverWithTwoClients((started) => ({ server, client, other } = started));

describe('GET /admin/pricing', () => {
  it("answers { data: PricingItem[] }: the catalog's services with numeric prices and their rules, in the catalog's order", async () => {
    const response = await server.request('GET', '/admin/pricing', { token: client.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(
      SEED_SERVICES.map(({ priceKobo, ...item }) => ({
        _id: expect.any(String),
        ...item,
        price: koboToNaira(priceKobo),
      })),
    );
  });

  it('keeps a stable order as the list changes', async () => {
    await server.deps.db.query(
      `insert into pricing (id, key, service_name, display_name, price_kobo, unit, position)
       values ('p-extra', 'ash', 'Ash Removal', 'Ash Removal', 250050, 'per bag', 0)`,
    );
    const first = await server.request('GET', '/admin/pricing', { token: client.token });
    const second = await server.request('GET', '/admin/pricing', { token: client.token });
    expect(first.body.data[0]).toMatchObject({
      _id: 'p-extra',
      key: 'ash',
      serviceName: 'Ash Removal',
      price: 2500.5,
      unit: 'per bag',
      quantity: null,
    });
    expect(second.body).toEqual(first.body);
  });

  it('needs a valid bearer token (401)', async () => {
    expect((await server.request('GET', '/admin/pricing')).status).toBe(401);
    const forged = await server.request('GET', '/admin/pricing', { token: 'forged' });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toEqual(expect.any(String));
  });
});

describe('GET /driver/location/:driverId', () => {
  it("answers { data: DriverLocation } as GeoJSON [lng, lat] for the driver of one of the caller's tasks", async () => {
    const task = await createPaidTask(server, client);
    const driverId = await insertDriver(server, [3.3792, 6.5244]);
    await assignDriver(server, task._id, driverId);
    const response = await server.request('GET', `/driver/location/${driverId}`, { token: client.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        driverId,
        location: { type: 'Point', coordinates: [3.3792, 6.5244] },
        updatedAt: '2030-01-02T03:04:05.678Z',
      },
    });
  });

  it('403 for a driver who serves only other clients, or nobody', async () => {
    const othersTask = await createPaidTask(server, other);
    const othersDriver = await insertDriver(server);
    await assignDriver(server, othersTask._id, othersDriver);
    const idleDriver = await insertDriver(server);
    for (const driverId of [othersDriver, idleDriver]) {
      const response = await server.request('GET', `/driver/location/${driverId}`, { token: client.token });
      expect(response.status).toBe(403);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });

  it("follows the driver only while the client's task with them is driver-assigned or on-going", async () => {
    const task = await createPaidTask(server, client);
    const driverId = await insertDriver(server);
    const follow = async () =>
      (await server.request('GET', `/driver/location/${driverId}`, { token: client.token })).status;
    for (const [status, expected] of [
      ['driver-assigned', 200],
      ['on-going', 200],
      ['completed', 403],
      ['cancelled', 403],
    ] as const) {
      await assignDriver(server, task._id, driverId, status);
      expect(await follow(), status).toBe(expected);
    }
  });

  it('404 for an unknown driver (also an absurdly long id); 401 without a token', async () => {
    for (const driverId of ['no-such-driver', 'x'.repeat(500)]) {
      const response = await server.request('GET', `/driver/location/${driverId}`, { token: client.token });
      expect(response.status).toBe(404);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await server.request('GET', `/driver/location/${await insertDriver(server)}`)).status).toBe(401);
  });
});
