import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { insertClient, newReference, payReference, submitTask, taskBody, type TestClient } from './task-fixtures';

let server: TestServer;
const clock = new Date('2026-11-25T09:00:00Z');

beforeAll(async () => {
  server = await createTestServer({ now: () => clock });
});
afterAll(() => server.close());

async function bronzeClient(): Promise<TestClient> {
  const client = await insertClient(server);
  await server.deps.db.query(
    `update users set subscription_plan = 'bronze', subscription_started_at = '2026-11-20T09:00:00Z',
            subscription_expires_at = '2026-12-20T09:00:00Z' where id = $1`,
    [client.id],
  );
  return client;
}

const householdLeft = async (client: TestClient) =>
  (await server.request('POST', '/client/plan', { token: client.token, body: {} })).body.data.allowance[0].left;

describe('bookings a plan covers (issue 29)', () => {
  it('a household pickup covered by Bronze: no payment at all, the task says what the plan paid, 19 of 20 left', async () => {
    const client = await bronzeClient();
    const body = taskBody(client, { coveredQuantity: 1, reference: newReference() });
    const response = await submitTask(server, client, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({ coveredQuantity: 1, quantity: 1 });
    expect(await householdLeft(client)).toBe(19);
    // A retry of the same booking (the device replays it) is the same task, not a second pickup.
    const again = await submitTask(server, client, body);
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(response.body.data._id);
    expect(await householdLeft(client)).toBe(19);
  });

  it('10 covered bookings at once with 3 left: exactly 3 tasks, the others refused with nothing charged', async () => {
    const client = await bronzeClient();
    for (let index = 0; index < 17; index += 1)
      expect((await submitTask(server, client, taskBody(client, { coveredQuantity: 1 }))).status).toBe(201);
    expect(await householdLeft(client)).toBe(3);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => submitTask(server, client, taskBody(client, { coveredQuantity: 1 }))),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    const refused = responses.filter((response) => response.status === 409);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.body.message).toBe('Your plan covers 0 more this month: pay for this booking instead');
    expect(await householdLeft(client)).toBe(0);
  });

  it('a cancelled covered booking gives its pickup back, and refunds nothing', async () => {
    const client = await bronzeClient();
    const created = await submitTask(server, client, taskBody(client, { coveredQuantity: 1 }));
    expect(await householdLeft(client)).toBe(19);
    const cancelled = await server.request('POST', '/client/tasks/cancel', {
      token: client.token,
      body: { taskId: created.body.data._id, reason: 'changed-plans' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.refund).toBeNull();
    expect(await householdLeft(client)).toBe(20);
  });

  it('partly covered: 5 kg of laundry with 2 kg from the plan, the card pays 3 kg', async () => {
    const client = await bronzeClient();
    const body = taskBody(client, {
      type: 'laundry',
      serviceName: 'Laundry Service',
      unit: 'per kg',
      amount: 1000,
      quantity: 5,
      coveredQuantity: 2,
    });
    await payReference(server, client, 3000, body.reference);
    const response = await submitTask(server, client, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({ quantity: 5, coveredQuantity: 2, amount: 3000 });
  });

  it('without a plan (or more than the booking holds) nothing is covered', async () => {
    const freemium = await insertClient(server);
    const free = await submitTask(server, freemium, taskBody(freemium, { coveredQuantity: 1 }));
    expect(free.status).toBe(409);
    expect(free.body.message).toBe('Your plan covers 0 more this month: pay for this booking instead');
    const client = await bronzeClient();
    const more = await submitTask(server, client, taskBody(client, { coveredQuantity: 2 }));
    expect(more.status).toBe(400);
    expect(more.body.message).toBe('coveredQuantity must be from 0 to the quantity');
  });
});
