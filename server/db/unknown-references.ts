/**
 * References the payment provider did not know (table `unknown_references`, migration 018):
 * remembered for a few minutes in the database, so every instance answers a made-up reference
 * again without asking Paystack (server/payments/check.ts).
 */
import type { Queryable } from './connection';

/** Whether the reference was found unknown and that is still remembered at `now`. */
export async function isRememberedUnknown(db: Queryable, reference: string, now: Date): Promise<boolean> {
  const rows = await db.query('select 1 from unknown_references where reference = $1 and until > $2', [reference, now]);
  return rows.length === 1;
}

/** Remembers the reference as unknown until `until`; old entries go at the same time (a few at a time). */
export async function rememberUnknown(db: Queryable, reference: string, until: Date, now: Date): Promise<void> {
  await db.query(
    `insert into unknown_references (reference, until) values ($1, $2)
     on conflict (reference) do update set until = excluded.until`,
    [reference, until],
  );
  await db.query(
    `delete from unknown_references where reference in (
       select reference from unknown_references where until <= $1 order by until limit 100)`,
    [now],
  );
}

/** Forgets it: the reference was just paid (the local test ledger recorded it). */
export async function forgetUnknown(db: Queryable, reference: string): Promise<void> {
  await db.query('delete from unknown_references where reference = $1', [reference]);
}
