/** A plan as the API carries it, for the client's subscribe screen and the console alike. */
import type { PlanItem } from '../../src/shared/contract';
import { koboToNaira } from '../../src/shared/money';
import type { SubscriptionPlan } from '../../src/shared/plans';

/** A plan on the wire: naira, like every price the API carries. */
export function toPlanItem(plan: SubscriptionPlan): PlanItem {
  return {
    key: plan.key,
    name: plan.name,
    price: koboToNaira(plan.priceKobo),
    durationMonths: plan.durationMonths,
    features: plan.features,
    inclusions: plan.inclusions,
    weeklyReports: plan.weeklyReports,
    manager: plan.manager,
  };
}
