/** How a verified charge is settled against the price list (server/payments/price-rule.ts), as a pure rule. */
import { describe, expect, it } from 'vitest';
import { decidePrice, type PriceFacts } from '../../server/payments/price-rule';

const facts = (overrides: Partial<PriceFacts>): PriceFacts => ({
  paidKobo: 150_000,
  currency: 'NGN',
  currentKobo: 150_000,
  shownKobo: 150_000,
  recentKobo: [150_000],
  fallbackKobo: 150_000,
  ...overrides,
});

describe('decidePrice', () => {
  it("today's price is accepted as it is", () => {
    expect(decidePrice(facts({}))).toEqual({ kind: 'accept', kobo: 150_000, honoured: false });
  });

  it('the price the client was shown, a price of the service within the window, is honoured at the amount paid', () => {
    expect(decidePrice(facts({ currentKobo: 180_000, recentKobo: [150_000, 180_000], fallbackKobo: 120_000 }))).toEqual(
      { kind: 'accept', kobo: 150_000, honoured: true },
    );
  });

  it("the app's fallback price the client was shown is honoured", () => {
    expect(
      decidePrice(
        facts({
          paidKobo: 100_000,
          shownKobo: 100_000,
          currentKobo: 175_000,
          recentKobo: [175_000],
          fallbackKobo: 100_000,
        }),
      ),
    ).toEqual({
      kind: 'accept',
      kobo: 100_000,
      honoured: true,
    });
  });

  it('an amount the client was not shown needs attention, even when it was a recent price', () => {
    expect(decidePrice(facts({ currentKobo: 180_000, shownKobo: 180_000, recentKobo: [150_000, 180_000] }))).toEqual({
      kind: 'attention',
      reason: 'Paid ₦1,500.00, but the price is ₦1,800.00; the app claimed ₦1,800.00',
    });
  });

  it('an amount shown but never a price of the service (nor the fallback) needs attention', () => {
    expect(decidePrice(facts({ paidKobo: 10_000, shownKobo: 10_000 }))).toEqual({
      kind: 'attention',
      reason: 'Paid ₦100.00, but the price is ₦1,500.00',
    });
  });

  it('without a shown amount (plans) only the price itself is accepted', () => {
    expect(
      decidePrice(facts({ paidKobo: 120_000, shownKobo: null, recentKobo: [120_000], fallbackKobo: 120_000 })).kind,
    ).toBe('attention');
  });

  it('another currency always needs attention', () => {
    expect(decidePrice(facts({ currency: 'USD' }))).toEqual({
      kind: 'attention',
      reason: 'Paid 1,500.00 USD, not naira',
    });
  });
});
