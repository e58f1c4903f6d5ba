/** Recycle tokens (docs/product.md, Points): every change is a ledger row and the balance moves with it, in one statement. */
import type { PointsEntry, PointsKind } from '../../src/shared/contract';
import { koboToNaira } from '../../src/shared/money';
import type { Queryable } from './connection';

export class NotEnoughPoints extends Error {}

/**
 * Adds `amountKobo` (negative to spend; 1 token = ₦1 = 100 kobo) to the user's balance and the ledger together; a spend
 * larger than the balance changes nothing and throws NotEnoughPoints (two spends at once
 * cannot both pass: the balance check is in the update).
 */
export async function addPoints(
  db: Queryable,
  entry: { userId: string; kind: PointsKind; amountKobo: number; taskId?: string | null },
): Promise<void> {
  const rows = await db.query(
    `with moved as (
       update users set balance_kobo = balance_kobo + $3 where id = $1 and balance_kobo + $3 >= 0 returning id
     )
     insert into points_ledger (user_id, kind, amount_kobo, task_id) select id, $2, $3, $4 from moved returning id`,
    [entry.userId, entry.kind, entry.amountKobo, entry.taskId ?? null],
  );
  if (rows.length === 0) throw new NotEnoughPoints();
}

interface LedgerRow {
  id: number;
  kind: PointsKind;
  amount_kobo: number;
  task_id: string | null;
  service_name: string | null;
  created_at: Date;
}

/** The newest 100 entries, newest first. */
export async function listPoints(db: Queryable, userId: string): Promise<PointsEntry[]> {
  const rows = await db.query<LedgerRow>(
    `select p.id, p.kind, p.amount_kobo, p.task_id, t.service_name, p.created_at
       from points_ledger p left join tasks t on t.id = p.task_id
      where p.user_id = $1 order by p.created_at desc, p.id desc limit 100`,
    [userId],
  );
  return rows.map((row) => ({
    _id: String(row.id),
    kind: row.kind,
    amount: koboToNaira(row.amount_kobo),
    taskId: row.task_id,
    serviceName: row.service_name,
    at: new Date(row.created_at).toISOString(),
  }));
}

/** The points a cancelled task spent, given back once (a second call finds them given back already). */
export async function givePointsBack(db: Queryable, taskId: string): Promise<void> {
  const [row] = await db.query<{ user_id: string; owed: number }>(
    `select user_id, -sum(amount_kobo) as owed from points_ledger
      where task_id = $1 and kind in ('spent', 'refunded') group by user_id`,
    [taskId],
  );
  if (row && row.owed > 0) await addPoints(db, { userId: row.user_id, kind: 'refunded', amountKobo: row.owed, taskId });
}
