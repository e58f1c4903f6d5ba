// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { SEED_PLANS } from '../../../src/shared/plans';
import { FALLBACK_PRICES } from '../../../src/shared/pricing';
import { PlanOption } from '../../../src/features/subscriptions/plan-option';

afterEach(cleanup);

describe('a plan on the subscribe screen', () => {
  it("shows the specification's features and what the plan includes each month", () => {
    const silver = SEED_PLANS.find((plan) => plan.key === 'silver')!;
    render(<PlanOption plan={silver} isSelected={false} onSelect={() => {}} />);
    const details = screen.getByRole('radio', { name: 'Silver' }).closest('label')!;
    expect(within(details).getByText('priority support')).toBeTruthy();
    expect(within(details).getByText('Included each month')).toBeTruthy();
    expect([...details.querySelectorAll('.plan-option-inclusion')].map((node) => node.textContent)).toEqual([
      '16 household waste pickups',
      '2 bulk items',
      '30 kg laundry & dry cleaning',
    ]);
  });

  it("says what the month is worth at list prices, and at today's prices once they are read", () => {
    const bronze = SEED_PLANS.find((plan) => plan.key === 'bronze')!;
    render(<PlanOption plan={bronze} isSelected={false} onSelect={() => {}} />);
    expect(screen.getByText('Worth ₦60,000.00 a month at list prices')).toBeTruthy();
    cleanup();
    const prices = { ...FALLBACK_PRICES, household: { ...FALLBACK_PRICES.household!, price: 2000 } };
    render(<PlanOption plan={bronze} isSelected={false} onSelect={() => {}} prices={prices} />);
    expect(screen.getByText('Worth ₦70,000.00 a month at list prices')).toBeTruthy();
  });
});
