/**
 * Password recovery: a code mailed to the address, verified once and then good for one
 * password reset, which ends every session. A code belongs to the address that asked for it:
 * only guesses from there are checked against it, so wrong guesses lock that code and nobody
 * else's. Guessing is bounded by the codes an account can be sent (docs/security.md,
 * 'Recovery codes').
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../context';
import { setPasswordHash } from '../db/accounts';
import { endAllSessions } from '../db/sessions';
import {
  countWrongAttempt,
  findResetCode,
  lockResetCode,
  markResetCodeVerified,
  markResetCodesUsed,
  rememberSignInAddress,
  saveResetCode,
  type ResetCodeRow,
} from '../db/reset-codes';
import { findUserByEmail, findUserById } from '../db/users';
import { hashPassword } from './passwords';

export const RESET_CODE_TTL_MS = 15 * 60_000;
export const MAX_WRONG_ATTEMPTS = 5;
export const RESET_MAIL_SUBJECT = 'Your GreenPick verification code';

export function generateResetCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** The e-mail salts the hash, so equal codes of two addresses do not share a hash. */
export function hashResetCode(email: string, code: string): string {
  return createHash('sha256').update(`${email}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
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

/** Where the request came from and what it spent, for the letter (the owner learns of every code asked). */
interface CodeAsked {
  address: string;
  /** The address signed in to the account before. */
  known: boolean;
  /** Codes of this allowance asked in its window, this one included, and the allowance. */
  count: number;
  limit: number;
  /** Gives the allowance's hit back: called when the letter could not be sent. */
  refund: () => Promise<void>;
}

/**
 * Issues a fresh code for (e-mail, address), replacing that address's earlier one, and mails
 * it. An unknown e-mail gets the same work (a code drawn, hashed and stored, bound to no
 * account) and no mail. 'not-sent' when the mail could not be sent: for a known e-mail when
 * its send failed within the window, and for any e-mail while the mail server is known to be
 * failing, so that this response does not reveal which addresses have accounts either.
 */
export async function requestResetCode(deps: AppDeps, email: string, asked: CodeAsked): Promise<ResetCodeRequest> {
  const delivery = issueAndMail(deps, email, asked);
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

/** The letter's last paragraph: how many codes were asked, and from where. */
function codesAskedText(asked: Pick<CodeAsked, 'known' | 'count' | 'limit'>): string {
  const codes = (n: number) => `${n} ${n === 1 ? 'code has' : 'codes have'}`;
  return asked.known
    ? `This code was asked for from a network you have signed in from before. ${codes(asked.count)} been asked for from there today (at most ${asked.limit}).`
    : `${codes(asked.count)} been asked for your account today from places you have not signed in from (at most ${asked.limit}; after that only your own devices can ask). If that was not you, your password is still safe: nobody can use a code without this e-mail.`;
}

async function issueAndMail(deps: AppDeps, email: string, asked: CodeAsked): Promise<'sent' | 'failed' | 'no-account'> {
  const user = await findUserByEmail(deps.db, email);
  const code = generateResetCode();
  const issuedAt = deps.now();
  await saveResetCode(deps.db, {
    email,
    address: asked.address,
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
      text: `Your GreenPick verification code is ${code}.\n\nIt expires in 15 minutes. If you did not ask to reset your password, you can ignore this e-mail.\n\n${codesAskedText(asked)}`,
    });
    return 'sent';
  } catch (error) {
    deps.log.child({ module: 'mail' }).error({ err: error, to: email }, 'recovery code not sent');
    // The owner was not told of this code, so it does not count against their allowance.
    await asked.refund();
    return 'failed';
  }
}

export type CodeCheck = 'verified' | 'wrong' | 'expired' | 'locked';

/**
 * Checks a guess from `address` against the code asked from that address (no other): a wrong
 * guess counts towards that code's lock (counted in the same transaction as the read), and a
 * locked code refuses even the right guess until its asker asks for a new one.
 */
export async function verifyResetCode(deps: AppDeps, email: string, code: string, address: string): Promise<CodeCheck> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockResetCode(tx, email, address);
    if (!row || row.used_at || !row.user_id) return 'wrong';
    if (row.attempts >= MAX_WRONG_ATTEMPTS) return 'locked';
    if (new Date(row.expires_at) <= now) return 'expired';
    if (!sameHash(row.code_hash, hashResetCode(email, code))) {
      await countWrongAttempt(tx, email, address);
      return 'wrong';
    }
    await markResetCodeVerified(tx, email, address, now);
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

/**
 * Sets the new password and ends every session, when `address` holds a verified, unexpired,
 * unused code for the e-mail (a code verified elsewhere resets nothing from here); false otherwise.
 */
export async function resetPassword(
  deps: AppDeps,
  email: string,
  newPassword: string,
  address: string,
): Promise<boolean> {
  const { db } = deps;
  // Cheap check first, so nobody can make the server hash passwords without a verified code.
  if (!allowsReset(await findResetCode(db, email, address), deps.now())) return false;
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const row = await lockResetCode(tx, email, address);
    if (!allowsReset(row, deps.now())) return false;
    // The account must still hold this address: a code issued before an e-mail change resets nobody.
    const owner = await findUserById(tx, row.user_id);
    if (!owner || owner.email !== email) return false;
    await setPasswordHash(tx, owner.id, passwordHash);
    // Whoever held a token (perhaps the reason for the reset) is signed out now.
    await endAllSessions(tx, owner.id);
    await markResetCodesUsed(tx, email, deps.now());
    // Whoever proved they read the mailbox from here is the owner: their address is now known.
    await rememberSignInAddress(tx, owner.id, address, deps.now());
    return true;
  });
}
