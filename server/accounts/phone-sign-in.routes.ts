/**
 * Sign-in by phone number and SMS code (issue 66; docs/product.md, Accounts): clients sign in
 * or up, prove a number for their profile; drivers sign in to the number the operator
 * registered. The codes and their limits are server/accounts/phone-codes.ts's.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { PhoneCodeResponse, PhoneVerifyResponse } from '../../src/shared/contract';
import { phoneChangeSchema, phoneStartSchema, phoneVerifySchema } from '../../src/shared/schemas/phone-sign-in';
import { PHONE_IN_USE, matchPhoneCode, sendPhoneCode } from './phone-codes';
import type { AppEnv } from '../context';
import { isUniqueViolation } from '../db/accounts';
import { findActiveDriverByPhone, signDriverInByCode } from '../db/drivers';
import {
  findUserByVerifiedPhone,
  insertPhoneAccount,
  isPhoneHeldByOther,
  lockPhone,
  setVerifiedPhone,
  spendCode,
} from '../db/phone-codes';
import { rememberSignInAddress } from '../db/reset-codes';
import { toUser } from '../db/users';
import { addressRange, clientAddress } from '../http/client-address';
import { HttpError, badRequest, conflict } from '../http/errors';
import { requireClient } from '../http/roles';
import { jsonBody } from '../http/validator';
import { generateReferralCode } from './referral-code';

export const phoneSignInRoutes = new Hono<AppEnv>();

const CODE_USED = 'This code was just used. Ask for a new one.';

function addresses(c: Context<AppEnv>): { address: string; range: string } {
  const address = clientAddress(c);
  return { address, range: addressRange(address) };
}

phoneSignInRoutes.post('/client/phone/start', jsonBody(phoneStartSchema), async (c) => {
  const body = c.req.valid('json');
  const answer = await sendPhoneCode(c.var.deps, { ...body, ...addresses(c) });
  return c.json({ data: answer } satisfies PhoneCodeResponse);
});

phoneSignInRoutes.post('/client/phone/verify', jsonBody(phoneVerifySchema), async (c) => {
  const { db, tokens } = c.var.deps;
  const body = c.req.valid('json');
  const { address } = addresses(c);
  const code = await matchPhoneCode(c.var.deps, { ...body, address });
  const now = c.var.deps.now();
  const signIn = async (user: { id: string; session_version: number }, status: 200 | 201) => {
    await rememberSignInAddress(db, user.id, address, now);
    return c.json({ data: await tokens.sign(user.id, user.session_version) } satisfies PhoneVerifyResponse, status);
  };
  const owner = await findUserByVerifiedPhone(db, body.phone);
  if (owner) {
    if (!(await spendCode(db, code.id, body.phone, now))) throw badRequest(CODE_USED);
    return signIn(owner, 200);
  }
  // Typed (not proved) by an e-mail account: its owner proves it from the profile.
  if (await isPhoneHeldByOther(db, body.phone, null)) throw conflict(PHONE_IN_USE);
  if (!body.firstname || !body.lastname) {
    if (body.firstname || body.lastname) throw badRequest('First and last name are required');
    // The code stays live for the next call, which brings the names.
    return c.json({ needsName: true } satisfies PhoneVerifyResponse);
  }
  const { firstname, lastname } = body;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const user = await db.transaction(async (tx) => {
        await lockPhone(tx, body.phone);
        if (await isPhoneHeldByOther(tx, body.phone, null)) throw conflict(PHONE_IN_USE);
        if (!(await spendCode(tx, code.id, body.phone, now))) throw badRequest(CODE_USED);
        return insertPhoneAccount(tx, {
          id: randomUUID(),
          firstname,
          lastname,
          phone: body.phone,
          referralCode: generateReferralCode(),
          ref: body.ref,
          at: now,
        });
      });
      return signIn(user, 201);
    } catch (error) {
      if (isUniqueViolation(error, 'users_verified_phone_key')) throw conflict(PHONE_IN_USE);
      // A referral-code clash (about 1 in 10^12 per pair) just draws another code.
      if (!isUniqueViolation(error, 'users_referral_code_key')) throw error;
    }
  }
  throw new Error('could not draw a free referral code');
});

/** The signed-in client proves a number (new or changed) with its code; 409 when another account has it. */
phoneSignInRoutes.post('/client/phone/change', requireClient(), jsonBody(phoneChangeSchema), async (c) => {
  const { db } = c.var.deps;
  const body = c.req.valid('json');
  const userId = c.var.client.id;
  const code = await matchPhoneCode(c.var.deps, { ...body, address: clientAddress(c) });
  const now = c.var.deps.now();
  try {
    const user = await db.transaction(async (tx) => {
      await lockPhone(tx, body.phone);
      if (await isPhoneHeldByOther(tx, body.phone, userId)) throw conflict(PHONE_IN_USE);
      if (!(await spendCode(tx, code.id, body.phone, now))) throw badRequest(CODE_USED);
      return setVerifiedPhone(tx, userId, body.phone, now);
    });
    return c.json({ data: toUser(user) });
  } catch (error) {
    if (isUniqueViolation(error, 'users_verified_phone_key')) throw conflict(PHONE_IN_USE);
    throw error;
  }
});

phoneSignInRoutes.post('/driver/phone/start', jsonBody(phoneStartSchema), async (c) => {
  const body = c.req.valid('json');
  // Codes go only to drivers' numbers; the answer is the same either way.
  const driver = await findActiveDriverByPhone(c.var.deps.db, body.phone);
  const answer = await sendPhoneCode(c.var.deps, { ...body, ...addresses(c), send: driver !== undefined });
  return c.json({ data: answer } satisfies PhoneCodeResponse);
});

phoneSignInRoutes.post('/driver/phone/verify', jsonBody(phoneChangeSchema), async (c) => {
  const { db, tokens } = c.var.deps;
  const body = c.req.valid('json');
  const code = await matchPhoneCode(c.var.deps, { ...body, address: clientAddress(c) });
  const driver = await findActiveDriverByPhone(db, body.phone);
  if (!driver) throw badRequest('Invalid verification code');
  const now = c.var.deps.now();
  if (!(await spendCode(db, code.id, body.phone, now))) throw badRequest(CODE_USED);
  const version = await signDriverInByCode(db, driver.id, now);
  if (version === undefined) throw new HttpError(401, 'Invalid verification code');
  return c.json({ data: await tokens.sign(driver.id, version, 'driver') });
});
