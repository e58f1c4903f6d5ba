/** The booking's price, plan coverage, points and card amount, without React (booking-quote.ts). */
import { describe, expect, it } from 'vitest';
import { quoteBooking, type BookingQuoteInputs } from '../../../src/features/tasks/booking/booking-quote';
import type { PlanAllowanceItem } from '../../../src/shared/contract';
import { FALLBACK_PRICES } from '../../../src/shared/pricing';

const base: BookingQuoteInputs = {
  prices: FALLBACK_PRICES,
  serviceType: 'bulk',
  quantityInput: '1',
  plan: null,
  balance: 0,
  isUsingPoints: false,
};

function allowance(service: string, left: number): PlanAllowanceItem {
  return { service, amount: left, unit: '', label: service, used: 0, left };
}

describe('quoteBooking', () => {
  it('has no price, and nothing to pay, while no price table is there', () => {
    const quote = quoteBooking({ ...base, prices: null, quantityInput: '3' });
    expect(quote).toMatchObject({ price: null, rule: null, quantity: 1, isQuantityWrong: false, dueKobo: 0 });
    expect(quote.cardKobo).toBe(0);
    expect(quote.isFullyCovered).toBe(false);
  });

  it('prices a counted service by its quantity (3 items at ₦5,000)', () => {
    const quote = quoteBooking({ ...base, quantityInput: '3' });
    expect(quote.rule?.unitWord).toBe('items');
    expect(quote).toMatchObject({ quantity: 3, unitKobo: 500_000, totalKobo: 1_500_000, dueKobo: 1_500_000 });
    expect(quote.cardKobo).toBe(1_500_000);
  });

  it('books a per-pickup service once, whatever the quantity field says', () => {
    const quote = quoteBooking({ ...base, serviceType: 'household', quantityInput: '4' });
    expect(quote).toMatchObject({ rule: null, quantity: 1, totalKobo: 150_000, cardKobo: 150_000 });
  });

  it('prices per kg in half-kg steps (2.5 kg of recycling at ₦1,500)', () => {
    const quote = quoteBooking({ ...base, serviceType: 'recycling', quantityInput: '2.5' });
    expect(quote).toMatchObject({ quantity: 2.5, isQuantityWrong: false, totalKobo: 375_000, cardKobo: 375_000 });
  });

  it('marks a quantity that is not a whole step, out of range or not a number', () => {
    expect(quoteBooking({ ...base, serviceType: 'recycling', quantityInput: '2.3' }).isQuantityWrong).toBe(true);
    expect(quoteBooking({ ...base, quantityInput: '51' }).isQuantityWrong).toBe(true);
    const notANumber = quoteBooking({ ...base, quantityInput: 'abc' });
    expect(notANumber).toMatchObject({ isQuantityWrong: true, coveredQuantity: 0, dueKobo: 0, totalKobo: 0 });
  });

  it('lets the plan pay all of it: nothing due, booked without a payment', () => {
    const plan = { plan: 'gold' as const, allowance: [allowance('bulk', 5)] };
    const quote = quoteBooking({ ...base, quantityInput: '2', plan });
    expect(quote).toMatchObject({ coveredQuantity: 2, dueKobo: 0, cardKobo: 0, planName: 'Gold' });
    expect(quote.isFullyCovered).toBe(true);
  });

  it('lets the plan pay part of it, in whole steps only (2.3 kg left covers 2 kg)', () => {
    const plan = { plan: 'silver' as const, allowance: [allowance('recycling', 2.3)] };
    const quote = quoteBooking({ ...base, serviceType: 'recycling', quantityInput: '3', plan });
    expect(quote).toMatchObject({ coveredQuantity: 2, totalKobo: 450_000, dueKobo: 150_000, planName: 'Silver' });
    expect(quote.isFullyCovered).toBe(false);
  });

  it("ignores another service's allowance", () => {
    const plan = { plan: 'gold' as const, allowance: [allowance('laundry', 10)] };
    expect(quoteBooking({ ...base, plan }).coveredQuantity).toBe(0);
  });

  it('offers points up to half of what the plan does not pay, and the card pays the rest once ticked', () => {
    const plan = { plan: 'gold' as const, allowance: [allowance('bulk', 1)] };
    const offered = quoteBooking({ ...base, quantityInput: '3', plan, balance: 100_000 });
    // 2 items due (₦10,000): at most ₦5,000 of points, though the balance holds ₦100,000.
    expect(offered).toMatchObject({ dueKobo: 1_000_000, pointsKobo: 500_000, pointsUsed: 0, cardKobo: 1_000_000 });
    const used = quoteBooking({ ...base, quantityInput: '3', plan, balance: 100_000, isUsingPoints: true });
    expect(used).toMatchObject({ pointsKobo: 500_000, pointsUsed: 5000, cardKobo: 500_000 });
  });

  it('offers no more points than the balance holds', () => {
    const quote = quoteBooking({ ...base, balance: 512.05, isUsingPoints: true });
    expect(quote).toMatchObject({ pointsKobo: 51_205, pointsUsed: 512.05, cardKobo: 500_000 - 51_205 });
  });

  it('offers no points when the plan pays everything, and a booking with points is not fully covered', () => {
    const plan = { plan: 'gold' as const, allowance: [allowance('bulk', 1)] };
    const quote = quoteBooking({ ...base, plan, balance: 1000, isUsingPoints: true });
    expect(quote).toMatchObject({ dueKobo: 0, pointsKobo: 0, pointsUsed: 0, isFullyCovered: true });
  });

  it('rounds to the kobo: a price with more decimals, times a half kg', () => {
    const prices = { laundry: { serviceName: 'Laundry Service', price: 1000.005, unit: 'per kg' } };
    // ₦1,000.005 is 100,001 kobo (half away from zero); x 1.5 kg = 150,001.5, rounded to 150,002.
    const quote = quoteBooking({ ...base, prices, serviceType: 'laundry', quantityInput: '1.5' });
    expect(quote).toMatchObject({ unitKobo: 100_001, totalKobo: 150_002, dueKobo: 150_002 });
    // Half of an odd amount rounds down: the points never pay more than half.
    const withPoints = quoteBooking({ ...base, prices, serviceType: 'laundry', quantityInput: '1.5', balance: 10_000 });
    expect(withPoints.pointsKobo).toBe(75_001);
    expect(Number.isInteger(withPoints.cardKobo)).toBe(true);
  });
});
