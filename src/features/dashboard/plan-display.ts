import type { Subscription } from '../../shared/contract';

export type PlanTone = 'amber' | 'blue' | 'yellow' | 'purple';

/** Plan colours (docs/product.md, Home): bronze amber, silver blue, gold yellow, any other purple. */
export function planTone(plan: string): PlanTone {
  switch (plan.trim().toLowerCase()) {
    case 'bronze':
      return 'amber';
    case 'silver':
      return 'blue';
    case 'gold':
      return 'yellow';
    default:
      return 'purple';
  }
}

export interface PlanDisplay {
  /** 'Silver', or 'Freemium' when there is no plan in force. */
  name: string;
  tone: PlanTone | null;
  expiresAt: string | null;
  isFreemium: boolean;
  /** A plan was bought and has run out: offer 'Renew'. */
  hasExpired: boolean;
}

/** The plan in force: none, or one that has run out, reads Freemium. */
export function planDisplay(subscription: Subscription | null | undefined, now: Date = new Date()): PlanDisplay {
  const plan = subscription?.plan?.trim();
  const expires = subscription?.expiresAt ? new Date(subscription.expiresAt) : null;
  const hasExpired = expires !== null && !Number.isNaN(expires.getTime()) && expires.getTime() <= now.getTime();
  if (!plan || hasExpired)
    return { name: 'Freemium', tone: null, expiresAt: null, isFreemium: true, hasExpired: Boolean(plan) && hasExpired };
  return {
    name: subscription?.name || plan.charAt(0).toUpperCase() + plan.slice(1).toLowerCase(),
    tone: planTone(plan),
    expiresAt: subscription?.expiresAt ?? null,
    isFreemium: false,
    hasExpired: false,
  };
}
