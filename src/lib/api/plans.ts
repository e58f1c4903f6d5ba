import { queryOptions } from '@tanstack/react-query';
import type { PlanItem } from '../../shared/contract';
import { nairaToKobo } from '../../shared/money';
import { SEED_PLANS, type SubscriptionPlan } from '../../shared/plans';
import { http } from '../http';
import { readQueryData, type QueryData } from './query-data';

/** The plans offered (the admin's, issue 65); not the running plan's status (plan.ts). */
export const plansKeys = {
  all: ['plans'] as const,
  list: () => [...plansKeys.all, 'list'] as const,
};

/** A plan from the wire (naira) into the app's (kobo); null when a field is missing. */
function toPlan(item: unknown): SubscriptionPlan | null {
  const plan = item as Partial<PlanItem> | null;
  if (
    !plan ||
    typeof plan.key !== 'string' ||
    typeof plan.name !== 'string' ||
    typeof plan.price !== 'number' ||
    typeof plan.durationMonths !== 'number' ||
    !Array.isArray(plan.features) ||
    !Array.isArray(plan.inclusions)
  )
    return null;
  return {
    key: plan.key,
    name: plan.name,
    priceKobo: nairaToKobo(plan.price),
    durationMonths: plan.durationMonths,
    features: plan.features,
    inclusions: plan.inclusions,
    weeklyReports: plan.weeklyReports === true,
    manager: plan.manager === true,
  };
}

/**
 * GET /client/plans (bearer token; cached for offline use by the service worker): the plans
 * offered now. Today's plans when the call fails with nothing cached, as the price list falls
 * back to its list prices; the server sells a plan only at its price now.
 */
export async function getPlans(): Promise<QueryData<SubscriptionPlan[]>> {
  try {
    const response = await readQueryData<unknown>(http.get('client/plans'));
    const plans = Array.isArray(response.data) ? response.data.map(toPlan) : null;
    if (!plans || plans.some((plan) => plan === null)) return { data: [...SEED_PLANS], cachedAt: null };
    return { data: plans as SubscriptionPlan[], cachedAt: response.cachedAt };
  } catch {
    return { data: [...SEED_PLANS], cachedAt: null };
  }
}

export function plansQuery() {
  return queryOptions({ queryKey: plansKeys.list(), queryFn: getPlans });
}
