/** Users: rows and their API shape (`User` of the contract). */
import type { SubscriptionPlan } from '../../src/shared/plans';
import { koboToNaira } from '../../src/shared/money';
import type { User } from '../../src/shared/contract';
import type { Queryable } from './connection';

export interface UserRow {
  id: string;
  /** Null for an account made with a phone number and its code (migration 050). */
  email: string | null;
  password_hash: string | null;
  firstname: string;
  lastname: string;
  phonenumber: string;
  /** When a code proved the number: then no other account may hold it. */
  phone_verified_at: Date | null;
  bio: string;
  /** The current picture in `avatars`, or null. */
  avatar_id: string | null;
  /** Raised to end every session (server/db/sessions.ts). */
  session_version: number;
  referral_code: string;
  referred_by: string | null;
  referral_rewarded: boolean;
  notification: boolean;
  balance_kobo: number;
  subscription_plan: string | null;
  subscription_expires_at: Date | null;
  subscription_started_at: Date | null;
  /** The plan's terms as bought (migration 075; null for a plan set before, or by hand). */
  subscription_terms: SubscriptionPlan | null;
  created_at: Date;
}

/** Where an avatar is served (server/accounts/avatars.routes.ts), relative to the API's base address. */
export function avatarPath(avatarId: string): string {
  return `/avatars/${avatarId}`;
}

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email ?? '',
    firstname: row.firstname,
    lastname: row.lastname,
    phonenumber: row.phonenumber,
    bio: row.bio,
    avatar: row.avatar_id ? avatarPath(row.avatar_id) : '',
    referralCode: row.referral_code,
    notification: row.notification,
    balance: koboToNaira(row.balance_kobo),
    subscription:
      row.subscription_plan && row.subscription_expires_at
        ? {
            plan: row.subscription_plan,
            ...(row.subscription_terms?.key === row.subscription_plan ? { name: row.subscription_terms.name } : {}),
            expiresAt: new Date(row.subscription_expires_at).toISOString(),
          }
        : null,
  };
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where id = $1', [id]);
  return row;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where email = $1', [email.toLowerCase()]);
  return row;
}
