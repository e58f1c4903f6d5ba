/**
 * Password-recovery codes: one row per (e-mail, asking address) holding only the code's hash
 * and its state, and the addresses that signed in to each account (`sign_in_addresses`). An
 * unknown e-mail gets a row too, so asking for a code does the same work either way
 * (docs/security.md, 'Recovery codes').
 */
import type { Queryable } from './connection';

export interface ResetCodeRow {
  email: string;
  address: string;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  verified_at: Date | null;
  used_at: Date | null;
  user_id: string | null;
}

/** How long an expired code stays, so that its use is answered 'expired' rather than 'wrong'. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;
/** Sign-in addresses remembered per account: the owner's few homes, phones and offices. */
const SIGN_IN_ADDRESSES_KEPT = 10;

/**
 * Saves the code (replacing the one this address asked for earlier; other addresses' codes
 * stay) and, in the same statement, removes codes expired for over a day, so rows for
 * unknown addresses do not pile up.
 */
export async function saveResetCode(
  db: Queryable,
  code: { email: string; address: string; userId: string | null; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.query(
    `with pruned as (delete from reset_codes where expires_at < $7 and not (email = $1 and address = $2))
     insert into reset_codes (email, address, user_id, code_hash, expires_at, attempts, verified_at, used_at, created_at)
     values ($1, $2, $3, $4, $5, 0, null, null, $6)
     on conflict (email, address) do update set
       user_id = excluded.user_id, code_hash = excluded.code_hash, expires_at = excluded.expires_at,
       attempts = 0, verified_at = null, used_at = null, created_at = excluded.created_at`,
    [
      code.email,
      code.address,
      code.userId,
      code.codeHash,
      code.expiresAt,
      code.createdAt,
      new Date(code.createdAt.getTime() - KEEP_EXPIRED_MS),
    ],
  );
}

const asRow = (row: ResetCodeRow | undefined) => (row ? { ...row, attempts: row.attempts } : undefined);

export async function findResetCode(db: Queryable, email: string, address: string): Promise<ResetCodeRow | undefined> {
  const [row] = await db.query<ResetCodeRow>('select * from reset_codes where email = $1 and address = $2', [
    email,
    address,
  ]);
  return asRow(row);
}

/** Reads the code and locks its row, so concurrent guesses are counted one after the other. */
export async function lockResetCode(tx: Queryable, email: string, address: string): Promise<ResetCodeRow | undefined> {
  const [row] = await tx.query<ResetCodeRow>('select * from reset_codes where email = $1 and address = $2 for update', [
    email,
    address,
  ]);
  return asRow(row);
}

export async function countWrongAttempt(tx: Queryable, email: string, address: string): Promise<void> {
  await tx.query('update reset_codes set attempts = attempts + 1 where email = $1 and address = $2', [email, address]);
}

export async function markResetCodeVerified(tx: Queryable, email: string, address: string, at: Date): Promise<void> {
  await tx.query('update reset_codes set verified_at = coalesce(verified_at, $3) where email = $1 and address = $2', [
    email,
    address,
    at,
  ]);
}

/** A reset uses up every code of the e-mail: none of them may reset the new password again. */
export async function markResetCodesUsed(tx: Queryable, email: string, at: Date): Promise<void> {
  await tx.query('update reset_codes set used_at = $2 where email = $1 and used_at is null', [email, at]);
}

/**
 * Remembers that `address` signed in to the account, forgetting the account's oldest beyond
 * the newest SIGN_IN_ADDRESSES_KEPT.
 */
export async function rememberSignInAddress(db: Queryable, userId: string, address: string, at: Date): Promise<void> {
  await db.query(
    `insert into sign_in_addresses (user_id, address, last_at) values ($1, $2, $3)
     on conflict (user_id, address) do update set last_at = greatest(sign_in_addresses.last_at, excluded.last_at)`,
    [userId, address, at],
  );
  await db.query(
    `delete from sign_in_addresses where user_id = $1 and address not in (
       select address from sign_in_addresses where user_id = $1 order by last_at desc, address limit $2)`,
    [userId, SIGN_IN_ADDRESSES_KEPT],
  );
}

/**
 * Whether `address` signed in to the account holding `email`. One statement whether or not
 * the e-mail has an account, so its timing tells nothing.
 */
export async function hasSignedInFrom(db: Queryable, email: string, address: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from sign_in_addresses s join users u on u.id = s.user_id where u.email = $1 and s.address = $2`,
    [email, address],
  );
  return rows.length > 0;
}
