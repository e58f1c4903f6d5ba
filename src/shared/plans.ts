import type { PlanName } from './contract';
import { FALLBACK_PRICES, priceFor, type PriceTable } from './pricing';

/** The subscription plans (docs/product.md, Plans); the server prices subscriptions from this. */
export interface SubscriptionPlan {
  name: string;
  key: PlanName;
  /** Kobo (naira only on the wire and on screen). */
  priceKobo: number;
  durationMonths: number;
  duration: string;
  features: string[];
}

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  {
    name: 'Bronze',
    key: 'bronze',
    priceKobo: 5_000_000,
    durationMonths: 1,
    duration: '1 month',
    features: ['waste pickup', 'dry cleaning', 'basic support'],
  },
  {
    name: 'Silver',
    key: 'silver',
    priceKobo: 9_500_000,
    durationMonths: 2,
    duration: '2 months',
    features: ['waste pickup', 'dry cleaning', 'priority support'],
  },
  {
    name: 'Gold',
    key: 'gold',
    priceKobo: 30_000_000,
    durationMonths: 2,
    duration: '2 months',
    features: ['all services', '24/7 support', 'weekly reports'],
  },
  {
    name: 'Platinum',
    key: 'platinum',
    priceKobo: 50_000_000,
    durationMonths: 3,
    duration: '3 months',
    features: ['all services', 'VIP support', 'weekly reports', 'dedicated manager'],
  },
];

export function findPlan(key: string): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((plan) => plan.key === key.toLowerCase());
}

/**
 * The plan's expiry: `from` plus the plan's duration in calendar months, kept inside the
 * target month (31 January + 1 month is 28/29 February, not 3 March).
 */
export function planExpiry(plan: SubscriptionPlan, from: Date): Date {
  return addMonths(from, plan.durationMonths);
}

/** What a plan includes each month of the plan, in the service's own units (docs/product.md, Plans). */
export interface PlanInclusion {
  /** Service key (service-key.ts). */
  service: string;
  amount: number;
  /** '' for a count of pickups or items; 'kg' or 'h' otherwise. */
  unit: '' | 'kg' | 'h';
  /** What it is, as the plan's table says it ('household waste pickups', 'laundry & dry cleaning'). */
  label: string;
}

const household = (amount: number): PlanInclusion => ({
  service: 'household',
  amount,
  unit: '',
  label: 'household waste pickups',
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
 * The business changes what each plan includes here, and only here. Each plan's month is worth
 * at least 1.2 x its price per month at list prices (planWorth; a unit test holds this): the
 * plans' prices are the specification's, so the allowances carry the value (Bronze: ₦60,000 a
 * month for ₦50,000).
 */
export const PLAN_INCLUSIONS: Readonly<Record<PlanName, readonly PlanInclusion[]>> = {
  bronze: [household(20), laundry(30)],
  silver: [household(16), bulk(2), laundry(30)],
  gold: [household(20), bulk(4), recycling(50), laundry(40), garden(4), office(8)],
  platinum: [household(30), bulk(8), recycling(100), laundry(60), garden(8), office(16)],
};

export function planInclusions(plan: string): readonly PlanInclusion[] {
  return PLAN_INCLUSIONS[plan.toLowerCase() as PlanName] ?? [];
}

/** What a plan's month includes is worth at `prices` (the list prices by default), in naira. */
export function planWorth(plan: string, prices: PriceTable = FALLBACK_PRICES): number {
  return planInclusions(plan).reduce(
    (sum, inclusion) => sum + inclusion.amount * priceFor(prices, inclusion.service).price,
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
export function allowanceLeft(plan: string, used: Readonly<Record<string, number>>): AllowanceItem[] {
  return planInclusions(plan).map((inclusion) => {
    const spent = used[inclusion.service] ?? 0;
    return { ...inclusion, used: spent, left: Math.max(0, inclusion.amount - spent) };
  });
}

/** Home's line: '9 of 12 pickups left this month', '18 of 20 kg laundry & dry cleaning left this month'. */
export function allowanceLeftText(item: Pick<AllowanceItem, 'left' | 'amount' | 'unit' | 'label' | 'service'>): string {
  const what = item.service === 'household' ? 'pickups' : `${item.unit ? `${item.unit} ` : ''}${item.label}`;
  return `${item.left} of ${item.amount} ${what} left this month`;
}
