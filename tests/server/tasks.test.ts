import { describe, expect, it } from 'vitest';
import { paymentKeptSafeMessage } from '../../server/payments/check';
import type { TestServer } from './harness';
import {
  assignDriver,
  count,
  createPaidTask,
  insertDriver,
  payAndSubmitTask,
  payReference,
  serverWithTwoClients,
  submitTask,
  taskBody,
  type TestClient,
} from './task-fixtures';

let server: TestServer;
let client: TestClient;
let other: TestClient;
serverWithTwoClients((started) => ({ server, client, other } = started));

describe("POST /client/task: the client's tasks, oldest first", () => {
  it('answers { data: [] } for a client without tasks', async () => {
    const response = await server.request('POST', '/client/task', { token: client.token, body: { userId: client.id } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [] });
  });

  it("answers each task in the contract's Task shape, oldest first, and only the caller's", async () => {
    const first = await createPaidTask(server, client);
    const second = await createPaidTask(server, client, {
      type: 'garden',
      amount: 4000,
      serviceName: 'Garden Waste Collection',
    });
    await createPaidTask(server, other);
    const response = await server.request('POST', '/client/task', { token: client.token, body: { userId: client.id } });
    expect(response.status).toBe(200);
    expect(response.body.data.map((task: { _id: string }) => task._id)).toEqual([first._id, second._id]);
    expect(response.body.data[0]).toEqual({
      _id: first._id,
      status: 'pending',
      reference: first.reference,
      address: '12 Admiralty Way, Lekki, Lagos',
      addressDetails: '',
      location: { type: 'Point', coordinates: [3.4723, 6.4474] },
      datetime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      type: 'household',
      serviceName: 'Household Waste Pickup',
      amount: 1500,
      unit: 'per pickup',
      user: client.id,
      confirmationCode: expect.stringMatching(/^\d{6}$/),
      driverId: null,
      driver: null,
      refund: null,
      rating: null,
      cancelReason: null,
      completedAt: null,
      arrivedAt: null,
      collectedQuantity: null,
      weighedQuantity: null,
      extra: null,
      cancelFee: 0,
      driversBusy: false,
      refundAwaitingApproval: false,
      quantity: 1,
      coveredQuantity: 0,
      scheduledFor: null,
    });
    expect(response.body.data[1]).toMatchObject({
      type: 'garden',
      serviceName: 'Garden Waste Collection',
      amount: 4000,
      unit: 'per load',
    });
  });

  it('an assigned task carries driverId and driver {_id, firstname, lastname, phone}', async () => {
    const task = await createPaidTask(server, other);
    const driverId = await insertDriver(server);
    await assignDriver(server, task._id, driverId, 'on-going');
    const response = await server.request('POST', '/client/task', { token: other.token, body: { userId: other.id } });
    const listed = response.body.data.find((item: { _id: string }) => item._id === task._id);
    expect(listed).toMatchObject({
      status: 'on-going',
      driverId,
      driver: { _id: driverId, firstname: 'Musa', lastname: 'Bello', phone: '+2348098765432' },
    });
  });

  it('needs a valid bearer token (401)', async () => {
    expect((await server.request('POST', '/client/task', { body: { userId: client.id } })).status).toBe(401);
    const forged = await server.request('POST', '/client/task', { token: 'not.a.token', body: { userId: client.id } });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toEqual(expect.any(String));
  });

  it("another user's id or an unknown id is refused with 403", async () => {
    for (const userId of [other.id, 'no-such-user']) {
      const response = await server.request('POST', '/client/task', { token: client.token, body: { userId } });
      expect(response.status).toBe(403);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });

  it('malformed JSON, a missing or wrongly typed userId are a 400 with a message', async () => {
    for (const options of [{ rawBody: '{"userId":' }, { body: {} }, { body: { userId: 42 } }]) {
      const response = await server.request('POST', '/client/task', { token: client.token, ...options });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});

describe('POST /client/create: checks before any payment is used', () => {
  const taskCount = () => count(server, 'select 1 from tasks');

  it("answers 201 { data: Task } with the server's price, unit and name, status pending and a 6-digit code", async () => {
    const body = taskBody(client, {
      type: 'bulk',
      amount: 5000,
      unit: 'whatever the client shows',
      serviceName: 'Bulk Waste Pickup',
    });
    const response = await payAndSubmitTask(server, client, body);
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      status: 'pending',
      reference: body.reference,
      type: 'bulk',
      serviceName: 'Bulk Waste Removal',
      amount: 5000,
      unit: 'per item',
      user: client.id,
      driverId: null,
      driver: null,
    });
    expect(response.body.data.confirmationCode).toMatch(/^\d{6}$/);
  });

  it('an unknown service type is priced as the Default Service (3000, per pickup)', async () => {
    const body = taskBody(client, { type: 'default', amount: 3000, serviceName: 'Default Service' });
    const response = await payAndSubmitTask(server, client, body);
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      type: 'default',
      serviceName: 'Default Service',
      amount: 3000,
      unit: 'per pickup',
    });
  });

  it('a price changed by the operator is what the server charges for new bookings', async () => {
    await server.deps.db.query("update pricing set price_kobo = 175000 where service_name = 'Laundry Service'");
    const fresh = taskBody(client, { type: 'laundry', amount: 1750 });
    const accepted = await payAndSubmitTask(server, client, fresh);
    expect(accepted.status).toBe(201);
    expect(accepted.body.data).toMatchObject({ serviceName: 'Laundry Service', amount: 1750, unit: 'per kg' });
  });

  it('a charge for the price the client was shown just before a price change is honoured, at the amount paid', async () => {
    await server.deps.db.query("update pricing set price_kobo = 480000 where service_name = 'Office Cleaning'");
    await server.deps.db.query("update pricing set price_kobo = 520000 where service_name = 'Office Cleaning'");
    for (const shown of [4500, 4800]) {
      const stale = taskBody(client, { type: 'office', amount: shown });
      const honoured = await payAndSubmitTask(server, client, stale);
      expect(honoured.status).toBe(201);
      expect(honoured.body.data).toMatchObject({ serviceName: 'Office Cleaning', amount: shown, unit: 'per hour' });
    }
  });

  it("a charge for the app's fallback price (the price list did not load) is honoured", async () => {
    await server.deps.db.query("update pricing set price_kobo = 250000 where service_name = 'Garden Waste Collection'");
    // Make the seeded 4000 older than the honour window, so only the fallback rule can accept it.
    await server.deps.db.query(
      "update pricing_history set changed_at = now() - interval '30 days' where service_name = 'Garden Waste Collection' and price_kobo = 400000",
    );
    await server.deps.db.query(
      "update pricing_history set changed_at = now() - interval '20 days' where service_name = 'Garden Waste Collection' and price_kobo = 250000",
    );
    const fallback = taskBody(client, { type: 'garden', amount: 4000 });
    const honoured = await payAndSubmitTask(server, client, fallback);
    expect(honoured.status).toBe(201);
    expect(honoured.body.data).toMatchObject({ serviceName: 'Garden Waste Collection', amount: 4000 });
  });

  it('a price the service had only before the honour window is not honoured: kept as needing attention', async () => {
    await server.deps.db.query("update pricing set price_kobo = 610000 where service_name = 'Bulk Waste Removal'");
    await server.deps.db.query("update pricing set price_kobo = 630000 where service_name = 'Bulk Waste Removal'");
    await server.deps.db.query(
      "update pricing_history set changed_at = now() - interval '9 days' where service_name = 'Bulk Waste Removal' and price_kobo <> 630000",
    );
    await server.deps.db.query(
      "update pricing_history set changed_at = now() - interval '8 days' where service_name = 'Bulk Waste Removal' and price_kobo = 630000",
    );
    const old = taskBody(client, { type: 'bulk', amount: 6100 });
    const kept = await payAndSubmitTask(server, client, old);
    expect(kept.status).toBe(400);
    expect(kept.body.message).toMatch(
      /^Payment amount does not match the price of this service\. Your payment is kept safe/,
    );
    expect(
      await count(server, 'select 1 from payments_needing_attention where reference = $1 and settled_at is null', [
        old.reference,
      ]),
    ).toBe(1);
  });

  it('400 for an amount that was never a price of this service, and no task or payment use is written', async () => {
    const body = taskBody(client, { amount: 100 });
    await payReference(server, client, 100, body.reference);
    const before = await taskCount();
    const response = await submitTask(server, client, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: paymentKeptSafeMessage('service') });
    expect(await taskCount()).toBe(before);
    expect(await count(server, 'select 1 from payment_uses where reference = $1', [body.reference])).toBe(0);
  });

  it.each([
    ['London', [-0.1276, 51.5072]],
    ['Accra, just west of Nigeria', [-0.187, 5.6037]],
    ['Lagos with latitude and longitude swapped', [6.5244, 3.3792]],
  ])("400 'Location must be in Nigeria' for %s", async (_place, coordinates) => {
    const body = taskBody(client, { location: { type: 'Point', coordinates: coordinates as [number, number] } });
    const response = await submitTask(server, client, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Location must be in Nigeria' });
  });

  it.each([
    ['out-of-range coordinates', { location: { type: 'Point', coordinates: [200, 95] } }],
    ['string coordinates', { location: { type: 'Point', coordinates: ['3.4', '6.4'] } }],
    ['one coordinate', { location: { type: 'Point', coordinates: [3.4] } }],
    ['a location that is not a Point', { location: { type: 'Polygon', coordinates: [3.4, 6.4] } }],
    ['no address', { address: '   ' }],
    ['a string amount', { amount: '1500' }],
    ['a missing reference', { reference: undefined }],
    ['a reference with a slash', { reference: '../../etc' }],
  ])('400 with a message for %s', async (_case, overrides) => {
    const body = { ...taskBody(client), ...overrides };
    const response = await submitTask(server, client, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it("400 for malformed JSON; 401 without a token; 403 for a task in another user's name", async () => {
    const before = await taskCount();
    expect(
      (await server.request('POST', '/client/create', { token: client.token, rawBody: '{"address":' })).status,
    ).toBe(400);
    expect((await server.request('POST', '/client/create', { body: taskBody(client) })).status).toBe(401);
    const body = taskBody(other);
    const forbidden = await payAndSubmitTask(server, client, body);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toEqual(expect.any(String));
    expect(await taskCount()).toBe(before);
  });
});
