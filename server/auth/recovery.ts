/**
 * Password recovery: a code mailed to the address, verified once and then good for one
 * password reset, which ends every session. Wrong codes are bounded per account as well as per
 * code, since new codes can be asked for again and again (docs/security.md, 'Recovery codes').
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../context';
import { setPasswordHash } from '../db/accounts';
import { endAllSessions } from '../db/sessions';
import {
  countRecentWrongCodes,
  countWrongAttempt,
  findResetCode,
  lockResetCode,
  markResetCodeUsed,
  markResetCodeVerified,
  recordWrongCode,
  saveResetCode,
  type ResetCodeRow,
} from '../db/reset-codes';
import { findUserByEmail, findUserById } from '../db/users';
import { hashPassword } from './passwords';

export const RESET_CODE_TTL_MS = 15 * 60_000;
export const MAX_WRONG_ATTEMPTS = 5;
/** Wrong codes one source address may enter for one account in 24 hours. */
export const MAX_WRONG_CODES_PER_DAY_PER_ADDRESS = 9;
/** Wrong codes one account takes from all addresses together in 24 hours. */
export const MAX_WRONG_CODES_PER_DAY = 30;
const DAY_MS = 24 * 60 * 60_000;
export const RESET_MAIL_SUBJECT = 'Your GreenPick verification code';

export function generateResetCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** The e-mail salts the hash, so equal codes of two addresses do not share a hash. */
export function hashResetCode(email: string, code: string): string {
  return createHash('sha256').update(`${email}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * How long a `forgot` answer takes when mail goes out by SMTP, whether or not the address has
 * an account: the response waits for the mail server (so a failed send is reported) but never
 * less and never more than this, so its timing does not tell whether the account exists.
 * A send still under way at the end is answered as sent; if it fails later, only the log says so.
 */
export const MAIL_ANSWER_WINDOW_MS = 2_000;

export type ResetCodeRequest = 'sent' | 'not-sent';

/**
 * Issues a fresh code (replacing any earlier one) and mails it. An unknown address gets the
 * same work (a code drawn, hashed and stored, bound to no account) and no mail. 'not-sent' when the mail could not be sent: for a known address when its send
 * failed within the window, and for any address while the mail server is known to be
 * failing, so that this response does not reveal which addresses have accounts either.
 */
export async function requestResetCode(deps: AppDeps, email: string): Promise<ResetCodeRequest> {
  const delivery = issueAndMail(deps, email);
  if (deps.mailer.kind !== 'smtp') return (await delivery) === 'failed' ? 'not-sent' : 'sent';
  const window = new Promise<'still-sending'>((resolve) =>
    setTimeout(() => resolve('still-sending'), MAIL_ANSWER_WINDOW_MS),
  );
  const outcome = await Promise.race([delivery, window]);
  await window;
  if (outcome === 'failed') return 'not-sent';
  if (outcome === 'no-account' && deps.mailer.isFailing?.()) return 'not-sent';
  return 'sent';
}

async function issueAndMail(deps: AppDeps, email: string): Promise<'sent' | 'failed' | 'no-account'> {
  const user = await findUserByEmail(deps.db, email);
  const code = generateResetCode();
  const issuedAt = deps.now();
  await saveResetCode(deps.db, {
    email,
    userId: user?.id ?? null,
    codeHash: hashResetCode(email, code),
    expiresAt: new Date(issuedAt.getTime() + RESET_CODE_TTL_MS),
    createdAt: issuedAt,
  });
  if (!user) return 'no-account';
  try {
    await deps.mailer.send({
      to: email,
      subject: RESET_MAIL_SUBJECT,
      text: `Your GreenPick verification code is ${code}.\n\nIt expires in 15 minutes. If you did not ask to reset your password, you can ignore this e-mail.`,
    });
    return 'sent';
  } catch (error) {
    deps.log(`[mail] recovery code to ${email} not sent: ${error instanceof Error ? error.message : String(error)}`);
    return 'failed';
  }
}

export type CodeCheck = 'verified' | 'wrong' | 'expired' | 'locked' | 'locked-for-the-day';

/**
 * Checks a guess; a wrong guess counts towards the code's lock and the account's daily cap
 * (counted in the same transaction as the read). Once the cap is reached even the right code
 * is refused, or the cap would not bound the chance of a guess.
 */
export async function verifyResetCode(deps: AppDeps, email: string, code: string, address: string): Promise<CodeCheck> {
  const now = deps.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  return deps.db.transaction(async (tx) => {
    const row = await lockResetCode(tx, email);
    if (!row || row.used_at || !row.user_id) return 'wrong';
    if (row.attempts >= MAX_WRONG_ATTEMPTS) return 'locked';
    if (new Date(row.expires_at) <= now) return 'expired';
    const wrong = await countRecentWrongCodes(tx, row.user_id, address, dayAgo);
    if (wrong.fromAddress >= MAX_WRONG_CODES_PER_DAY_PER_ADDRESS || wrong.total >= MAX_WRONG_CODES_PER_DAY)
      return 'locked-for-the-day';
    if (!sameHash(row.code_hash, hashResetCode(email, code))) {
      await countWrongAttempt(tx, email);
      await recordWrongCode(tx, row.user_id, address, now, dayAgo);
      return 'wrong';
    }
    await markResetCodeVerified(tx, email, now);
    return 'verified';
  });
}

function allowsReset(row: ResetCodeRow | undefined, now: Date): row is ResetCodeRow & { user_id: string } {
  return Boolean(
    row?.user_id &&
      row.verified_at &&
      !row.used_at &&
      row.attempts < MAX_WRONG_ATTEMPTS &&
      new Date(row.expires_at) > now,
  );
}

/** Sets the new password and ends every session, when the address has a verified, unexpired, unused code; false otherwise. */
export async function resetPassword(deps: AppDeps, email: string, newPassword: string): Promise<boolean> {
  const { db } = deps;
  // Cheap check first, so nobody can make the server hash passwords without a verified code.
  if (!allowsReset(await findResetCode(db, email), deps.now())) return false;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const row = await lockResetCode(tx, email);
    if (!allowsReset(row, deps.now())) return false;
    // The account must still hold this address: a code issued before an e-mail change resets nobody.
    const owner = await findUserById(tx, row.user_id);
    if (!owner || owner.email !== email) return false;
    await setPasswordHash(tx, owner.id, passwordHash);
    // Whoever held a token (perhaps the reason for the reset) is signed out now.
    await endAllSessions(tx, owner.id);
    await markResetCodeUsed(tx, email, deps.now());
    return true;
  });
}
