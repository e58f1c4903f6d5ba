import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PLANS, findPlan, planExpiry } from '../../src/shared/plans';

describe('subscription plans (business constants)', () => {
  it('has the four plans with their prices and durations', () => {
    expect(SUBSCRIPTION_PLANS.map((plan) => [plan.key, plan.price, plan.durationMonths])).toEqual([
      ['bronze', 50_000, 1],
      ['silver', 95_000, 2],
      ['gold', 300_000, 2],
      ['platinum', 500_000, 3],
    ]);
  });

  it('finds a plan by its lower-case name, whatever the case given', () => {
    expect(findPlan('Gold')?.price).toBe(300_000);
    expect(findPlan('diamond')).toBeUndefined();
  });

  it('a plan expires its duration in calendar months later', () => {
    const from = new Date('2026-01-15T10:00:00.000Z');
    expect(planExpiry(findPlan('platinum')!, from).toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(planExpiry(findPlan('bronze')!, from).toISOString()).toBe('2026-02-15T10:00:00.000Z');
  });

  it('a month-end start stays inside the target month', () => {
    expect(planExpiry(findPlan('bronze')!, new Date('2026-01-31T08:00:00.000Z')).toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(planExpiry(findPlan('silver')!, new Date('2027-12-31T08:00:00.000Z')).toISOString()).toBe(
      '2028-02-29T08:00:00.000Z',
    );
  });
});
