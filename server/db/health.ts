/** The cheapest question the database can answer: is it there? (GET /readyz) */
import type { Queryable } from './connection';

export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}
