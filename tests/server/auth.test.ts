/** Sign-up and login (docs/product.md, Accounts and Messages): answers, error shapes, hashing, referral, rate limits. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, uniquePhone } from './harness';

const HOUR = 60 * 60_000;
let server: TestServer;
let clock = Date.now();
let seq = 0;
const freshEmail = () => {
  seq += 1;
  return `auth${seq}-${Date.now()}@example.ng`;
};
const signupBody = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Chidi',
  lastname: 'Eze',
  email: freshEmail(),
  phonenumber: uniquePhone(),
  password: 'long-enough-1',
  ...overrides,
});
const userRow = async (email: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: a JSON response or a database row, read loosely; the assertions check its fields.
  (await server.deps.db.query<Record<string, any>>('select * from users where email = $1', [email]))[0];
const userCount = async () => (await server.deps.db.query<{ n: number }>('select count(*)::int as n from users'))[0].n;

beforeAll(async () => {
  server = await createTestServer({
    now: () => new Date(clock),
    limits: {
      loginPerEmailAndAddress: { limit: 3, windowMs: HOUR },
      loginPerAddress: { limit: 8, windowMs: HOUR },
      signupPerAddress: { limit: 1_000_000, windowMs: HOUR },
      recoveryPerAddress: { limit: 50, windowMs: HOUR },
    },
  });
});
afterAll(() => server.close());
// Every test starts in a fresh rate-limit window.
beforeEach(() => {
  clock += 2 * HOUR;
});

describe('POST /client/signup', () => {
  it("answers 201 'Account created successfully!, login with your details' with the new userId", async () => {
    const body = signupBody({ email: '  New.Client@Example.NG ', firstname: ' Chidi ', phonenumber: '08012345678' });
    const response = await server.request('POST', '/client/signup', { body });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      data: { message: 'Account created successfully!, login with your details', userId: expect.any(String) },
    });
    const row = await userRow('new.client@example.ng');
    expect(row.id).toBe(response.body.data.userId);
    expect(row.firstname).toBe('Chidi');
    // Stored in E.164 however it was written.
    expect(row.phonenumber).toBe('+2348012345678');
  });

  it('stores the password hashed, never as plain text', async () => {
    const body = signupBody({ password: 'plain-text-secret' });
    await server.request('POST', '/client/signup', { body });
    const row = await userRow(body.email);
    expect(row.password_hash).not.toContain('plain-text-secret');
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('gives each user a unique 8-character referral code without ambiguous characters', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const body = signupBody();
      await server.request('POST', '/client/signup', { body });
      const { referral_code } = await userRow(body.email);
      expect(referral_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
      codes.add(referral_code);
    }
    expect(codes.size).toBe(5);
  });

  it("refuses a short password: 'Password must be at least 8 characters long' (400, in data)", async () => {
    const before = await userCount();
    const response = await server.request('POST', '/client/signup', { body: signupBody({ password: '1234567' }) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Password must be at least 8 characters long',
      data: 'Password must be at least 8 characters long',
    });
    expect(await userCount()).toBe(before);
  });

  it.each(['firstname', 'lastname', 'email', 'phonenumber', 'password'])(
    "'All fields are required': %s missing or blank",
    async (field) => {
      const missing = signupBody();
      delete (missing as Record<string, unknown>)[field];
      for (const body of [missing, signupBody({ [field]: '   ' }), signupBody({ [field]: null })]) {
        const response = await server.request('POST', '/client/signup', { body });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: 'All fields are required', data: 'All fields are required' });
      }
    },
  );

  it("'Please enter a valid email address'", async () => {
    for (const email of ['not-an-email', 'a@b', 'two@@example.ng']) {
      const response = await server.request('POST', '/client/signup', { body: signupBody({ email }) });
      expect(response.status).toBe(400);
      expect(response.body.data).toBe('Please enter a valid email address');
    }
  });

  it('refuses malformed JSON and wrong types with 400 and a message in data that names the type, writing nothing', async () => {
    const before = await userCount();
    const malformed = await server.request('POST', '/client/signup', { rawBody: '{"firstname": "Ada",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data).toBe(malformed.body.message);
    const cases: Array<[unknown, string]> = [
      [signupBody({ firstname: 42 }), 'firstname must be a string'],
      [signupBody({ password: ['long-enough-1'] }), 'password must be a string'],
      [signupBody({ ref: 7 }), 'ref must be a string'],
      [[signupBody()], 'Invalid data provided'],
      ['text', 'Invalid data provided'],
    ];
    for (const [body, message] of cases) {
      const response = await server.request('POST', '/client/signup', { body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message, data: message });
    }
    expect(await userCount()).toBe(before);
  });

  it("'Email already exists' (409), whatever the letter case", async () => {
    const body = signupBody();
    expect((await server.request('POST', '/client/signup', { body })).status).toBe(201);
    const again = await server.request('POST', '/client/signup', {
      body: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Email already exists', data: 'Email already exists' });
  });

  it("'Email already exists' also when two sign-ups race for one address: exactly one account", async () => {
    const body = signupBody();
    const answers = await Promise.all([1, 2, 3].map(() => server.request('POST', '/client/signup', { body })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const rows = await server.deps.db.query('select id from users where email = $1', [body.email]);
    expect(rows).toHaveLength(1);
  });

  it('signup?ref=CODE links the new client to the referrer; an unknown code is ignored', async () => {
    const referrer = signupBody();
    await server.request('POST', '/client/signup', { body: referrer });
    const { id, referral_code } = await userRow(referrer.email);

    const referred = signupBody({ ref: ` ${referral_code.toLowerCase()} ` });
    expect((await server.request('POST', '/client/signup', { body: referred })).status).toBe(201);
    expect((await userRow(referred.email)).referred_by).toBe(id);

    const stranger = signupBody({ ref: 'NOSUCHCD' });
    expect((await server.request('POST', '/client/signup', { body: stranger })).status).toBe(201);
    expect((await userRow(stranger.email)).referred_by).toBeNull();
  });
});

describe('POST /client/login', () => {
  it('answers the token in data; it identifies the user', async () => {
    const client = await server.createClient();
    const response = await server.request('POST', '/client/login', {
      body: { email: ` ${client.email.toUpperCase()} `, password: client.password },
    });
    expect(response.status).toBe(200);
    expect(typeof response.body.data).toBe('string');
    expect((await server.deps.tokens.verify(response.body.data))?.userId).toBe(client.id);
  });

  it("'Invalid email or password' (401, in error) for a wrong password and, identically, an unknown email", async () => {
    const client = await server.createClient();
    const wrong = await server.request('POST', '/client/login', {
      body: { email: client.email, password: 'not-the-password' },
    });
    const unknown = await server.request('POST', '/client/login', {
      body: { email: 'nobody@example.ng', password: client.password },
    });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password', error: 'Invalid email or password' });
    }
  });

  it('refuses missing fields, wrong types and malformed JSON with 400 and a message in error', async () => {
    const bodies = [{ email: 'a@example.ng' }, { password: 'x' }, { email: 'a@example.ng', password: '' }];
    for (const body of bodies) {
      const response = await server.request('POST', '/client/login', { body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: 'Email and password are required',
        error: 'Email and password are required',
      });
    }
    // A wrong type is told as such, not as a missing field.
    for (const [body, message] of [
      [{ email: 5, password: 'x' }, 'email must be a string'],
      [{ email: 'a@example.ng', password: { secret: 1 } }, 'password must be a string'],
    ] as const) {
      expect((await server.request('POST', '/client/login', { body })).body).toEqual({ message, error: message });
    }
    const malformed = await server.request('POST', '/client/login', { rawBody: 'email=a' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe(malformed.body.message);
  });

  it("'Too many login attempts. Please try again later.' per email (429), even with the right password", async () => {
    const client = await server.createClient(); // one successful login, which resets the e-mail's counter
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await server.request('POST', '/client/login', { body: { email: client.email, password: 'wrong-guess' } }))
          .status,
      ).toBe(401);
    }
    const blocked = await server.request('POST', '/client/login', {
      body: { email: client.email, password: client.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      message: 'Too many login attempts. Please try again later.',
      error: 'Too many login attempts. Please try again later.',
    });
    clock += 2 * HOUR; // the window passes
    expect(
      (await server.request('POST', '/client/login', { body: { email: client.email, password: client.password } }))
        .status,
    ).toBe(200);
  });

  it('a successful login resets the per-email counter', async () => {
    const client = await server.createClient();
    const attempt = (password: string) =>
      server.request('POST', '/client/login', { body: { email: client.email, password } });
    expect((await attempt('wrong-1')).status).toBe(401);
    expect((await attempt('wrong-2')).status).toBe(401);
    expect((await attempt(client.password)).status).toBe(200); // third of three allowed; counter back to zero
    for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-again')).status).toBe(401);
    expect((await attempt('wrong-again')).status).toBe(429);
  });

  it('is rate-limited per address across different emails', async () => {
    for (let i = 0; i < 8; i += 1) {
      expect(
        (await server.request('POST', '/client/login', { body: { email: freshEmail(), password: 'whatever-1' } }))
          .status,
      ).toBe(401);
    }
    const blocked = await server.request('POST', '/client/login', {
      body: { email: freshEmail(), password: 'whatever-1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many login attempts. Please try again later.');
  });
});
