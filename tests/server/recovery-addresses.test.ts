/**
 * Recovery is counted per source address: a stranger asking for codes or guessing them from
 * elsewhere cannot lock the owner out, while the account-wide bound keeps guessing hopeless.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_WRONG_CODES_PER_DAY } from '../../server/auth/recovery';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let clock = Date.parse('2030-03-01T08:00:00Z');
const HOUR = 60 * 60_000;

beforeAll(async () => {
  // One proxy of ours in front: the caller's address is the last X-Forwarded-For hop.
  server = await createTestServer({
    now: () => new Date(clock),
    config: { trustProxy: 1 },
    limits: { recoveryPerAddress: { limit: 1_000, windowMs: HOUR } },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  clock += 2 * HOUR;
});

const from = (address: string) => ({ 'X-Forwarded-For': address });
const forgot = (email: string, address: string) =>
  server.request('POST', '/client/forgot', { body: { email }, headers: from(address) });
const verify = (email: string, code: string, address: string) =>
  server.request('POST', '/client/resetCode', { body: { email, code }, headers: from(address) });
const mailedCode = (email: string) => {
  const letter = server.deps.mailer.inbox!(email).at(-1);
  return /\b(\d{4})\b/.exec(letter?.text ?? '')![1]!;
};
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('recovery from several addresses', () => {
  it("a stranger's code requests from 12 addresses do not stop the owner asking from theirs", async () => {
    const owner = await server.createClient();
    for (let i = 0; i < 12; i += 1) expect((await forgot(owner.email, `203.0.113.${i}`)).status).toBe(200);
    expect((await forgot(owner.email, '198.51.100.7')).status).toBe(200);
    // Ten from one address is the per-(e-mail, address) limit.
    for (let i = 0; i < 9; i += 1) await forgot(owner.email, '203.0.113.0');
    expect((await forgot(owner.email, '203.0.113.0')).status).toBe(429);
  });

  it("a stranger's 9 wrong codes lock only the stranger's address; the owner verifies from theirs", async () => {
    const owner = await server.createClient();
    for (let round = 0; round < 3; round += 1) {
      await forgot(owner.email, '203.0.113.50');
      for (let i = 0; i < 3; i += 1)
        expect((await verify(owner.email, wrong(mailedCode(owner.email)), '203.0.113.50')).status).toBe(400);
    }
    await forgot(owner.email, '203.0.113.50');
    const locked = await verify(owner.email, mailedCode(owner.email), '203.0.113.50');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many wrong codes for this account today. Please try again tomorrow.');
    await forgot(owner.email, '198.51.100.7');
    expect((await verify(owner.email, mailedCode(owner.email), '198.51.100.7')).body).toEqual({
      success: true,
      message: 'Code verified successfully',
    });
  });

  it(`the account takes at most ${MAX_WRONG_CODES_PER_DAY} wrong codes a day from all addresses together`, async () => {
    const owner = await server.createClient();
    let made = 0;
    for (let address = 0; made < MAX_WRONG_CODES_PER_DAY; address += 1) {
      for (let i = 0; i < 9 && made < MAX_WRONG_CODES_PER_DAY; i += 1) {
        if (i % 4 === 0) await forgot(owner.email, `192.0.2.${address}`);
        expect((await verify(owner.email, wrong(mailedCode(owner.email)), `192.0.2.${address}`)).status).toBe(400);
        made += 1;
      }
    }
    await forgot(owner.email, '198.51.100.99');
    expect((await verify(owner.email, mailedCode(owner.email), '198.51.100.99')).status).toBe(429);
  });
});
