/**
 * Session versions (`users.session_version`): a token carries the version it was issued
 * under, and raising the version ends every session of the user at once (password reset,
 * "log out everywhere").
 */
import type { Queryable } from './connection';
import { publishInvalidation, sessionKey } from './poll-cache';

/** The user's current session version; undefined when the user no longer exists. */
export async function findSessionVersion(db: Queryable, userId: string): Promise<number | undefined> {
  const [row] = await db.query<{ session_version: number }>('select session_version from users where id = $1', [
    userId,
  ]);
  return row ? row.session_version : undefined;
}

/** Every token issued so far stops working (on every instance: the kept version is dropped). */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('update users set session_version = session_version + 1 where id = $1', [userId]);
  await publishInvalidation(db, [sessionKey(userId)]);
}
