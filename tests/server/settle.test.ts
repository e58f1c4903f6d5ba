/** The money of a task's real day as pure rules (server/tasks/settle.ts, docs/lifecycle.md 'Money'). */
import { describe, expect, it } from 'vitest';
import { measureProblem, roundToStep } from '../../src/shared/quantity';
import { cancelFeeKobo, earningsFor, extraFor, returnedFor } from '../../server/tasks/settle';

describe('less collected than booked gives back the same share of each way it was paid', () => {
  it('4 kg paid with ₦1,000 of points and ₦3,000 by card, 2 kg collected: ₦1,500 and 500 points back', () => {
    expect(returnedFor({ bookedQuantity: 4, cardKobo: 300_000, pointsKobo: 100_000, coveredQuantity: 0 }, 2)).toEqual({
      cardKobo: 150_000,
      pointsKobo: 50_000,
      coveredQuantity: 0,
    });
  });

  it("4 kg, 2 of them the plan's and ₦2,000 by card, 2 kg collected: ₦1,000 and 1 kg of the plan back", () => {
    expect(returnedFor({ bookedQuantity: 4, cardKobo: 200_000, pointsKobo: 0, coveredQuantity: 2 }, 2)).toEqual({
      cardKobo: 100_000,
      pointsKobo: 0,
      coveredQuantity: 1,
    });
  });

  it('rounds each part down to the kobo: never more back than was paid', () => {
    const back = returnedFor({ bookedQuantity: 3, cardKobo: 100_001, pointsKobo: 0, coveredQuantity: 0 }, 2.9);
    expect(back.cardKobo).toBe(3_333);
    expect(returnedFor({ bookedQuantity: 3, cardKobo: 450_000, pointsKobo: 0, coveredQuantity: 0 }, 3).cardKobo).toBe(
      0,
    );
    expect(returnedFor({ bookedQuantity: 3, cardKobo: 450_000, pointsKobo: 0, coveredQuantity: 0 }, 5).cardKobo).toBe(
      0,
    );
  });
});

describe('an extra above the booking', () => {
  it('the difference at the unit price: 5 kg of 3 booked at ₦1,500 is ₦3,000', () => {
    expect(extraFor({ bookedQuantity: 3, weighedQuantity: 5, unitPriceKobo: 150_000, allowanceLeft: 0 })).toEqual({
      quantity: 2,
      coveredQuantity: 0,
      amountKobo: 300_000,
    });
  });

  it("the plan's allowance pays first, the card the rest", () => {
    expect(extraFor({ bookedQuantity: 3, weighedQuantity: 5.5, unitPriceKobo: 150_000, allowanceLeft: 1 })).toEqual({
      quantity: 2.5,
      coveredQuantity: 1,
      amountKobo: 225_000,
    });
    expect(
      extraFor({ bookedQuantity: 3, weighedQuantity: 4, unitPriceKobo: 150_000, allowanceLeft: 9 })?.amountKobo,
    ).toBe(0);
  });

  it('none at or under the booking (tenths compared exactly)', () => {
    expect(extraFor({ bookedQuantity: 3, weighedQuantity: 3, unitPriceKobo: 150_000, allowanceLeft: 0 })).toBeNull();
    expect(
      extraFor({ bookedQuantity: 0.3, weighedQuantity: 0.1 + 0.2, unitPriceKobo: 1, allowanceLeft: 0 }),
    ).toBeNull();
  });
});

describe("a client's cancel at the door", () => {
  const base = { feeKobo: 50_000, cardKobo: 150_000, now: new Date('2026-12-07T10:00:00Z') };
  const minutesAgo = (minutes: number) => new Date(base.now.getTime() - minutes * 60_000);

  it('is free while no driver is on the way and in the first 2 minutes after they set off', () => {
    expect(cancelFeeKobo({ ...base, status: 'pending', startedAt: null, arrivedAt: null })).toBe(0);
    expect(cancelFeeKobo({ ...base, status: 'driver-assigned', startedAt: null, arrivedAt: null })).toBe(0);
    expect(cancelFeeKobo({ ...base, status: 'on-going', startedAt: minutesAgo(1.9), arrivedAt: null })).toBe(0);
  });

  it('then costs the fee, and once the driver has arrived, never more than the card paid', () => {
    expect(cancelFeeKobo({ ...base, status: 'on-going', startedAt: minutesAgo(2), arrivedAt: null })).toBe(50_000);
    expect(cancelFeeKobo({ ...base, status: 'driver-assigned', startedAt: null, arrivedAt: minutesAgo(0) })).toBe(
      50_000,
    );
    expect(
      cancelFeeKobo({ ...base, cardKobo: 20_000, status: 'on-going', startedAt: minutesAgo(5), arrivedAt: null }),
    ).toBe(20_000);
  });
});

describe("the driver's share of what was collected", () => {
  it('a share of the value up to the booking and an extra share above it', () => {
    expect(earningsFor({ bookedQuantity: 3, collectedQuantity: 5, unitPriceKobo: 150_000, share: 0.7 })).toEqual({
      shareKobo: 315_000,
      extraKobo: 210_000,
    });
    expect(earningsFor({ bookedQuantity: 3, collectedQuantity: 2, unitPriceKobo: 150_000, share: 0.7 })).toEqual({
      shareKobo: 210_000,
      extraKobo: 0,
    });
  });
});

describe('what a driver may record as weighed or counted', () => {
  it.each([
    ['per kg', 1e-9, 'quantity must be at least 0.1 kg'],
    ['per kg', 0.05, 'quantity must be at least 0.1 kg'],
    ['per kg', 2.25, 'quantity must have at most one decimal'],
    ['per kg', 201, 'quantity must be at most 200 kg'],
    ['per item', 2.5, 'quantity must be a whole number of items'],
    ['per pickup', 1, 'This service is done as booked: it is not weighed or counted'],
  ])('%s, %s: %s', (unit, quantity, message) => {
    expect(measureProblem(unit, quantity)).toBe(message);
  });

  it.each([
    ['per kg', 0.1],
    ['per kg', 2.3],
    ['per kg', 200],
    ['per item', 7],
  ])('%s, %s is fine', (unit, quantity) => {
    expect(measureProblem(unit, quantity)).toBeNull();
  });

  it('keeps a tenth a tenth', () => {
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3);
  });
});
