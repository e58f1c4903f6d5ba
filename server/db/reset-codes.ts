/**
 * Password-recovery codes: one row per e-mail address holding only the code's hash and its
 * state, and wrong codes per account in `recovery_failures`. An unknown address gets a row
 * too, so asking for a code does the same work either way (docs/security.md, 'Recovery codes').
 */
import type { Queryable } from './connection';

export interface ResetCodeRow {
  email: string;
  code_hash: string;
  expires_at: Date | string;
  attempts: number;
  verified_at: Date | string | null;
  used_at: Date | string | null;
  user_id: string | null;
}

/** How long an expired code stays, so that its use is answered 'expired' rather than 'wrong'. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/**
 * Saves the code (replacing the address's earlier one) and, in the same statement, removes
 * codes expired for over a day, so rows for unknown addresses do not pile up.
 */
export async function saveResetCode(
  db: Queryable,
  code: { email: string; userId: string | null; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.query(
    `with pruned as (delete from reset_codes where expires_at < $6 and email <> $1)
     insert into reset_codes (email, user_id, code_hash, expires_at, attempts, verified_at, used_at, created_at)
     values ($1, $2, $3, $4, 0, null, null, $5)
     on conflict (email) do update set
       user_id = excluded.user_id, code_hash = excluded.code_hash, expires_at = excluded.expires_at,
       attempts = 0, verified_at = null, used_at = null, created_at = excluded.created_at`,
    [
      code.email,
      code.userId,
      code.codeHash,
      code.expiresAt,
      code.createdAt,
      new Date(code.createdAt.getTime() - KEEP_EXPIRED_MS),
    ],
  );
}

export async function findResetCode(db: Queryable, email: string): Promise<ResetCodeRow | undefined> {
  const [row] = await db.query<ResetCodeRow>('select * from reset_codes where email = $1', [email]);
  return row ? { ...row, attempts: Number(row.attempts) } : undefined;
}

/** Reads the code and locks its row, so concurrent guesses are counted one after the other. */
export async function lockResetCode(tx: Queryable, email: string): Promise<ResetCodeRow | undefined> {
  const [row] = await tx.query<ResetCodeRow>('select * from reset_codes where email = $1 for update', [email]);
  return row ? { ...row, attempts: Number(row.attempts) } : undefined;
}

export async function countWrongAttempt(tx: Queryable, email: string): Promise<void> {
  await tx.query('update reset_codes set attempts = attempts + 1 where email = $1', [email]);
}

export async function markResetCodeVerified(tx: Queryable, email: string, at: Date): Promise<void> {
  await tx.query('update reset_codes set verified_at = coalesce(verified_at, $2) where email = $1', [email, at]);
}

export async function markResetCodeUsed(tx: Queryable, email: string, at: Date): Promise<void> {
  await tx.query('update reset_codes set used_at = $2 where email = $1', [email, at]);
}

/** Wrong codes entered for the account since `since`, whatever code they were aimed at: in all, and from `address`. */
export async function countRecentWrongCodes(
  tx: Queryable,
  userId: string,
  address: string,
  since: Date,
): Promise<{ total: number; fromAddress: number }> {
  const [row] = await tx.query<{ total: number; from_address: number }>(
    `select count(*)::int as total, (count(*) filter (where address = $3))::int as from_address
     from recovery_failures where user_id = $1 and failed_at > $2`,
    [userId, since, address],
  );
  return { total: Number(row?.total ?? 0), fromAddress: Number(row?.from_address ?? 0) };
}

/** Records a wrong code, dropping the account's records older than `forgetBefore` (a handful per account at most). */
export async function recordWrongCode(
  tx: Queryable,
  userId: string,
  address: string,
  at: Date,
  forgetBefore: Date,
): Promise<void> {
  await tx.query('delete from recovery_failures where user_id = $1 and failed_at <= $2', [userId, forgetBefore]);
  await tx.query('insert into recovery_failures (user_id, address, failed_at) values ($1, $2, $3)', [
    userId,
    address,
    at,
  ]);
}
