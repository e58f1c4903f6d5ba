/** Account writes on `users`: sign-up (with its referral link), profile edits and password changes. */
import { removeAvatar, replaceAvatar, type AvatarImage } from './avatars';
import type { Db, Queryable } from './connection';
import { isPhoneHeldByOther, lockPhone } from './phone-codes';
import type { UserRow } from './users';

/** PostgreSQL's unique_violation; PGlite and node-postgres both expose it as `code`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}

export interface NewAccount {
  id: string;
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  phonenumber: string;
  referralCode: string;
  /** The referrer's code as typed; an unknown code links nobody. */
  ref: string | null;
}

/**
 * Inserts the account; false when the e-mail is taken (checked by the unique index, so two
 * sign-ups racing for one address cannot both win). A clash of referral codes still throws.
 */
export async function insertAccount(db: Queryable, account: NewAccount): Promise<boolean> {
  const rows = await db.query(
    `insert into users (id, email, password_hash, firstname, lastname, phonenumber, referral_code, referred_by)
     values ($1, $2, $3, $4, $5, $6, $7, (select id from users where referral_code = $8))
     on conflict (email) do nothing
     returning id`,
    [
      account.id,
      account.email,
      account.passwordHash,
      account.firstname,
      account.lastname,
      account.phonenumber,
      account.referralCode,
      account.ref,
    ],
  );
  return rows.length === 1;
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
}

export interface ProfileChanges {
  firstname: string;
  lastname: string;
  /** Null: the account has none (made by phone) and still has none. */
  email: string | null;
  /** undefined keeps the stored value. */
  phonenumber?: string;
  bio?: string;
  /** undefined keeps the picture, null removes it. */
  avatar?: AvatarImage | null;
}

/**
 * Applies the changes in one transaction (the picture and the fields together, or nothing).
 * Throws a unique violation on `users_email_key` when another account has the e-mail;
 * answers 'phone-taken' when another account has the number.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  changes: ProfileChanges,
): Promise<UserRow | 'phone-taken' | undefined> {
  return db.transaction(async (tx) => {
    // One number, one client: another account's number (proved or typed) is refused; a changed
    // number is the account's but not proved until its code is entered (POST /client/phone/change).
    if (changes.phonenumber) {
      await lockPhone(tx, changes.phonenumber);
      if (await isPhoneHeldByOther(tx, changes.phonenumber, userId)) return 'phone-taken';
    }
    const [row] = await tx.query<UserRow>(
      `update users set
         firstname = $2, lastname = $3, email = $4,
         phone_verified_at = case when coalesce($5, phonenumber) = phonenumber then phone_verified_at end,
         phonenumber = coalesce($5, phonenumber), bio = coalesce($6, bio)
       where id = $1
       returning *`,
      [userId, changes.firstname, changes.lastname, changes.email, changes.phonenumber ?? null, changes.bio ?? null],
    );
    if (!row || changes.avatar === undefined) return row;
    if (changes.avatar === null) {
      await removeAvatar(tx, userId);
      return { ...row, avatar_id: null };
    }
    return { ...row, avatar_id: await replaceAvatar(tx, userId, changes.avatar) };
  });
}
