/**
 * The subscription plans (docs/product.md, Plans) as pure rules. The plans themselves are data
 * (table `plans`, the admin's): the API lists them (GET /client/plans), and a subscription keeps
 * the terms it was bought with. SEED_PLANS is what a new database starts with and what the app
 * shows when the list cannot be loaded, as the price list does (pricing.ts).
 */
import { type Kobo, nairaToKobo } from './money';
import { FALLBACK_PRICES, priceFor, type PriceTable } from './pricing';

/** What a plan includes each month of the plan, in the service's own units (docs/product.md, Plans). */
export interface PlanInclusion {
  /** Service key (the catalog's). */
  service: string;
  amount: number;
  /** '' for a count of pickups or items; 'kg' or 'h' otherwise. */
  unit: string;
  /** What it is, as the plan's table says it ('household waste pickups', 'laundry & dry cleaning'). */
  label: string;
  /** Home's shorter word for what is left ('pickups'); the unit and label without it. */
  short?: string;
}

/** A plan as it is offered, or as a subscription bought it (its terms). */
export interface SubscriptionPlan {
  key: string;
  name: string;
  priceKobo: Kobo;
  /** Calendar months. */
  durationMonths: number;
  features: string[];
  inclusions: PlanInclusion[];
  /** The weekly report on home and the Monday e-mail. */
  weeklyReports: boolean;
  /** A dedicated manager's contact on home. */
  manager: boolean;
}

const household = (amount: number): PlanInclusion => ({
  service: 'household',
  amount,
  unit: '',
  label: 'household waste pickups',
  short: 'pickups',
});
const bulk = (amount: number): PlanInclusion => ({ service: 'bulk', amount, unit: '', label: 'bulk items' });
const recycling = (amount: number): PlanInclusion => ({ service: 'recycling', amount, unit: 'kg', label: 'recycling' });
const laundry = (amount: number): PlanInclusion => ({
  service: 'laundry',
  amount,
  unit: 'kg',
  label: 'laundry & dry cleaning',
});
// Garden is priced per load: its allowance is in loads, like the bookings it covers.
const garden = (amount: number): PlanInclusion => ({ service: 'garden', amount, unit: '', label: 'garden loads' });
const office = (amount: number): PlanInclusion => ({ service: 'office', amount, unit: 'h', label: 'office cleaning' });

/**
 * Today's plans (migration 075 seeds the same rows; a server test holds them equal). Each plan's
 * month is worth at least 1.2 x its price per month at list prices (planWorth; a unit test holds
 * this): the plans' prices are the specification's, so the allowances carry the value.
 */
export const SEED_PLANS: readonly SubscriptionPlan[] = [
  {
    key: 'bronze',
    name: 'Bronze',
    priceKobo: 5_000_000,
    durationMonths: 1,
    features: ['waste pickup', 'dry cleaning', 'basic support'],
    inclusions: [household(20), laundry(30)],
    weeklyReports: false,
    manager: false,
  },
  {
    key: 'silver',
    name: 'Silver',
    priceKobo: 9_500_000,
    durationMonths: 2,
    features: ['waste pickup', 'dry cleaning', 'priority support'],
    inclusions: [household(16), bulk(2), laundry(30)],
    weeklyReports: false,
    manager: false,
  },
  {
    key: 'gold',
    name: 'Gold',
    priceKobo: 30_000_000,
    durationMonths: 2,
    features: ['all services', '24/7 support', 'weekly reports'],
    inclusions: [household(20), bulk(4), recycling(50), laundry(40), garden(4), office(8)],
    weeklyReports: true,
    manager: false,
  },
  {
    key: 'platinum',
    name: 'Platinum',
    priceKobo: 50_000_000,
    durationMonths: 3,
    features: ['all services', 'VIP support', 'weekly reports', 'dedicated manager'],
    inclusions: [household(30), bulk(8), recycling(100), laundry(60), garden(8), office(16)],
    weeklyReports: true,
    manager: true,
  },
];

/** The plan of that key in `plans` (any case). */
export function findPlanIn<P extends Pick<SubscriptionPlan, 'key'>>(plans: readonly P[], key: string): P | undefined {
  const wanted = key.trim().toLowerCase();
  return plans.find((plan) => plan.key === wanted);
}

/** '1 month', '3 months'. */
export function planDuration(plan: Pick<SubscriptionPlan, 'durationMonths'>): string {
  return plan.durationMonths === 1 ? '1 month' : `${plan.durationMonths} months`;
}

/**
 * The plan's expiry: `from` plus the plan's duration in calendar months, kept inside the
 * target month (31 January + 1 month is 28/29 February, not 3 March).
 */
export function planExpiry(plan: Pick<SubscriptionPlan, 'durationMonths'>, from: Date): Date {
  return addMonths(from, plan.durationMonths);
}

/** What a plan's month includes is worth at `prices` (the list prices by default), in kobo. */
export function planWorth(plan: Pick<SubscriptionPlan, 'inclusions'>, prices: PriceTable = FALLBACK_PRICES): Kobo {
  return plan.inclusions.reduce(
    (sum, inclusion) => sum + Math.round(inclusion.amount * nairaToKobo(priceFor(prices, inclusion.service).price)),
    0,
  );
}

/** '12 household waste pickups', '20 kg laundry & dry cleaning'. */
export function inclusionText(inclusion: Pick<PlanInclusion, 'amount' | 'unit' | 'label'>): string {
  return `${inclusion.amount}${inclusion.unit ? ` ${inclusion.unit}` : ''} ${inclusion.label}`;
}

/** `months` calendar months after `from`, kept inside the target month. */
function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The month of the plan that `now` falls in, counted from the day the plan started: [start, end). */
export function planMonth(startedAt: Date, now: Date): { start: Date; end: Date } {
  let months = Math.max(
    0,
    (now.getUTCFullYear() - startedAt.getUTCFullYear()) * 12 + now.getUTCMonth() - startedAt.getUTCMonth(),
  );
  // The estimate may be one month ahead (the day of the month not reached yet).
  while (months > 0 && addMonths(startedAt, months) > now) months -= 1;
  return { start: addMonths(startedAt, months), end: addMonths(startedAt, months + 1) };
}

export interface AllowanceItem extends PlanInclusion {
  used: number;
  left: number;
}

/** What is left of each inclusion, given what covered bookings used this plan month (by service key). */
export function allowanceLeft(
  plan: Pick<SubscriptionPlan, 'inclusions'>,
  used: Readonly<Record<string, number>>,
): AllowanceItem[] {
  return plan.inclusions.map((inclusion) => {
    const spent = used[inclusion.service] ?? 0;
    return { ...inclusion, used: spent, left: Math.max(0, inclusion.amount - spent) };
  });
}

/** Home's line: '9 of 12 pickups left this month', '18 of 20 kg laundry & dry cleaning left this month'. */
export function allowanceLeftText(item: Pick<AllowanceItem, 'left' | 'amount' | 'unit' | 'label' | 'short'>): string {
  const what = item.short || `${item.unit ? `${item.unit} ` : ''}${item.label}`;
  return `${item.left} of ${item.amount} ${what} left this month`;
}

/** The name of the plan a status names ('Gold'): as bought; a status kept from before names only its key. */
export function planNameOf(status: { plan: string; name?: string }): string {
  return status.name || findPlanIn(SEED_PLANS, status.plan)?.name || status.plan;
}
