import { describe, expect, it } from 'vitest';
import { koboToNaira } from '../../src/shared/money';
import {
  SEED_PLANS,
  allowanceLeft,
  allowanceLeftText,
  findPlanIn,
  inclusionText,
  planDuration,
  planExpiry,
  planMonth,
  planNameOf,
  planWorth,
} from '../../src/shared/plans';

const findPlan = (key: string) => findPlanIn(SEED_PLANS, key);
const plan = (key: string) => findPlanIn(SEED_PLANS, key)!;
import { FALLBACK_PRICES } from '../../src/shared/pricing';

describe("today's plans (what a new database is seeded with)", () => {
  it('has the four plans with their prices and durations', () => {
    expect(SEED_PLANS.map((plan) => [plan.key, koboToNaira(plan.priceKobo), plan.durationMonths])).toEqual([
      ['bronze', 50_000, 1],
      ['silver', 95_000, 2],
      ['gold', 300_000, 2],
      ['platinum', 500_000, 3],
    ]);
  });

  it('finds a plan by its lower-case name, whatever the case given; says its length in months', () => {
    expect(findPlan('Gold')?.priceKobo).toBe(30_000_000);
    expect(findPlan('diamond')).toBeUndefined();
    expect(SEED_PLANS.map(planDuration)).toEqual(['1 month', '2 months', '2 months', '3 months']);
  });

  it("a status names its plan as bought; one kept from before, by today's name", () => {
    expect(planNameOf({ plan: 'gold', name: 'Gold Plus' })).toBe('Gold Plus');
    expect(planNameOf({ plan: 'gold' })).toBe('Gold');
    expect(planNameOf({ plan: 'diamond' })).toBe('diamond');
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

describe('what a plan includes each month', () => {
  it('the table as the business set it: Bronze 20 pickups and 30 kg laundry; garden in loads; Platinum all six', () => {
    expect(plan('bronze').inclusions.map(inclusionText)).toEqual([
      '20 household waste pickups',
      '30 kg laundry & dry cleaning',
    ]);
    expect(plan('silver').inclusions.map(inclusionText)).toEqual([
      '16 household waste pickups',
      '2 bulk items',
      '30 kg laundry & dry cleaning',
    ]);
    expect(plan('gold').inclusions.map(inclusionText)).toEqual([
      '20 household waste pickups',
      '4 bulk items',
      '50 kg recycling',
      '40 kg laundry & dry cleaning',
      '4 garden loads',
      '8 h office cleaning',
    ]);
    expect(plan('platinum').inclusions.map((item) => item.amount)).toEqual([30, 8, 100, 60, 8, 16]);
  });

  it('each plan is worth at least 1.2 x its price per month at list prices (Bronze: ₦60,000 a month for ₦50,000)', () => {
    for (const each of SEED_PLANS) {
      const monthlyPrice = each.priceKobo / each.durationMonths;
      expect(planWorth(each), each.name).toBeGreaterThanOrEqual(1.2 * monthlyPrice);
    }
    expect(koboToNaira(planWorth(plan('bronze')))).toBe(60_000);
    // At other prices, the same inclusions: 20 pickups at ₦2,000 and 30 kg at ₦1,000.
    expect(
      planWorth(plan('bronze'), { ...FALLBACK_PRICES, household: { ...FALLBACK_PRICES.household!, price: 2000 } }),
    ).toBe(7_000_000);
    expect(planWorth({ inclusions: [] })).toBe(0);
  });

  it('a plan month runs from the day the plan started, month by month, kept inside short months', () => {
    const started = new Date('2026-01-31T09:00:00Z');
    expect(planMonth(started, new Date('2026-02-15T00:00:00Z'))).toEqual({
      start: new Date('2026-01-31T09:00:00Z'),
      end: new Date('2026-02-28T09:00:00Z'),
    });
    expect(planMonth(started, new Date('2026-02-28T09:00:00Z'))).toEqual({
      start: new Date('2026-02-28T09:00:00Z'),
      end: new Date('2026-03-31T09:00:00Z'),
    });
    // One millisecond before the boundary still belongs to the first month.
    expect(planMonth(started, new Date('2026-02-28T08:59:59.999Z')).start).toEqual(started);
    expect(planMonth(new Date('2026-11-05T10:00:00Z'), new Date('2027-01-04T10:00:00Z'))).toEqual({
      start: new Date('2026-12-05T10:00:00Z'),
      end: new Date('2027-01-05T10:00:00Z'),
    });
    // Before the start (a clock skew): the first month.
    expect(planMonth(started, new Date('2026-01-01T00:00:00Z')).start).toEqual(started);
  });

  it("what is left: never below zero; Home's line per unit", () => {
    const items = allowanceLeft(plan('bronze'), { household: 3, laundry: 25, garden: 2 });
    expect(items.map((item) => [item.service, item.used, item.left])).toEqual([
      ['household', 3, 17],
      ['laundry', 25, 5],
    ]);
    expect(items.map(allowanceLeftText)).toEqual([
      '17 of 20 pickups left this month',
      '5 of 30 kg laundry & dry cleaning left this month',
    ]);
    expect(allowanceLeftText(allowanceLeft(plan('gold'), {})[1]!)).toBe('4 of 4 bulk items left this month');
  });
});
