/**
 * Sign-in by phone number and SMS code (issue 66) and one number, one client (issue 62 item 9).
 * The codes are read from what the local fake Termii received (fake-sms.ts), as a phone would;
 * the server's clock is the test's, so 'Resend' after 60 s and the 10-minute end are exact.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDriver } from '../../server/console/commands';
import { createTestServer, type TestServer, uniquePhone } from './harness';
import { readyOperator } from './operator-fixtures';
import { type FakeSms, startFakeSms } from './fake-sms';

let sms: FakeSms;
let server: TestServer;
let clock = Date.parse('2026-12-07T09:00:00Z');
const later = (seconds: number) => {
  clock += seconds * 1000;
};

beforeAll(async () => {
  sms = await startFakeSms();
  server = await createTestServer({
    config: { smsApiUrl: sms.url, smsApiKey: 'termii-test-key', appHost: 'greenpick.test', smsCodeCost: 4 },
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await server?.close();
  await sms?.close();
});
beforeEach(() => {
  // Every test starts an hour on: the per-number and per-address hours of the last one are over.
  later(3600);
});

const post = (path: string, body: unknown, token?: string) => server.request('POST', path, { body, token });
const lastCode = (phone: string) => sms.codesTo(phone).at(-1) as string;

async function signUpByPhone(phone = uniquePhone(), names = { firstname: 'Bisi', lastname: 'Ade' }) {
  expect((await post('/client/phone/start', { phone })).status).toBe(200);
  const created = await post('/client/phone/verify', { phone, code: lastCode(phone), ...names });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { phone, token: created.body.data as string };
}

describe('a client signs up and in with a phone number alone', () => {
  it('sends a 6-digit code on the dnd route ending with the WebOTP line; names make the account', async () => {
    const phone = uniquePhone();
    const started = await post('/client/phone/start', { phone: `0${phone.slice(4, 7)} ${phone.slice(7)}` });
    expect(started.status).toBe(200);
    expect(started.body.data).toEqual({ resendInSeconds: 60, voiceInSeconds: 30, expiresInSeconds: 600 });
    const message = sms.sent.at(-1)!;
    expect(message).toMatchObject({
      to: phone.slice(1),
      channel: 'dnd',
      from: 'GreenPick',
      api_key: 'termii-test-key',
    });
    expect(message.sms).toMatch(/^Your GreenPick code is (\d{6})\..*\n\n@greenpick\.test #\1$/s);
    // Only the hash is kept.
    const rows = await server.deps.db.query<{ code_hash: string }>(
      'select code_hash from phone_codes where phone = $1',
      [phone],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(lastCode(phone));

    const asked = await post('/client/phone/verify', { phone, code: lastCode(phone) });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ needsName: true });
    const created = await post('/client/phone/verify', {
      phone,
      code: lastCode(phone),
      firstname: 'Bisi',
      lastname: 'Ade',
    });
    expect(created.status).toBe(201);
    const me = await post('/client/userdata', {}, created.body.data);
    expect(me.body.data).toMatchObject({ firstname: 'Bisi', lastname: 'Ade', phonenumber: phone, email: '' });

    // Later, the same number signs in to the same account; the used code does not work again.
    later(61);
    expect((await post('/client/phone/verify', { phone, code: lastCode(phone) })).status).toBe(400);
    expect((await post('/client/phone/start', { phone })).status).toBe(200);
    const again = await post('/client/phone/verify', { phone, code: lastCode(phone) });
    expect(again.status).toBe(200);
    expect((await post('/client/userdata', {}, again.body.data)).body.data._id).toBe(me.body.data._id);
  });

  it("'Resend' after 60 s, 'Call me instead' after 30 s: the voice call reads a code out", async () => {
    const phone = uniquePhone();
    expect((await post('/client/phone/voice-first', {})).status).toBe(404);
    expect((await post('/client/phone/start', { phone, channel: 'voice' })).body.message).toBe(
      'Ask for a code by SMS first',
    );
    expect((await post('/client/phone/start', { phone })).status).toBe(200);
    later(10);
    const tooSoon = await post('/client/phone/start', { phone, channel: 'voice' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('Retry-After')).toBe('20');
    expect(tooSoon.body).toMatchObject({ message: 'Please wait 20 s before asking again', retryInSeconds: 20 });
    later(20);
    expect((await post('/client/phone/start', { phone, channel: 'voice' })).status).toBe(200);
    expect(sms.calls.at(-1)).toMatchObject({ phone_number: phone.slice(1), api_key: 'termii-test-key' });
    expect(String(sms.calls.at(-1)!.code)).toMatch(/^\d{6}$/);
    expect((await post('/client/phone/start', { phone })).status).toBe(429);
    // Both codes work until one is used.
    const [first, called] = sms.codesTo(phone);
    expect(first).not.toBe(called);
    const created = await post('/client/phone/verify', { phone, code: called, firstname: 'A', lastname: 'B' });
    expect(created.status).toBe(201);
    expect((await post('/client/phone/verify', { phone, code: first })).body.message).toBe(
      'This code has expired. Ask for a new one.',
    );
  });

  it('at most 3 codes an hour to one number', async () => {
    const phone = uniquePhone();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await post('/client/phone/start', { phone })).status);
      later(61);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(sms.codesTo(phone)).toHaveLength(3);
  });

  it('a code ends after 5 wrong tries and after 10 minutes', async () => {
    const phone = uniquePhone();
    await post('/client/phone/start', { phone });
    const code = lastCode(phone);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) {
      const answer = await post('/client/phone/verify', { phone, code: wrong });
      expect(answer.body.message).toBe('Invalid verification code');
    }
    expect((await post('/client/phone/verify', { phone, code })).body.message).toBe(
      'This code has expired. Ask for a new one.',
    );
    later(61);
    await post('/client/phone/start', { phone });
    later(601);
    expect((await post('/client/phone/verify', { phone, code: lastCode(phone) })).status).toBe(400);
  });

  it('refuses numbers that are not Nigerian mobiles, and hostile input, with a 400 and a message', async () => {
    const bodies = [
      { phone: '+14155550100' },
      { phone: '01 234 5678' },
      { phone: '0803'.repeat(5000) },
      { phone: 12345 },
      { phone: '+2348031234567', channel: 'fax' },
      {},
      [],
    ];
    for (const body of bodies) {
      const answer = await post('/client/phone/start', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    for (const body of [
      { phone: '+2348031234567', code: '1'.repeat(10_000) },
      { phone: '+2348031234567', code: '12345' },
      { phone: '+2348031234567', code: '123456', firstname: 'x'.repeat(101), lastname: 'Y' },
      { phone: '+2348031234567', code: '123456', firstname: 'Ada\u202e', lastname: 'Y' },
      { phone: '+2348031234567', code: '123456', ref: 'R'.repeat(1000) },
    ]) {
      const answer = await post('/client/phone/verify', body);
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(sms.sent.filter((message) => !message.to.startsWith('234'))).toEqual([]);
  });
});

describe('an account made by phone', () => {
  it('keeps no e-mail until it adds one, without a password to confirm; an e-mail account cannot clear its own', async () => {
    const { phone, token } = await signUpByPhone();
    const save = (body: Record<string, unknown>, as = token) =>
      server.request('PUT', '/api/user/profile', { token: as, body: { firstName: 'Bisi', lastName: 'Ade', ...body } });
    expect((await save({ email: '', phone })).status).toBe(200);
    const added = await save({ email: `bisi-${clock}@example.ng`, phone });
    expect(added.status).toBe(200);
    expect(added.body.data.email).toBe(`bisi-${clock}@example.ng`);
    // The number stays proved: the same number signs in to the account.
    later(61);
    await post('/client/phone/start', { phone });
    expect((await post('/client/phone/verify', { phone, code: lastCode(phone) })).status).toBe(200);

    const emailClient = await server.createClient();
    const cleared = await save({ email: '', phone: uniquePhone() }, emailClient.token);
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors).toEqual({ email: 'Email is required' });
  });
});

describe('one number, one client', () => {
  it('sign-up, profile edits and proving a number answer 409 for another account’s number', async () => {
    const held = await signUpByPhone();
    const emailClient = await server.createClient();
    const IN_USE = 'This phone number is already used by another account';

    const signup = await post('/client/signup', {
      firstname: 'Eve',
      lastname: 'Imposter',
      email: `eve-${clock}@example.ng`,
      password: 'correct-horse-1',
      phonenumber: held.phone,
    });
    expect(signup.status).toBe(409);
    expect(signup.body).toMatchObject({ message: IN_USE, data: IN_USE });

    const edit = await server.request('PUT', '/api/user/profile', {
      token: emailClient.token,
      body: { firstName: 'Ada', lastName: 'Obi', email: emailClient.email, phone: held.phone },
    });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ message: IN_USE, errors: { phone: IN_USE } });

    // The code reaches the holder's phone, but the other account cannot take the number with it.
    later(61);
    await post('/client/phone/start', { phone: held.phone });
    const proved = await post(
      '/client/phone/change',
      { phone: held.phone, code: lastCode(held.phone) },
      emailClient.token,
    );
    expect(proved.status).toBe(409);
    expect(proved.body.message).toBe(IN_USE);

    // A number typed at an e-mail sign-up is that account's: a phone sign-up for it is refused too,
    // and its owner proves it from the profile.
    const typed = uniquePhone();
    const owner = await server.createClient({ phonenumber: typed });
    await post('/client/phone/start', { phone: typed });
    expect((await post('/client/phone/verify', { phone: typed, code: lastCode(typed) })).status).toBe(409);
    const own = await post('/client/phone/change', { phone: typed, code: lastCode(typed) }, owner.token);
    expect(own.status).toBe(200);
    expect(own.body.data.phonenumber).toBe(typed);
    later(61);
    await post('/client/phone/start', { phone: typed });
    const signedIn = await post('/client/phone/verify', { phone: typed, code: lastCode(typed) });
    expect(signedIn.status).toBe(200);
    expect((await post('/client/userdata', {}, signedIn.body.data)).body.data.email).toBe(owner.email);
  });

  it('numbers two clients held before the rule stay theirs, and the console lists them', async () => {
    const shared = uniquePhone();
    const db = server.deps.db;
    for (const name of ['one', 'two'])
      await db.query(
        `insert into users (id, email, password_hash, firstname, lastname, phonenumber, referral_code)
         values ($1, $2, 'x', 'Dup', $3, $4, $5)`,
        [`dup-${name}-${clock}`, `dup-${name}-${clock}@example.ng`, name, shared, `D${name}${clock}`.slice(0, 12)],
      );
    const support = await readyOperator(server, 'support');
    const listed = await server.request('GET', '/ops/shared-phones', { token: support.token });
    expect(listed.status).toBe(200);
    const entry = listed.body.data.find((row: { phone: string }) => row.phone === shared);
    expect(entry.clients.map((client: { name: string }) => client.name)).toEqual(['Dup one', 'Dup two']);
  });
});

describe('drivers sign in by code to their registered phone', () => {
  it('a code to the driver’s phone signs the driver in; the one-time password no longer has to be changed', async () => {
    const phone = uniquePhone();
    const driver = await addDriver(server.deps.db, {
      firstname: 'Femi',
      lastname: 'Driver',
      phone,
      lat: 6.5,
      lng: 3.37,
    });
    expect((await post('/driver/phone/start', { phone })).status).toBe(200);
    const signedIn = await post('/driver/phone/verify', { phone, code: lastCode(phone) });
    expect(signedIn.status).toBe(200);
    const tasks = await post('/driver/tasks', {}, signedIn.body.data);
    expect(tasks.status).toBe(200);
    // The one-time password, unused, ended with the code sign-in.
    expect((await post('/driver/login', { phone, password: driver.password })).status).toBe(401);
  });

  it('a number no driver has gets the same answer and no SMS', async () => {
    const phone = uniquePhone();
    const before = sms.sent.length;
    const answer = await post('/driver/phone/start', { phone });
    expect(answer.status).toBe(200);
    expect(sms.sent.length).toBe(before);
    expect((await post('/driver/phone/verify', { phone, code: '123456' })).status).toBe(400);
  });
});
