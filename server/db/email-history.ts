/** The e-mail addresses each account has held, and when (table `user_email_history`, written by a trigger on `users`). */
import type { Queryable } from './connection';

/** Whether this account held this address at that moment (addresses are compared lower-cased). */
export async function heldEmailAt(db: Queryable, userId: string, email: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    `select 1 from user_email_history
     where user_id = $1 and email = $2 and held_from <= $3 and (held_until is null or held_until >= $3)
     limit 1`,
    [userId, email.trim().toLowerCase(), at],
  );
  return rows.length > 0;
}

/** Whether this account holds this address now. */
export async function holdsEmail(db: Queryable, userId: string, email: string): Promise<boolean> {
  const rows = await db.query('select 1 from users where id = $1 and email = $2', [userId, email.trim().toLowerCase()]);
  return rows.length > 0;
}
