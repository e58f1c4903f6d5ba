/** Prices a service has had (table `pricing_history`, written by a trigger on `pricing`). */
import type { Queryable } from './connection';

/**
 * The prices, in kobo, that the named service had at any moment since `since` (the current
 * one included): a price changed at t1 and again at t2 was in effect until t2.
 */
export async function pricesSinceKobo(db: Queryable, serviceName: string, since: Date): Promise<number[]> {
  const rows = await db.query<{ price_kobo: number }>(
    `select distinct price_kobo from (
       select price_kobo, lead(changed_at) over (order by changed_at, id) as replaced_at
       from pricing_history where service_name = $1
     ) history
     where replaced_at is null or replaced_at > $2`,
    [serviceName, since],
  );
  return rows.map((row) => row.price_kobo);
}
