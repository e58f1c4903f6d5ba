/**
 * The plans (table `plans`, migration 075): what each costs, how long it runs and what it
 * includes, the admin's to change; and the terms a subscription was bought with
 * (users.subscription_terms), which a later change of the plan leaves alone.
 */
import type { PlanInclusion, SubscriptionPlan } from '../../src/shared/plans';
import type { Queryable } from './connection';

interface PlanRow {
  key: string;
  name: string;
  price_kobo: number;
  duration_months: number;
  features: string[];
  inclusions: PlanInclusion[];
  weekly_reports: boolean;
  manager: boolean;
  position: number;
  active: boolean;
  support_priority: string | null;
  updated_at: Date;
}

/** A plan with where it is listed, whether it is offered and support's label for it (the admin's view). */
export interface PlanEntry extends SubscriptionPlan {
  position: number;
  active: boolean;
  /** What the support inbox shows for a client on the plan ('Platinum VIP'); null: no priority. */
  supportPriority: string | null;
}

const toEntry = (row: PlanRow): PlanEntry => ({
  key: row.key,
  name: row.name,
  priceKobo: row.price_kobo,
  durationMonths: row.duration_months,
  features: row.features,
  inclusions: row.inclusions,
  weeklyReports: row.weekly_reports,
  manager: row.manager,
  position: row.position,
  active: row.active,
  supportPriority: row.support_priority,
});

/** The terms a subscription keeps (the plan without its place in the list). */
export function termsOf(plan: SubscriptionPlan): SubscriptionPlan {
  return {
    key: plan.key,
    name: plan.name,
    priceKobo: plan.priceKobo,
    durationMonths: plan.durationMonths,
    features: plan.features,
    inclusions: plan.inclusions,
    weeklyReports: plan.weeklyReports,
    manager: plan.manager,
  };
}

/** Every plan, offered or hidden, in the list's order (the admin's). */
export async function allPlans(db: Queryable): Promise<PlanEntry[]> {
  return (await db.query<PlanRow>('select * from plans order by position, key')).map(toEntry);
}

/** The plans offered to new subscribers, in the list's order. */
export async function offeredPlans(db: Queryable): Promise<PlanEntry[]> {
  return (await allPlans(db)).filter((plan) => plan.active);
}

/** The plan of that key (any case), offered or not. */
export async function findPlan(db: Queryable, key: string): Promise<PlanEntry | undefined> {
  const [row] = await db.query<PlanRow>('select * from plans where key = $1', [key.trim().toLowerCase()]);
  return row ? toEntry(row) : undefined;
}

/** Locks the plan's row for a change (undefined: no such key). */
export async function lockPlan(tx: Queryable, key: string): Promise<PlanEntry | undefined> {
  const [row] = await tx.query<PlanRow>('select * from plans where key = $1 for update', [key]);
  return row ? toEntry(row) : undefined;
}

/** Adds the plan, or changes the one of that key (its key never changes once made). */
export async function upsertPlan(tx: Queryable, plan: PlanEntry, now: Date): Promise<PlanEntry> {
  const [row] = await tx.query<PlanRow>(
    `insert into plans (key, name, price_kobo, duration_months, features, inclusions, weekly_reports, manager,
                        position, active, support_priority, updated_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11, $12)
     on conflict (key) do update set name = excluded.name, price_kobo = excluded.price_kobo,
       duration_months = excluded.duration_months, features = excluded.features, inclusions = excluded.inclusions,
       weekly_reports = excluded.weekly_reports, manager = excluded.manager, position = excluded.position,
       active = excluded.active, support_priority = excluded.support_priority, updated_at = excluded.updated_at
     returning *`,
    [
      plan.key,
      plan.name,
      plan.priceKobo,
      plan.durationMonths,
      JSON.stringify(plan.features),
      JSON.stringify(plan.inclusions),
      plan.weeklyReports,
      plan.manager,
      plan.position,
      plan.active,
      plan.supportPriority,
      now,
    ],
  );
  return toEntry(row!);
}

/**
 * The terms of the user's subscription: as bought, else (a plan set before migration 075 or by
 * hand) the plan of that key as it is now; undefined without a plan or when it is unknown.
 */
export async function subscriptionTerms(
  db: Queryable,
  user: { subscription_plan: string | null; subscription_terms?: SubscriptionPlan | null },
): Promise<SubscriptionPlan | undefined> {
  if (!user.subscription_plan) return undefined;
  if (user.subscription_terms && user.subscription_terms.key === user.subscription_plan.toLowerCase())
    return user.subscription_terms;
  const plan = await findPlan(db, user.subscription_plan);
  return plan ? termsOf(plan) : undefined;
}
