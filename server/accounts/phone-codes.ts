/**
 * Sign-in codes sent to phones (issue 66; docs/security.md, 'Sign-in codes'): 6 digits drawn
 * here, kept only as a hash, ending after 10 minutes, 5 wrong tries or one use. Sending is
 * what costs money and what SMS-pumping bots farm, so each code is counted per number, per
 * network address and per address range (the shared limiter: it holds across servers), and
 * against SMS_DAILY_CAP, past which only numbers we already know (accounts' verified numbers,
 * drivers') get codes and the console is told.
 */
import { createHash, randomInt } from 'node:crypto';
import { nairaToKobo } from '../../src/shared/money';
import { lagosDate } from '../../src/shared/schedules';
import type { AppDeps } from '../context';
import {
  countWrongTry,
  insertPhoneCode,
  isKnownNumber,
  lastCodeSentAt,
  noteCapRefusal,
  selectLiveCodes,
  type PhoneCodeRow,
} from '../db/phone-codes';
import { HttpError, badRequest } from '../http/errors';
import { sameHash } from './recovery';

export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_PHONE_TRIES = 5;
/** 'Resend' is offered this long after a code, 'Call me instead' after VOICE_AFTER_S. */
export const RESEND_AFTER_S = 60;
export const VOICE_AFTER_S = 30;

export const TOO_MANY_CODES = 'Too many codes asked. Please try again later.';
export const DAILY_CAP_REACHED =
  'We cannot send more codes today. Please try again tomorrow, or sign in with your e-mail.';
export const WRONG_PHONE_CODE = 'Invalid verification code';
export const PHONE_CODE_ENDED = 'This code has expired. Ask for a new one.';
export const PHONE_IN_USE = 'This phone number is already used by another account';
export const CODES_UNAVAILABLE = 'Sign-in by phone is not available right now: use your e-mail and password.';
export const CODE_NOT_SENT = 'We could not send the code. Please try again in a minute.';

export interface CodeAnswer {
  /** Seconds until 'Resend' may be asked, and until 'Call me instead' may. */
  resendInSeconds: number;
  voiceInSeconds: number;
  expiresInSeconds: number;
}

export function hashPhoneCode(phone: string, code: string): string {
  return createHash('sha256').update(`${phone}\n${code}`).digest('hex');
}

/** The SMS: the code, then WebOTP's line (`@host #code`, last) so Android offers it to our site only. */
export function codeText(code: string, host: string): string {
  return `Your GreenPick code is ${code}. It ends in 10 minutes. Never share it.\n\n@${host} #${code}`;
}

const wait = (seconds: number, message: string) =>
  new HttpError(429, message, { retryInSeconds: seconds }, { 'Retry-After': String(seconds) });

/**
 * Sends a new code to `phone` by SMS, or by a voice call once an SMS was sent at least
 * VOICE_AFTER_S ago. `send` false (a driver route for a number no driver has) does all the
 * counting and answers alike, but sends nothing, so the answer does not tell who is a driver.
 */
export async function sendPhoneCode(
  deps: AppDeps,
  request: { phone: string; channel: 'sms' | 'voice'; address: string; range: string; send?: boolean },
): Promise<CodeAnswer> {
  const { db, limiter, limits, config, codeSender, log } = deps;
  const { phone, channel, address, range } = request;
  if (!codeSender) throw new HttpError(409, CODES_UNAVAILABLE);
  const now = deps.now();
  const last = await lastCodeSentAt(db, phone);
  const since = last ? (now.getTime() - last.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  const after = channel === 'voice' ? VOICE_AFTER_S : RESEND_AFTER_S;
  if (channel === 'voice' && !last) throw badRequest('Ask for a code by SMS first');
  if (since < after)
    throw wait(Math.ceil(after - since), `Please wait ${Math.ceil(after - since)} s before asking again`);

  const keys = [
    [`phone-code:number:${phone}`, limits.phoneCodePerNumber],
    [`phone-code:address:${address}`, limits.phoneCodePerAddress],
    [`phone-code:range:${range}`, limits.phoneCodePerRange],
  ] as const;
  if (!(await limiter.takeAll(keys))) throw wait(60 * 60, TOO_MANY_CODES);
  // The cap counts every code of the day; past it only numbers we know are served.
  const day = lagosDate(now.getTime());
  const underCap = await limiter.take(`phone-code:day:${day}`, {
    limit: config.smsDailyCap,
    windowMs: 26 * 60 * 60_000,
  });
  if (!underCap && !(await isKnownNumber(db, phone))) {
    await limiter.giveBack(keys.map(([key]) => key));
    await noteCapRefusal(db, day, now);
    log.child({ module: 'phone-codes' }).warn({ day, cap: config.smsDailyCap }, 'daily cap on sign-in codes reached');
    throw wait(60 * 60, DAILY_CAP_REACHED);
  }

  const code = String(randomInt(100_000, 1_000_000));
  if (request.send !== false) {
    try {
      if (channel === 'voice') await codeSender.callCode(phone, code);
      else await codeSender.sendCode(phone, codeText(code, config.appHost));
    } catch (error) {
      log.child({ module: 'phone-codes' }).error({ err: error, channel }, 'sign-in code not sent');
      await limiter.giveBack(keys.map(([key]) => key));
      throw new HttpError(503, CODE_NOT_SENT, {}, { 'Retry-After': '60' });
    }
  }
  await insertPhoneCode(db, {
    phone,
    codeHash: hashPhoneCode(phone, code),
    channel,
    at: now,
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
    costKobo: request.send === false ? 0 : nairaToKobo(config.smsCodeCost),
    address,
  });
  return {
    resendInSeconds: RESEND_AFTER_S,
    voiceInSeconds: VOICE_AFTER_S,
    expiresInSeconds: PHONE_CODE_TTL_MS / 1000,
  };
}

/**
 * The live code of `phone` that `code` is, or a 400: a wrong code counts a try against the
 * number's live codes (5 end them); guesses from one address are limited across numbers too.
 * The caller uses the code (spendCode) in the transaction that acts on it.
 */
export async function matchPhoneCode(
  deps: AppDeps,
  request: { phone: string; code: string; address: string },
): Promise<PhoneCodeRow> {
  const { db, limiter, limits } = deps;
  if (!(await limiter.take(`phone-verify:address:${request.address}`, limits.phoneVerifyPerAddress)))
    throw wait(15 * 60, 'Too many attempts. Please try again later.');
  const now = deps.now();
  const live = await selectLiveCodes(db, request.phone, now, MAX_WRONG_PHONE_TRIES);
  if (live.length === 0) throw badRequest(PHONE_CODE_ENDED);
  const hash = hashPhoneCode(request.phone, request.code);
  const match = live.find((row) => sameHash(row.code_hash, hash));
  if (!match) {
    await countWrongTry(db, request.phone, now);
    throw badRequest(WRONG_PHONE_CODE);
  }
  return match;
}
