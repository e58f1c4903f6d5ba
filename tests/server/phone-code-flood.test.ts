/**
 * SMS pumping (issue 66): a bot asks for 1,000 codes to random Nigerian numbers from 50
 * addresses in 5 ranges. The per-address, per-range and daily caps hold it (the limiter's
 * counters are in the database, so they hold across servers too), every refusal is a 429 with
 * a message, the console sees the day the cap was reached, and a client whose number is an
 * account's still gets a code past the cap.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limit';
import { createTestServer, type TestServer } from './harness';
import { readyOperator } from './operator-fixtures';
import { type FakeSms, startFakeSms } from './fake-sms';

const DAILY_CAP = 100;
let sms: FakeSms;
let server: TestServer;

beforeAll(async () => {
  sms = await startFakeSms();
  server = await createTestServer({
    config: { smsApiUrl: sms.url, smsApiKey: 'termii-test-key', smsDailyCap: DAILY_CAP, smsCodeCost: 4, trustProxy: 1 },
    // The production limits, not the test harness's relaxed ones.
    limits: DEFAULT_RATE_LIMITS,
  });
});
afterAll(async () => {
  await server?.close();
  await sms?.close();
});

const randomNumber = () => `+2349${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

it('1,000 codes asked from 50 addresses: held to the caps, the console told', async () => {
  // A client whose number an account proved before the flood.
  const known = '+2348020000001';
  await server.deps.db.query(
    `insert into users (id, firstname, lastname, phonenumber, phone_verified_at, referral_code)
     values ('known-client', 'Kemi', 'Known', $1, now(), 'KNOWNCLT')`,
    [known],
  );
  const addresses = Array.from({ length: 50 }, (_, i) => `102.89.${10 + (i % 5)}.${20 + Math.floor(i / 5)}`);
  const statuses = new Map<number, number>();
  const sentFrom = new Map<string, number>();
  for (let i = 0; i < 1000; i += 1) {
    const address = addresses[i % addresses.length]!;
    const answer = await server.request('POST', '/client/phone/start', {
      body: { phone: randomNumber() },
      headers: { 'X-Forwarded-For': address },
    });
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 200) sentFrom.set(address, (sentFrom.get(address) ?? 0) + 1);
    else {
      expect(answer.status).toBe(429);
      expect(typeof answer.body.message).toBe('string');
      expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
  }
  // 5 ranges x 30 codes an hour would be 150: the daily cap stops it first.
  expect(sms.sent).toHaveLength(DAILY_CAP);
  expect(statuses.get(200)).toBe(DAILY_CAP);
  expect(Math.max(...sentFrom.values())).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.phoneCodePerAddress.limit);

  // Past the cap, an account's own number still gets its code (from an address with room left).
  const customer = await server.request('POST', '/client/phone/start', {
    body: { phone: known },
    headers: { 'X-Forwarded-For': '41.58.1.1' },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  expect(sms.codesTo(known)).toHaveLength(1);
  const stranger = await server.request('POST', '/client/phone/start', {
    body: { phone: randomNumber() },
    headers: { 'X-Forwarded-For': '41.58.2.1' },
  });
  expect(stranger.status).toBe(429);
  expect(stranger.body.message).toBe(
    'We cannot send more codes today. Please try again tomorrow, or sign in with your e-mail.',
  );

  const admin = await readyOperator(server, 'admin');
  const report = await server.request('GET', '/ops/phone-codes', { token: admin.token });
  expect(report.status).toBe(200);
  const [today] = report.body.data.days;
  expect(report.body.data.dailyCap).toBe(DAILY_CAP);
  expect(today).toMatchObject({ codes: DAILY_CAP + 1, voiceCalls: 0, cost: (DAILY_CAP + 1) * 4 });
  expect(today.capRefused).toBeGreaterThan(0);
  expect(today.capReachedAt).toEqual(expect.any(String));
});
