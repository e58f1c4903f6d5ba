/** Ratings of a task's driver (migration 009): one per completed task; the driver's sum and count move with it. */
import type { Queryable } from './connection';

/**
 * Rates the task's driver once: the rating and the driver's running sum and count change in
 * one statement, so concurrent ratings of one driver never lose one. Answers false when the
 * task was rated already.
 */
export async function insertRating(
  db: Queryable,
  rating: { taskId: string; userId: string; driverId: string; stars: number; comment: string },
): Promise<boolean> {
  const rows = await db.query(
    `with rated as (
       insert into ratings (task_id, user_id, driver_id, stars, comment) values ($1, $2, $3, $4, $5)
       on conflict (task_id) do nothing returning driver_id, stars
     )
     update drivers d set rating_sum = d.rating_sum + rated.stars, rating_count = d.rating_count + 1
       from rated where d.id = rated.driver_id returning d.id`,
    [rating.taskId, rating.userId, rating.driverId, rating.stars, rating.comment],
  );
  return rows.length > 0;
}
