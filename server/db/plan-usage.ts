/** What covered bookings used of a plan's monthly inclusions (tasks.covered_quantity), by service key. */
import { planMonth, type SubscriptionPlan } from '../../src/shared/plans';
import { subscriptionTerms } from './plans';
import type { Queryable } from './connection';

/** Covered units per service key of the user's tasks created in [from, to), cancelled ones given back. */
export async function coveredUsage(
  db: Queryable,
  userId: string,
  from: Date,
  to: Date,
): Promise<Record<string, number>> {
  const rows = await db.query<{ key: string; used: number }>(
    // The plan's units given back when less was collected are free again; an extra's units count while
    // the client has not declined it (docs/lifecycle.md). The service's key is the catalog's (by the
    // price-list name the task was booked under), else the key it was booked with.
    `select coalesce(p.key, t.type) as key,
            sum(t.covered_quantity - t.covered_returned
                + case when t.extra_status in ('awaiting', 'paid') then t.extra_covered_quantity else 0 end) as used
       from tasks t left join pricing p on p.service_name = t.service_name
      where t.user_id = $1 and t.created_at >= $2 and t.created_at < $3
        and (t.covered_quantity > 0 or t.extra_covered_quantity > 0) and t.status <> 'cancelled'
      group by 1`,
    [userId, from, to],
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.used]));
}

/**
 * What the user's running plan has left of a service this plan month, read under a lock of the
 * user's row so that concurrent covered bookings (on any instance) are judged one after another;
 * 0 without a running plan or an inclusion for the service.
 */
export async function lockedAllowanceLeft(tx: Queryable, userId: string, service: string, now: Date): Promise<number> {
  const [user] = await tx.query<{
    subscription_plan: string | null;
    subscription_started_at: Date | null;
    subscription_expires_at: Date | null;
    subscription_terms: SubscriptionPlan | null;
  }>(
    `select subscription_plan, subscription_started_at, subscription_expires_at, subscription_terms
       from users where id = $1 for update`,
    [userId],
  );
  if (!user?.subscription_plan || !user.subscription_expires_at || new Date(user.subscription_expires_at) <= now)
    return 0;
  // The terms the subscription was bought with: a later change of the plan does not reach it.
  const terms = await subscriptionTerms(tx, user);
  const included = terms?.inclusions.find((inclusion) => inclusion.service === service);
  if (!included) return 0;
  const month = planMonth(new Date(user.subscription_started_at ?? now), now);
  const used = await coveredUsage(tx, userId, month.start, month.end);
  return Math.max(0, included.amount - (used[service] ?? 0));
}

/** The user's completed tasks in [from, to): when each was completed and what recycling it weighed. */
export async function completedBetween(
  db: Queryable,
  userId: string,
  from: Date,
  to: Date,
): Promise<{ completed_at: Date; recycled_kg: number | null }[]> {
  return db.query(
    `select completed_at, recycled_kg from tasks
      where user_id = $1 and status = 'completed' and completed_at >= $2 and completed_at < $3`,
    [userId, from, to],
  );
}
