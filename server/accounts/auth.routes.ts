/**
 * Accounts: sign-up, login, the signed-in user's data, and log out everywhere (password
 * recovery is in recovery.ts). Each call keeps the error shape its client screen reads
 * (src/shared/contract.ts): login adds `error`, sign-up adds `data`. The request schemas are the
 * shared ones (src/shared/schemas/auth.ts).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import {
  ALL_FIELDS_REQUIRED,
  INVALID_LOGIN,
  loginSchema,
  logoutAllSchema,
  signupSchema,
  userDataSchema,
} from '../../src/shared/schemas/auth';
import type { SignupResponse } from '../../src/shared/contract';
import type { AppEnv } from '../context';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';
import { generateReferralCode } from './referral-code';
import { normalizePhone } from '../../src/shared/validation/phone';
import { insertAccount, isUniqueViolation } from '../db/accounts';
import { isPhoneHeldByOther, lockPhone } from '../db/phone-codes';
import { PHONE_IN_USE } from './phone-codes';
import { endAllSessions } from '../db/sessions';
import { findUserByEmail, findUserById, toUser } from '../db/users';
import { deleteUserSubscriptions } from '../db/push';
import { rememberSignInAddress } from '../db/reset-codes';
import { requireClient } from '../http/roles';
import { jsonBody } from '../http/validator';
import { clientAddress } from '../http/client-address';
import { HttpError, badRequest, conflict, unauthorized } from '../http/errors';

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
const TOO_MANY_SIGNUPS = 'Too many sign-ups from your network. Please try again later.';

const signupError = (message: string) => badRequest(message, { data: message });
const loginError = (message: string) => badRequest(message, { error: message });

/** 8 characters without look-alikes (no 0/O, 1/I/L), so a code read aloud or typed is unambiguous. */
export const authRoutes = new Hono<AppEnv>();

authRoutes.post(
  '/client/signup',
  // "All fields are required" comes first, as on the client's form.
  jsonBody(signupSchema, { fail: signupError, firstMessage: ALL_FIELDS_REQUIRED }),
  async (c) => {
    const { db, limiter, limits } = c.var.deps;
    const body = c.req.valid('json');
    // Before the password is hashed: the hash is what makes a sign-up flood expensive.
    if (!(await limiter.take(`signup:address:${clientAddress(c)}`, limits.signupPerAddress))) {
      throw new HttpError(429, TOO_MANY_SIGNUPS, { data: TOO_MANY_SIGNUPS });
    }
    // Stored in E.164 however it was written ('0803 123 4567' is '+2348031234567').
    const phonenumber = normalizePhone(body.phonenumber) ?? body.phonenumber.trim();
    const account = { ...body, phonenumber, passwordHash: await hashPassword(body.password) };
    // A referral-code clash (about 1 in 10^12 per pair) just draws another code.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const id = randomUUID();
      try {
        // One number, one client (docs/security.md, 'Sign-in codes'): checked under the number's lock.
        // A taken e-mail is told first, as before the rule; the insert rolls back when the number is taken.
        const inserted = await db.transaction(async (tx) => {
          await lockPhone(tx, phonenumber);
          if (!(await insertAccount(tx, { ...account, id, referralCode: generateReferralCode() }))) return false;
          if (await isPhoneHeldByOther(tx, phonenumber, id)) throw conflict(PHONE_IN_USE, { data: PHONE_IN_USE });
          return true;
        });
        if (!inserted) throw conflict('Email already exists', { data: 'Email already exists' });
        return c.json(
          {
            data: { message: 'Account created successfully!, login with your details', userId: id },
          } satisfies SignupResponse,
          201,
        );
      } catch (error) {
        if (!isUniqueViolation(error, 'users_referral_code_key')) throw error;
      }
    }
    throw new Error('could not draw a free referral code');
  },
);

authRoutes.post('/client/login', jsonBody(loginSchema, { fail: loginError }), async (c) => {
  const { db, tokens, limiter, limits } = c.var.deps;
  const body = c.req.valid('json');
  const address = clientAddress(c);
  // Guesses at one e-mail count per address, so a stranger typing wrong passwords elsewhere
  // cannot lock the owner out, while one attacker is still slowed; the address bucket keeps
  // one address from spreading guesses over many e-mails. A refused attempt counts nowhere.
  const pairKey = `login:email-address:${body.email}|${address}`;
  const allowed = await limiter.takeAll([
    [pairKey, limits.loginPerEmailAndAddress],
    [`login:address:${address}`, limits.loginPerAddress],
  ]);
  if (!allowed) throw new HttpError(429, TOO_MANY_LOGINS, { error: TOO_MANY_LOGINS });

  const user = await findUserByEmail(db, body.email);
  // An unknown e-mail still costs one scrypt comparison, so timing does not reveal accounts.
  const matches = await verifyPassword(body.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!user || !matches) throw new HttpError(401, INVALID_LOGIN, { error: INVALID_LOGIN });
  await limiter.reset(pairKey);
  // The owner's own network from now on: recovery asked from here has an allowance strangers cannot spend.
  await rememberSignInAddress(db, user.id, address, c.var.deps.now());
  return c.json({ data: await tokens.sign(user.id, user.session_version) });
});

// The body is read first: it may hold the token.
authRoutes.post(
  '/client/userdata',
  jsonBody(userDataSchema, { optional: true }),
  requireClient({ tokenInBody: true }),
  async (c) => {
    const userId = c.var.client.id;
    const user = await findUserById(c.var.deps.db, userId);
    if (!user) throw unauthorized();
    return c.json({ data: toUser(user) });
  },
);

/** Ends every session of the caller, this one included (a lost phone, a shared computer). */
authRoutes.post('/client/logoutAll', jsonBody(logoutAllSchema, { optional: true }), requireClient(), async (c) => {
  const userId = c.var.client.id;
  await endAllSessions(c.var.deps.db, userId);
  await deleteUserSubscriptions(c.var.deps.db, userId);
  return c.json({ data: { message: 'You have been logged out on every device' } });
});
