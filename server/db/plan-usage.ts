/** What covered bookings used of a plan's monthly inclusions (tasks.covered_quantity), by service key. */
import { serviceKey } from '../../src/shared/service-key';
import type { Queryable } from './connection';

/** Covered units per service key of the user's tasks created in [from, to), cancelled ones given back. */
export async function coveredUsage(
  db: Queryable,
  userId: string,
  from: Date,
  to: Date,
): Promise<Record<string, number>> {
  const rows = await db.query<{ service_name: string; used: string | number }>(
    `select service_name, sum(covered_quantity) as used from tasks
      where user_id = $1 and created_at >= $2 and created_at < $3
        and covered_quantity > 0 and status <> 'cancelled'
      group by service_name`,
    [userId, from, to],
  );
  const used: Record<string, number> = {};
  for (const row of rows) {
    const key = serviceKey(row.service_name);
    used[key] = (used[key] ?? 0) + Number(row.used);
  }
  return used;
}
