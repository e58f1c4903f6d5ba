/** The signed-in user's data (POST /client/userdata) and profile edit (PUT /api/user/profile). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../server/accounts/tokens';
import { createTestServer, type TestServer } from './harness';

const SECRET = 'profile-test-secret-0123456789abcdef';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_URL = `data:image/png;base64,${PNG_1PX}`;
const AVATAR_PATH = /^\/avatars\/[0-9a-f-]{36}$/;
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { jwtSecret: SECRET } });
});
afterAll(() => server.close());

const userdata = (token: string) => server.request('POST', '/client/userdata', { body: { token } });
const save = (token: string | undefined, body: unknown) => server.request('PUT', '/api/user/profile', { token, body });
/** A new e-mail by default, so the current password (the harness's default) comes with it. */
const profile = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ngozi',
  lastName: 'Adeyemi',
  email: `p-${randomUUID()}@example.ng`,
  currentPassword: 'correct-horse-1',
  ...overrides,
});
/** Tokens the server must refuse: garbage, another secret's, an expired one, one for a user who does not exist. */
const badTokens = async (userId: string) => [
  'not-a-jwt',
  await createTokenService('some-other-secret-entirely-000000', 3600).sign(userId),
  await createTokenService(SECRET, -1).sign(userId),
  await server.deps.tokens.sign(randomUUID()),
];

describe('POST /client/userdata', () => {
  it('answers { data: User } for the token in the body', async () => {
    const client = await server.createClient({ firstname: 'Ada', lastname: 'Obi', phonenumber: '08031234567' });
    const response = await userdata(client.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        _id: client.id,
        email: client.email,
        firstname: 'Ada',
        lastname: 'Obi',
        phonenumber: '+2348031234567',
        bio: '',
        avatar: '',
        referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
        notification: false,
        balance: 0,
        subscription: null,
      },
    });
  });

  it('also takes a bearer header with no body, and each token reads only its own user', async () => {
    const first = await server.createClient();
    const second = await server.createClient();
    const response = await server.request('POST', '/client/userdata', { token: second.token });
    expect(response.status).toBe(200);
    expect(response.body.data._id).toBe(second.id);
    expect((await userdata(first.token)).body.data._id).toBe(first.id);
  });

  it('refuses a missing, invalid, foreign-secret or expired token, or a deleted user, with 401', async () => {
    const client = await server.createClient();
    const missing = await server.request('POST', '/client/userdata', { body: {} });
    expect(missing.status).toBe(401);
    expect(missing.body.message).toEqual(expect.any(String));
    for (const token of await badTokens(client.id)) {
      const response = await userdata(token);
      expect(response.status).toBe(401);
      expect(response.body).not.toHaveProperty('data');
    }
  });

  it('refuses a wrong-typed token and malformed JSON with 400', async () => {
    expect((await server.request('POST', '/client/userdata', { body: { token: 12345 } })).status).toBe(400);
    const malformed = await server.request('POST', '/client/userdata', { rawBody: '{token' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
  });
});

describe('PUT /api/user/profile', () => {
  it('answers { data: User } with the updated fields (firstName to firstname, phone to phonenumber) and keeps them', async () => {
    const client = await server.createClient();
    const body = profile({
      firstName: ' Ngozi ',
      email: `  Mixed.Case-${randomUUID()}@Example.NG `,
      phone: '080-312-34568',
      bio: 'I recycle.',
      avatar: PNG_URL,
    });
    const response = await save(client.token, body);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      _id: client.id,
      firstname: 'Ngozi',
      lastname: 'Adeyemi',
      email: (body.email as string).trim().toLowerCase(),
      // Stored in E.164 however it was written.
      phonenumber: '+2348031234568',
      bio: 'I recycle.',
      avatar: expect.stringMatching(AVATAR_PATH),
    });
    expect((await userdata(client.token)).body.data).toEqual(response.body.data);
    // The picture itself is served at its own URL.
    const picture = await server.request('GET', response.body.data.avatar);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('Content-Type')).toBe('image/png');
  });

  it('absent phone, bio and avatar stay unchanged; empty or null clears them', async () => {
    const client = await server.createClient();
    await save(client.token, profile({ phone: '08031234569', bio: 'Hello', avatar: PNG_URL }));
    const before = (await userdata(client.token)).body.data.avatar;
    const kept = await save(client.token, profile());
    expect(kept.body.data).toMatchObject({ phonenumber: '+2348031234569', bio: 'Hello', avatar: before });
    expect(before).toMatch(AVATAR_PATH);
    const cleared = await save(client.token, profile({ phone: '', bio: null, avatar: '' }));
    expect(cleared.body.data).toMatchObject({ phonenumber: '', bio: '', avatar: '' });
    expect((await server.request('GET', before)).status).toBe(404);
    await save(client.token, profile({ avatar: PNG_URL }));
    expect((await save(client.token, profile({ avatar: null }))).body.data.avatar).toBe('');
  });

  it("per-field messages: 'Please correct the highlighted fields' with errors, and nothing is written", async () => {
    const client = await server.createClient();
    const response = await save(client.token, {
      firstName: ' ',
      lastName: '',
      email: 'nope',
      phone: '12ab',
      bio: 'x'.repeat(501),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Please correct the highlighted fields',
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email is invalid',
        phone: 'Phone number is invalid',
        bio: 'Bio must be at most 500 characters',
      },
    });
    const missing = await save(client.token, {});
    expect(missing.body.errors).toMatchObject({ firstName: 'First name is required', email: 'Email is required' });
    expect((await userdata(client.token)).body.data).toMatchObject({ firstname: 'Ada', email: client.email });
  });

  it("'Avatar must be a PNG, JPEG, GIF or WebP image' for other types or bytes that are not an image", async () => {
    const client = await server.createClient();
    const notAnImage = Buffer.from('<svg onload="alert(1)"/>').toString('base64');
    for (const avatar of [
      'https://example.ng/me.png',
      `data:image/svg+xml;base64,${notAnImage}`,
      `data:image/png;base64,${notAnImage}`,
      'data:image/png;base64,@@@',
    ]) {
      const response = await save(client.token, profile({ avatar }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ avatar: 'Avatar must be a PNG, JPEG, GIF or WebP image' });
    }
  });

  it("'Image must be less than 2MB'", async () => {
    const client = await server.createClient();
    const png = Buffer.alloc(2 * 1024 * 1024);
    Buffer.from(PNG_1PX, 'base64').copy(png);
    const response = await save(client.token, profile({ avatar: `data:image/png;base64,${png.toString('base64')}` }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ avatar: 'Image must be less than 2MB' });
    const justUnder = png.subarray(0, 2 * 1024 * 1024 - 1).toString('base64');
    expect((await save(client.token, profile({ avatar: `data:image/png;base64,${justUnder}` }))).status).toBe(200);
  });

  it('a body over 3 MB is answered 413', async () => {
    const client = await server.createClient();
    const response = await save(
      client.token,
      profile({ avatar: `data:image/png;base64,${'A'.repeat(3.5 * 1024 * 1024)}` }),
    );
    expect(response.status).toBe(413);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it("'Email is already in use' (409) when another account has it, whatever the case; keeping your own is fine", async () => {
    const client = await server.createClient();
    const other = await server.createClient();
    const taken = await save(client.token, profile({ email: other.email.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'Email is already in use', errors: { email: 'Email is already in use' } });
    expect((await save(client.token, profile({ email: client.email }))).status).toBe(200);
  });

  it('a new e-mail needs the current password: missing or wrong is a field error and nothing changes', async () => {
    const client = await server.createClient();
    const email = `moved-${randomUUID()}@example.ng`;
    const missing = await save(client.token, profile({ email, currentPassword: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'Enter your current password to change your email' });
    const wrong = await save(client.token, profile({ email, currentPassword: 'not-my-password' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await userdata(client.token)).body.data.email).toBe(client.email);
    // Keeping the e-mail (in any case) needs no password.
    expect(
      (await save(client.token, profile({ email: client.email.toUpperCase(), currentPassword: undefined }))).status,
    ).toBe(200);
  });

  it('the old address is told when the e-mail changes', async () => {
    const client = await server.createClient();
    const email = `moved-${randomUUID()}@example.ng`;
    expect((await save(client.token, profile({ email }))).status).toBe(200);
    await expect
      .poll(() => server.deps.mailer.inbox!(client.email).map((letter) => letter.subject))
      .toContain('Your GreenPick email was changed');
    const letter = server.deps.mailer.inbox!(client.email).at(-1)!;
    expect(letter.text).toContain(email);
    expect(server.deps.mailer.inbox!(email)).toHaveLength(0);
  });

  it("'Email is already in use' also when two accounts race for one address: one wins, never a 500", async () => {
    const [first, second] = [await server.createClient(), await server.createClient()];
    const email = `race-${randomUUID()}@example.ng`;
    const answers = await Promise.all([first, second].map((client) => save(client.token, profile({ email }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.errors).toEqual({ email: 'Email is already in use' });
  });

  it('a client changes only their own profile, whatever ids the body carries', async () => {
    const client = await server.createClient();
    const other = await server.createClient();
    const response = await save(client.token, {
      ...profile({ firstName: 'Mine' }),
      _id: other.id,
      id: other.id,
      userId: other.id,
    });
    expect(response.body.data._id).toBe(client.id);
    expect((await userdata(other.token)).body.data.firstname).toBe('Ada');
  });

  it('refuses a missing, invalid, foreign-secret or expired token with 401', async () => {
    const client = await server.createClient();
    expect((await save(undefined, profile())).status).toBe(401);
    for (const token of await badTokens(client.id))
      expect((await save(token, profile({ firstName: 'Hacked' }))).status).toBe(401);
    expect((await userdata(client.token)).body.data.firstname).toBe('Ada');
  });

  it('refuses malformed JSON and wrong types with 400 and a message', async () => {
    const client = await server.createClient();
    const malformed = await server.request('PUT', '/api/user/profile', {
      token: client.token,
      rawBody: '{"firstName":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
    for (const body of [profile({ firstName: 7 }), profile({ avatar: 12 }), profile({ bio: {} }), ['x']]) {
      const response = await save(client.token, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});
