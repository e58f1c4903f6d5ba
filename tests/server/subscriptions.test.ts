import { describe, expect, it } from 'vitest';
import { paymentKeptSafeMessage } from '../../server/payments/check';
import type { TestServer } from './harness';
import {
  barrierVerifier,
  insertClient,
  newReference,
  payReference,
  serverWithTwoClients,
  submitTask,
  taskBody,
  withVerifier,
  type TestClient,
} from './task-fixtures';

let server: TestServer;
let client: TestClient;
let other: TestClient;
serverWithTwoClients((started) => ({ server, client, other } = started));

const subscribe = (who: TestClient, body: object) =>
  server.request('POST', '/client/subscribe', { token: who.token, body: { userId: who.id, ...body } });

describe('POST /client/subscribe', () => {
  const expiryOf = async (who: TestClient) => {
    const [row] = await server.deps.db.query<{ subscription_expires_at: Date | null }>(
      'select subscription_expires_at from users where id = $1',
      [who.id],
    );
    return row.subscription_expires_at;
  };

  it("answers { data: User } with the plan and expiresAt = now + the plan's months (plan name case-insensitive)", async () => {
    const buyer = await insertClient(server);
    const reference = await payReference(server, buyer, 300_000);
    const before = Date.now();
    const response = await subscribe(buyer, { plan: 'GOLD', reference });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      _id: buyer.id,
      email: buyer.email,
      balance: 0,
      subscription: { plan: 'gold', expiresAt: expect.any(String) },
    });
    const expires = new Date(response.body.data.subscription.expiresAt);
    const expected = new Date(before);
    expected.setUTCMonth(expected.getUTCMonth() + 2);
    expect(Math.abs(expires.getTime() - expected.getTime())).toBeLessThan(60_000);
  });

  it('buying again before expiry extends from the current expiry; a replay does not extend twice', async () => {
    const buyer = await insertClient(server);
    await server.deps.db.query(
      "update users set subscription_plan = 'silver', subscription_expires_at = '2099-01-15T12:00:00Z' where id = $1",
      [buyer.id],
    );
    const reference = await payReference(server, buyer, 50_000);
    const first = await subscribe(buyer, { plan: 'bronze', reference });
    expect(first.status).toBe(200);
    expect(first.body.data.subscription).toEqual({
      plan: 'bronze',
      name: 'Bronze',
      expiresAt: '2099-02-15T12:00:00.000Z',
    });
    const replay = await subscribe(buyer, { plan: 'bronze', reference });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await expiryOf(buyer)).toEqual(new Date('2099-02-15T12:00:00Z'));
  });

  it('concurrent duplicates of one purchase extend once', async () => {
    const buyer = await insertClient(server);
    await server.deps.db.query(
      "update users set subscription_plan = 'bronze', subscription_expires_at = '2099-01-15T12:00:00Z' where id = $1",
      [buyer.id],
    );
    const reference = await payReference(server, buyer, 50_000);
    const race = barrierVerifier(server, 3);
    const answers = await withVerifier(server, race, () =>
      Promise.all([1, 2, 3].map(() => subscribe(buyer, { plan: 'bronze', reference }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.body.data.subscription.expiresAt).toBe('2099-02-15T12:00:00.000Z');
    expect(await expiryOf(buyer)).toEqual(new Date('2099-02-15T12:00:00Z'));
  });

  it("two purchases at the same time both count: the second extends from the first's expiry", async () => {
    const buyer = await insertClient(server);
    await server.deps.db.query(
      "update users set subscription_plan = 'bronze', subscription_expires_at = '2099-01-15T12:00:00Z' where id = $1",
      [buyer.id],
    );
    const [first, second] = [await payReference(server, buyer, 50_000), await payReference(server, buyer, 50_000)];
    // Both pass their payment check before either writes: a true race for the user's row.
    const race = barrierVerifier(server, 2);
    const answers = await withVerifier(server, race, () =>
      Promise.all([
        subscribe(buyer, { plan: 'bronze', reference: first }),
        subscribe(buyer, { plan: 'bronze', reference: second }),
      ]),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await expiryOf(buyer)).toEqual(new Date('2099-03-15T12:00:00Z'));
  });

  it('an expired subscription starts again from now', async () => {
    const buyer = await insertClient(server);
    await server.deps.db.query(
      "update users set subscription_plan = 'gold', subscription_expires_at = '2001-01-01T00:00:00Z' where id = $1",
      [buyer.id],
    );
    const response = await subscribe(buyer, {
      plan: 'platinum',
      reference: await payReference(server, buyer, 500_000),
    });
    expect(response.status).toBe(200);
    expect(new Date(response.body.data.subscription.expiresAt).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
  });

  it.each([['diamond'], [''], [42], [undefined]])("400 'Please select a plan' for plan %j", async (plan) => {
    const response = await subscribe(client, { plan, reference: await payReference(server, client, 50_000) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Please select a plan' });
  });

  it("402 'Payment could not be verified'; 400 (payment kept for an operator) when the payment is not the plan's price; the user is unchanged", async () => {
    const buyer = await insertClient(server);
    const unpaid = await subscribe(buyer, { plan: 'bronze', reference: newReference() });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body).toEqual({ message: 'Payment could not be verified' });
    const underpaidReference = await payReference(server, buyer, 50_000);
    const underpaid = await subscribe(buyer, { plan: 'platinum', reference: underpaidReference });
    expect(underpaid.status).toBe(400);
    expect(underpaid.body).toEqual({ message: paymentKeptSafeMessage('plan') });
    expect(
      await server.deps.db.query('select purpose, reason from payments_needing_attention where reference = $1', [
        underpaidReference,
      ]),
    ).toEqual([{ purpose: 'subscription', reason: 'Platinum plan: Paid ₦50,000.00, but the price is ₦500,000.00' }]);
    expect(await expiryOf(buyer)).toBeNull();
  });

  it("401 without a token; 403 for another user's id; 400 for malformed JSON", async () => {
    const reference = await payReference(server, client, 50_000);
    expect(
      (await server.request('POST', '/client/subscribe', { body: { plan: 'bronze', userId: client.id, reference } }))
        .status,
    ).toBe(401);
    const forbidden = await server.request('POST', '/client/subscribe', {
      token: client.token,
      body: { plan: 'bronze', userId: other.id, reference },
    });
    expect(forbidden.status).toBe(403);
    expect(await expiryOf(other)).toBeNull();
    expect((await server.request('POST', '/client/subscribe', { token: client.token, rawBody: '{plan' })).status).toBe(
      400,
    );
  });

  it('409 when a reference paid for a task is used for a subscription, or the other way round', async () => {
    const body = taskBody(client);
    await payReference(server, client, 1500, body.reference);
    expect((await submitTask(server, client, body)).status).toBe(201);
    const reused = await subscribe(client, { plan: 'bronze', reference: body.reference });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ message: 'This payment reference was already used' });

    const reference = await payReference(server, client, 1500);
    await server.deps.db.query('update test_payments set amount_kobo = 5000000 where reference = $1', [reference]);
    expect((await subscribe(client, { plan: 'bronze', reference })).status).toBe(200);
    const asTask = await submitTask(server, client, taskBody(client, { reference }));
    expect(asTask.status).toBe(409);
    const byOther = await subscribe(other, { plan: 'bronze', reference });
    expect(byOther.status).toBe(409);
  });
});
