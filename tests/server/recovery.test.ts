/** Password recovery (docs/product.md, Recovery): forgot, resetCode, resetPassword. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let server: TestServer;
let clock = Date.now();

const post = (path: string, body: unknown) => server.request('POST', path, { body });
const forgot = (email: string) => post('/client/forgot', { email });
const verify = (email: string, code: string) => post('/client/resetCode', { email, code });
const reset = (email: string, newPassword: string) => post('/client/resetPassword', { email, newPassword });
const login = (email: string, password: string) => post('/client/login', { email, password });

/** The code in the newest letter of the dev mailbox. */
function mailedCode(email: string): string {
  const letters = server.deps.mailer.inbox!(email);
  const code = /\b(\d{4})\b/.exec(letters.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
const codeRow = async (email: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: a JSON response or a database row, read loosely; the assertions check its fields.
  (await server.deps.db.query<Record<string, any>>('select * from reset_codes where email = $1', [email]))[0];

beforeAll(async () => {
  server = await createTestServer({
    now: () => new Date(clock),
    limits: {
      loginPerEmailAndAddress: { limit: 10, windowMs: HOUR },
      loginPerAddress: { limit: 50, windowMs: HOUR },
      signupPerAddress: { limit: 1_000_000, windowMs: HOUR },
      recoveryPerKnownAddress: { limit: 3, windowMs: HOUR },
      recoveryPerAccount: { limit: 3, windowMs: HOUR },
      recoveryPerAddress: { limit: 12, windowMs: HOUR },
    },
  });
});
afterAll(() => server.close());
// Every test starts in a fresh rate-limit window.
beforeEach(() => {
  clock += 2 * HOUR;
});

describe('POST /client/forgot', () => {
  it("answers 'Verification code sent to your email' and mails a 4-digit code, storing only its hash", async () => {
    const client = await server.createClient();
    const response = await forgot(client.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Verification code sent to your email' });
    const [letter] = server.deps.mailer.inbox!(client.email);
    expect(letter.subject).toBe('Your GreenPick verification code');
    const code = mailedCode(client.email);
    const row = await codeRow(client.email);
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(row.expires_at).getTime()).toBe(clock + 15 * MINUTE);
    expect(row.user_id).toBe(client.id);
  });

  it('answers the same for an unknown email and does the same work, but sends nothing (accounts are not revealed)', async () => {
    const response = await forgot('nobody-here@example.ng');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Verification code sent to your email' });
    expect(server.deps.mailer.inbox!('nobody-here@example.ng')).toHaveLength(0);
    // A code is drawn, hashed and stored as for an account, bound to none, so it can never be verified.
    const row = await codeRow('nobody-here@example.ng');
    expect(row).toMatchObject({ user_id: null, attempts: 0, code_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    for (let code = 0; code < 3; code += 1) {
      expect((await verify('nobody-here@example.ng', String(code).padStart(4, '0'))).body).toEqual({
        success: false,
        message: 'Invalid verification code',
      });
    }
  });

  it('refuses a missing or invalid email and malformed JSON with 400 { success: false, message }', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: `${'a'.repeat(250)}@example.ng` }]) {
      const response = await post('/client/forgot', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'Please enter a valid email address' });
    }
    expect((await post('/client/forgot', { email: 42 })).body).toEqual({
      success: false,
      message: 'email must be a string',
    });
    const malformed = await server.request('POST', '/client/forgot', { rawBody: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('a new code replaces the earlier one and resets the wrong-attempt count', async () => {
    const client = await server.createClient();
    await forgot(client.email);
    const first = mailedCode(client.email);
    await verify(client.email, otherCode(first));
    expect((await codeRow(client.email)).attempts).toBe(1);
    await forgot(client.email);
    expect((await codeRow(client.email)).attempts).toBe(0);
    const second = mailedCode(client.email);
    if (first !== second) expect((await verify(client.email, first)).status).toBe(400);
    expect((await verify(client.email, second)).body).toEqual({ success: true, message: 'Code verified successfully' });
  });

  it("'Too many attempts. Please try again later.' per email from one address (429)", async () => {
    const client = await server.createClient();
    for (let i = 0; i < 3; i += 1) expect((await forgot(client.email)).status).toBe(200);
    const blocked = await forgot(client.email);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, message: 'Too many attempts. Please try again later.' });
    expect(server.deps.mailer.inbox!(client.email)).toHaveLength(3);
  });

  it("'Too many attempts. Please try again later.' per address, across emails (429)", async () => {
    for (let i = 0; i < 12; i += 1) expect((await forgot(`spray${i}-${clock}@example.ng`)).status).toBe(200);
    const blocked = await forgot(`spray-last-${clock}@example.ng`);
    expect(blocked.status).toBe(429);
    expect(blocked.body.success).toBe(false);
  });
});

describe('POST /client/resetCode', () => {
  it("'Code verified successfully' for the right code, and marks it verified", async () => {
    const client = await server.createClient();
    await forgot(client.email);
    const response = await verify(client.email, mailedCode(client.email));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Code verified successfully' });
    expect((await codeRow(client.email)).verified_at).not.toBeNull();
  });

  it("'Invalid verification code' (400) for a wrong code, an odd code, or an address without a code", async () => {
    const client = await server.createClient();
    await forgot(client.email);
    const code = mailedCode(client.email);
    for (const body of [
      { email: client.email, code: otherCode(code) },
      { email: client.email, code: '12' },
      { email: client.email, code: 'abcd' },
      { email: client.email, code: '1'.repeat(10_000) },
      { email: client.email },
      { email: 'no-code@example.ng', code },
    ]) {
      const response = await post('/client/resetCode', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'Invalid verification code' });
    }
    expect((await post('/client/resetCode', { email: client.email, code: Number(code) })).body).toEqual({
      success: false,
      message: 'code must be a string',
    });
    expect((await codeRow(client.email)).verified_at).toBeNull();
  });

  it('wrong codes lock the code guessed, never the account: after 3 codes of 5 wrong tries each, a 4th code verifies', async () => {
    const client = await server.createClient();
    for (let round = 0; round < 3; round += 1) {
      await forgot(client.email);
      for (let i = 0; i < 5; i += 1)
        expect((await verify(client.email, otherCode(mailedCode(client.email)))).status).toBe(400);
      expect((await verify(client.email, mailedCode(client.email))).status).toBe(429);
      clock += HOUR;
    }
    await forgot(client.email);
    expect((await verify(client.email, mailedCode(client.email))).body).toEqual({
      success: true,
      message: 'Code verified successfully',
    });
  });

  it("after 5 wrong tries the code is locked: 'Too many wrong attempts. Please request a new code.' (429), even for the right code", async () => {
    const client = await server.createClient();
    await forgot(client.email);
    const code = mailedCode(client.email);
    for (let i = 0; i < 5; i += 1) expect((await verify(client.email, otherCode(code))).status).toBe(400);
    const locked = await verify(client.email, code);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ success: false, message: 'Too many wrong attempts. Please request a new code.' });
    expect((await reset(client.email, 'new-password')).status).toBe(400);
    // A new code unlocks.
    await forgot(client.email);
    expect((await verify(client.email, mailedCode(client.email))).status).toBe(200);
  });

  it("'Verification code has expired. Please request a new code.' after 15 minutes", async () => {
    const client = await server.createClient();
    await forgot(client.email);
    const code = mailedCode(client.email);
    clock += 15 * MINUTE;
    const expired = await verify(client.email, code);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      success: false,
      message: 'Verification code has expired. Please request a new code.',
    });
  });

  it('is still valid just before 15 minutes', async () => {
    const client = await server.createClient();
    await forgot(client.email);
    clock += 15 * MINUTE - 1000;
    expect((await verify(client.email, mailedCode(client.email))).status).toBe(200);
  });

  it('is rate-limited per address (429)', async () => {
    for (let i = 0; i < 12; i += 1) await verify(`guess${i}@example.ng`, '0000');
    const blocked = await verify('guess-last@example.ng', '0000');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, message: 'Too many attempts. Please try again later.' });
  });
});

describe('POST /client/resetPassword', () => {
  it("'Password reset successfully': the old password no longer logs in, the new one does", async () => {
    const client = await server.createClient();
    await forgot(client.email);
    await verify(client.email, mailedCode(client.email));
    const response = await reset(client.email, 'brand-new-pw');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Password reset successfully' });
    expect((await login(client.email, client.password)).status).toBe(401);
    expect((await login(client.email, 'brand-new-pw')).status).toBe(200);
  });

  it("'Please verify your code first': knowing only the email is not enough", async () => {
    const client = await server.createClient();
    const withoutCode = await reset(client.email, 'hijacked-pw');
    expect(withoutCode.status).toBe(400);
    expect(withoutCode.body).toEqual({ success: false, message: 'Please verify your code first' });
    await forgot(client.email); // a code exists but was never verified
    expect((await reset(client.email, 'hijacked-pw')).body).toEqual({
      success: false,
      message: 'Please verify your code first',
    });
    expect((await login(client.email, 'hijacked-pw')).status).toBe(401);
    expect((await login(client.email, client.password)).status).toBe(200);
  });

  it('a code is single use', async () => {
    const client = await server.createClient();
    await forgot(client.email);
    const code = mailedCode(client.email);
    await verify(client.email, code);
    expect((await reset(client.email, 'first-new-pw')).status).toBe(200);
    expect((await reset(client.email, 'second-new-pw')).body).toEqual({
      success: false,
      message: 'Please verify your code first',
    });
    expect((await verify(client.email, code)).status).toBe(400);
    expect((await login(client.email, 'first-new-pw')).status).toBe(200);
  });

  it('a verified code expires 15 minutes after it was issued', async () => {
    const client = await server.createClient();
    await forgot(client.email);
    await verify(client.email, mailedCode(client.email));
    clock += 15 * MINUTE;
    expect((await reset(client.email, 'too-late-pw')).status).toBe(400);
  });

  it('a code issued before an email change resets nobody, not even the new holder of that address', async () => {
    const owner = await server.createClient();
    await forgot(owner.email);
    await verify(owner.email, mailedCode(owner.email));
    const moved = await server.request('PUT', '/api/user/profile', {
      token: owner.token,
      body: { firstName: 'Ada', lastName: 'Obi', email: `moved-${clock}@example.ng`, currentPassword: owner.password },
    });
    expect(moved.status).toBe(200);
    const newcomer = await server.createClient({ email: owner.email });
    expect((await reset(owner.email, 'takeover-pw')).status).toBe(400);
    expect((await login(newcomer.email, newcomer.password)).status).toBe(200);
  });

  it('refuses a new password under 6 characters, missing fields and malformed JSON with 400 { success: false }', async () => {
    const client = await server.createClient();
    await forgot(client.email);
    await verify(client.email, mailedCode(client.email));
    for (const body of [{ email: client.email, newPassword: '12345' }, { email: client.email }]) {
      const response = await post('/client/resetPassword', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'Password must be at least 6 characters long' });
    }
    expect((await post('/client/resetPassword', { email: client.email, newPassword: 123456 })).body).toEqual({
      success: false,
      message: 'newPassword must be a string',
    });
    expect((await post('/client/resetPassword', { email: client.email, newPassword: 'x'.repeat(1025) })).body).toEqual({
      success: false,
      message: 'Password must be at most 1024 characters long',
    });
    const malformed = await server.request('POST', '/client/resetPassword', { rawBody: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.success).toBe(false);
    // The verified code is still good after the refusals.
    expect((await reset(client.email, '123456')).status).toBe(200);
  });
});
