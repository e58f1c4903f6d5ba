/**
 * Accounts: sign-up, login, the signed-in user's data, and password recovery.
 * Each call keeps the error shape its client screen reads (SPEC.md section 7): login adds
 * `error`, sign-up adds `data`, recovery answers `{ success, message }`.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { requestResetCode, resetPassword, verifyResetCode } from '../auth/recovery';
import { insertAccount, isUniqueViolation } from '../db/accounts';
import { findUserByEmail, findUserById, toUser } from '../db/users';
import { authenticate, clientAddress } from '../http/auth';
import { HttpError, badRequest, conflict, unauthorized, tooManyRequests } from '../http/errors';

const ALL_REQUIRED = 'All fields are required';
const INVALID_DATA = 'Invalid data provided';
const INVALID_EMAIL = 'Please enter a valid email address';
const SHORT_PASSWORD = 'Password must be at least 8 characters long';
const INVALID_LOGIN = 'Invalid email or password';
const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
const INVALID_CODE = 'Invalid verification code';
const MAIL_NOT_SENT = 'We could not send the verification code right now. Please try again in a few minutes.';

/** A required text field: missing, null or blank is "required", any other non-string is invalid data. */
const required = (max: number, tooLong: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? ALL_REQUIRED : INVALID_DATA) })
    .refine((value) => value.trim() !== '', ALL_REQUIRED)
    .refine((value) => value.length <= max, tooLong);

const emailAddress = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().pipe(z.email({ error: message }).max(254, message));

const signupSchema = z.object(
  {
    firstname: required(100, 'First name must be at most 100 characters').transform((value) => value.trim()),
    lastname: required(100, 'Last name must be at most 100 characters').transform((value) => value.trim()),
    email: required(254, INVALID_EMAIL).pipe(emailAddress(INVALID_EMAIL)),
    phonenumber: required(40, 'Phone number must be at most 40 characters').transform((value) => value.trim()),
    password: required(1024, 'Password must be at most 1024 characters long').refine((value) => value.length >= 8, SHORT_PASSWORD),
    // From `signup?ref=CODE`: an unknown or odd code links nobody and never blocks the sign-up.
    ref: z
      .string({ error: INVALID_DATA })
      .nullish()
      .transform((value) => (value && value.trim().length <= 64 ? value.trim().toUpperCase() : null)),
  },
  { error: INVALID_DATA },
);

const loginSchema = z.object(
  {
    email: z.string({ error: 'Email and password are required' }).trim().toLowerCase().min(1, 'Email and password are required').max(254, INVALID_LOGIN),
    password: z.string({ error: 'Email and password are required' }).min(1, 'Email and password are required').max(1024, INVALID_LOGIN),
  },
  { error: 'Email and password are required' },
);

const userDataSchema = z.object({ token: z.string({ error: 'token must be a string' }).max(4096).nullish() }, { error: INVALID_DATA });

const forgotSchema = z.object({ email: emailAddress(INVALID_EMAIL) }, { error: INVALID_EMAIL });
const resetCodeSchema = z.object(
  { email: emailAddress(INVALID_EMAIL), code: z.string({ error: INVALID_CODE }).trim().regex(/^\d{4}$/, INVALID_CODE) },
  { error: INVALID_CODE },
);
const resetPasswordSchema = z.object(
  {
    email: emailAddress(INVALID_EMAIL),
    newPassword: z
      .string({ error: 'Password must be at least 6 characters long' })
      .min(6, 'Password must be at least 6 characters long')
      .max(1024, 'Password must be at most 1024 characters long'),
  },
  { error: 'Password must be at least 6 characters long' },
);

/**
 * Reads and validates the body, failing with this call's error shape. Sign-up lists issues
 * in field order, but "All fields are required" comes first, as on the client's form.
 */
async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S, fail: (message: string) => HttpError, options: { optional?: boolean } = {}): Promise<z.infer<S>> {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== '' || !options.optional) {
    try {
      body = JSON.parse(text);
    } catch {
      throw fail('Request body must be valid JSON');
    }
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  throw fail((issues.find((issue) => issue.message === ALL_REQUIRED) ?? issues[0]).message);
}

const signupError = (message: string) => badRequest(message, { data: message });
const loginError = (message: string) => badRequest(message, { error: message });
const recoveryError = (message: string) => badRequest(message);

/** 8 characters without look-alikes (no 0/O, 1/I/L), so a code read aloud or typed is unambiguous. */
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function generateReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
}

/** Recovery calls answer `{ success, message }`, failures included. */
async function recoveryAnswer(c: Context<AppEnv>, work: () => Promise<string>) {
  try {
    return c.json({ success: true, message: await work() });
  } catch (error) {
    if (error instanceof HttpError) return c.json({ success: false, message: error.message }, error.status);
    throw error;
  }
}

export const authRoutes = new Hono<AppEnv>();

authRoutes.post('/client/signup', async (c) => {
  const { db } = c.var.deps;
  const body = await readBody(c, signupSchema, signupError);
  const account = { ...body, passwordHash: await hashPassword(body.password) };
  // A referral-code clash (about 1 in 10^12 per pair) just draws another code.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = randomUUID();
    try {
      if (!(await insertAccount(db, { ...account, id, referralCode: generateReferralCode() }))) {
        throw conflict('Email already exists', { data: 'Email already exists' });
      }
      return c.json({ data: { message: 'Account created successfully!, login with your details', userId: id } }, 201);
    } catch (error) {
      if (!isUniqueViolation(error, 'users_referral_code_key')) throw error;
    }
  }
  throw new Error('could not draw a free referral code');
});

authRoutes.post('/client/login', async (c) => {
  const { db, tokens, limiter, limits } = c.var.deps;
  const body = await readBody(c, loginSchema, loginError);
  const emailKey = `login:email:${body.email}`;
  // Both buckets count every attempt, so one address cannot spread guesses over many e-mails.
  const emailAllowed = limiter.take(emailKey, limits.loginPerEmail);
  const addressAllowed = limiter.take(`login:address:${clientAddress(c)}`, limits.loginPerAddress);
  if (!emailAllowed || !addressAllowed) throw new HttpError(429, TOO_MANY_LOGINS, { error: TOO_MANY_LOGINS });

  const user = await findUserByEmail(db, body.email);
  // An unknown e-mail still costs one scrypt comparison, so timing does not reveal accounts.
  const matches = await verifyPassword(body.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !matches) throw new HttpError(401, INVALID_LOGIN, { error: INVALID_LOGIN });
  limiter.reset(emailKey);
  return c.json({ data: await tokens.sign(user.id) });
});

authRoutes.post('/client/userdata', async (c) => {
  const body = await readBody(c, userDataSchema, badRequest, { optional: true });
  const userId = await authenticate(c, body.token);
  const user = await findUserById(c.var.deps.db, userId);
  if (!user) throw unauthorized();
  return c.json({ data: toUser(user) });
});

authRoutes.post('/client/forgot', (c) =>
  recoveryAnswer(c, async () => {
    const { deps } = c.var;
    const { email } = await readBody(c, forgotSchema, recoveryError);
    const emailAllowed = deps.limiter.take(`recovery:email:${email}`, deps.limits.recoveryPerEmail);
    const addressAllowed = deps.limiter.take(`recovery:address:${clientAddress(c)}`, deps.limits.recoveryPerAddress);
    if (!emailAllowed || !addressAllowed) throw tooManyRequests('Too many attempts. Please try again later.');
    if ((await requestResetCode(deps, email)) === 'not-sent') throw new HttpError(503, MAIL_NOT_SENT);
    return 'Verification code sent to your email';
  }),
);

authRoutes.post('/client/resetCode', (c) =>
  recoveryAnswer(c, async () => {
    const { deps } = c.var;
    const { email, code } = await readBody(c, resetCodeSchema, recoveryError);
    if (!deps.limiter.take(`reset-code:address:${clientAddress(c)}`, deps.limits.recoveryPerAddress)) throw tooManyRequests();
    const outcome = await verifyResetCode(deps, email, code);
    if (outcome === 'locked') throw tooManyRequests('Too many wrong attempts. Please request a new code.');
    if (outcome === 'expired') throw badRequest('Verification code has expired. Please request a new code.');
    if (outcome === 'wrong') throw badRequest(INVALID_CODE);
    return 'Code verified successfully';
  }),
);

authRoutes.post('/client/resetPassword', (c) =>
  recoveryAnswer(c, async () => {
    const { deps } = c.var;
    const { email, newPassword } = await readBody(c, resetPasswordSchema, recoveryError);
    if (!(await resetPassword(deps, email, newPassword))) throw badRequest('Please verify your code first');
    // The owner just proved control of the address: earlier failed logins no longer count.
    deps.limiter.reset(`login:email:${email}`);
    return 'Password reset successfully';
  }),
);
