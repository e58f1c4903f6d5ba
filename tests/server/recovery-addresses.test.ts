/**
 * Recovery that strangers cannot block: a code belongs to the address that asked for it, so
 * strangers' wrong guesses lock only their own codes; an address that signed in to the account
 * has an allowance of its own; and the account's allowance for other addresses is spent only
 * by codes actually mailed, each letter saying how many were asked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limit';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let clock = Date.parse('2030-03-01T08:00:00Z');
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ACCOUNT_LIMIT = DEFAULT_RATE_LIMITS.recoveryPerAccount.limit;

beforeAll(async () => {
  // One proxy of ours in front: the caller's address is the last X-Forwarded-For hop.
  server = await createTestServer({
    now: () => new Date(clock),
    config: { trustProxy: 1 },
    limits: {
      recoveryPerAddress: { limit: 1_000, windowMs: HOUR },
      recoveryPerAccount: DEFAULT_RATE_LIMITS.recoveryPerAccount,
      recoveryPerKnownAddress: DEFAULT_RATE_LIMITS.recoveryPerKnownAddress,
    },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  clock += 2 * DAY;
});

const OWNER_HOME = '198.51.100.7';
const from = (address: string) => ({ 'X-Forwarded-For': address });
const forgot = (email: string, address: string) =>
  server.request('POST', '/client/forgot', { body: { email }, headers: from(address) });
const verify = (email: string, code: string, address: string) =>
  server.request('POST', '/client/resetCode', { body: { email, code }, headers: from(address) });
const reset = (email: string, newPassword: string, address: string) =>
  server.request('POST', '/client/resetPassword', { body: { email, newPassword }, headers: from(address) });
const letters = (email: string) => server.deps.mailer.inbox!(email);
const mailedCode = (email: string) => /\b(\d{4})\b/.exec(letters(email).at(-1)?.text ?? '')![1]!;
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** An account whose owner has signed in from OWNER_HOME. */
async function owner() {
  const client = await server.createClient();
  const login = await server.request('POST', '/client/login', {
    body: { email: client.email, password: client.password },
    headers: from(OWNER_HOME),
  });
  expect(login.status).toBe(200);
  return client;
}

describe('recovery that strangers from a few addresses cannot block', () => {
  it("strangers at 4 addresses asking for codes and guessing 5 wrong, twice each: the owner's code still verifies and resets", async () => {
    const client = await owner();
    for (let round = 0; round < 2; round += 1) {
      for (let stranger = 0; stranger < 4; stranger += 1) {
        const address = `203.0.113.${stranger}`;
        await forgot(client.email, address);
        for (let i = 0; i < 5; i += 1) await verify(client.email, String(1000 + round * 10 + i), address);
      }
    }
    expect((await forgot(client.email, OWNER_HOME)).status).toBe(200);
    expect((await verify(client.email, mailedCode(client.email), OWNER_HOME)).body).toEqual({
      success: true,
      message: 'Code verified successfully',
    });
    expect((await reset(client.email, 'back-in-again-1', OWNER_HOME)).status).toBe(200);
  });

  it("70 requests from 7 addresses spend the account's allowance for strangers; the owner's signed-in address still gets a code", async () => {
    const client = await owner();
    const answers: number[] = [];
    for (let i = 0; i < 70; i += 1) answers.push((await forgot(client.email, `192.0.2.${i % 7}`)).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(ACCOUNT_LIMIT);
    expect(answers.filter((status) => status === 429)).toHaveLength(70 - ACCOUNT_LIMIT);
    expect((await forgot(client.email, OWNER_HOME)).status).toBe(200);
    expect(letters(client.email).at(-1)!.text).toContain(
      'This code was asked for from a network you have signed in from before.',
    );
    expect((await verify(client.email, mailedCode(client.email), OWNER_HOME)).status).toBe(200);
    // An address the owner never signed in from waits for the day's window like any stranger.
    expect((await forgot(client.email, '192.0.2.200')).status).toBe(429);
  });

  it("every code mailed to strangers' requests says how many were asked; a refused request is not mailed", async () => {
    const client = await owner();
    const before = letters(client.email).length;
    for (let i = 0; i < ACCOUNT_LIMIT + 3; i += 1) await forgot(client.email, `203.0.113.${100 + i}`);
    const mailed = letters(client.email).slice(before);
    expect(mailed).toHaveLength(ACCOUNT_LIMIT);
    expect(mailed[0]!.text).toContain(
      `1 code has been asked for your account today from places you have not signed in from (at most ${ACCOUNT_LIMIT};`,
    );
    expect(mailed.at(-1)!.text).toContain(`${ACCOUNT_LIMIT} codes have been asked for your account today`);
  });

  it("a guess from another address is never checked against the owner's code: it can neither verify it nor lock it", async () => {
    const client = await owner();
    await forgot(client.email, OWNER_HOME);
    const code = mailedCode(client.email);
    for (let i = 0; i < 10; i += 1) {
      const guess = await verify(client.email, i === 0 ? code : wrong(code), `203.0.113.${200 + (i % 2)}`);
      expect(guess.status).toBe(400);
      expect(guess.body.message).toBe('Invalid verification code');
    }
    expect((await verify(client.email, code, OWNER_HOME)).status).toBe(200);
  });

  it("a stranger's code request does not replace the owner's code", async () => {
    const client = await owner();
    await forgot(client.email, OWNER_HOME);
    const code = mailedCode(client.email);
    await forgot(client.email, '203.0.113.50');
    expect((await verify(client.email, code, OWNER_HOME)).status).toBe(200);
  });

  it('a code verified at one address resets the password from that address only', async () => {
    const client = await owner();
    await forgot(client.email, OWNER_HOME);
    expect((await verify(client.email, mailedCode(client.email), OWNER_HOME)).status).toBe(200);
    const elsewhere = await reset(client.email, 'taken-over-1', '203.0.113.60');
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('Please verify your code first');
    expect((await reset(client.email, 'mine-again-1', OWNER_HOME)).status).toBe(200);
  });

  it('an address that reset the password is known from then on', async () => {
    const client = await server.createClient();
    const newHome = '198.51.100.99';
    await forgot(client.email, newHome);
    await verify(client.email, mailedCode(client.email), newHome);
    expect((await reset(client.email, 'reset-here-1', newHome)).status).toBe(200);
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1) await forgot(client.email, `192.0.2.${50 + i}`);
    expect((await forgot(client.email, '192.0.2.99')).status).toBe(429);
    expect((await forgot(client.email, newHome)).status).toBe(200);
  });
});
