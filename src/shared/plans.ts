import type { PlanName } from './contract';

/** The subscription plans (docs/product.md, Plans); the server prices subscriptions from this. */
export interface SubscriptionPlan {
  name: string;
  key: PlanName;
  /** Naira. */
  price: number;
  durationMonths: number;
  duration: string;
  features: string[];
}

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  {
    name: 'Bronze',
    key: 'bronze',
    price: 50_000,
    durationMonths: 1,
    duration: '1 month',
    features: ['waste pickup', 'dry cleaning', 'basic support'],
  },
  {
    name: 'Silver',
    key: 'silver',
    price: 95_000,
    durationMonths: 2,
    duration: '2 months',
    features: ['waste pickup', 'dry cleaning', 'priority support'],
  },
  {
    name: 'Gold',
    key: 'gold',
    price: 300_000,
    durationMonths: 2,
    duration: '2 months',
    features: ['all services', '24/7 support', 'weekly reports'],
  },
  {
    name: 'Platinum',
    key: 'platinum',
    price: 500_000,
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
  const expires = new Date(from.getTime());
  const day = expires.getUTCDate();
  expires.setUTCDate(1);
  expires.setUTCMonth(expires.getUTCMonth() + plan.durationMonths);
  const lastDay = new Date(Date.UTC(expires.getUTCFullYear(), expires.getUTCMonth() + 1, 0)).getUTCDate();
  expires.setUTCDate(Math.min(day, lastDay));
  return expires;
}
