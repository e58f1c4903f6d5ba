/** A user's subscription columns (plan and expiry live on `users`). */
import type { SubscriptionPlan } from '../../src/shared/plans';
import type { Queryable } from './connection';
import type { UserRow } from './users';

/** Reads the user and locks the row, so two purchases at once extend one after the other. */
export async function lockUserForUpdate(tx: Queryable, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.query<UserRow>('select * from users where id = $1 for update', [userId]);
  return row;
}

/**
 * `startedAt` begins the plan's months (allowances count from it): kept when a running plan is
 * extended. `terms` are the plan as bought: a later change of the plan leaves them alone.
 */
export async function setSubscription(
  tx: Queryable,
  userId: string,
  terms: SubscriptionPlan,
  period: { startedAt: Date; expiresAt: Date },
): Promise<UserRow> {
  const [row] = await tx.query<UserRow>(
    `update users set subscription_plan = $2, subscription_started_at = $3, subscription_expires_at = $4,
                      subscription_terms = $5::jsonb
      where id = $1 returning *`,
    [userId, terms.key, period.startedAt, period.expiresAt, JSON.stringify(terms)],
  );
  return row;
}
