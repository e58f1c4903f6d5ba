import { describe, expect, it } from 'vitest';
import { nairaToKobo } from '../../src/shared/money';
import { FALLBACK_PRICES, chargedKobo, priceFor, priceTableOrFallback, toPriceTable } from '../../src/shared/pricing';

const answer = [
  { _id: '1', serviceName: 'Household Waste Pickup', price: 1600, unit: 'per pickup' },
  { _id: '2', serviceName: 'Recycling Collection', price: 1700, unit: 'per kg' },
  { _id: '3', serviceName: 'Tree Cutting Service', price: 9000, unit: 'per tree' },
];

describe('pricing (price list, fallback prices, default service)', () => {
  it('pricing items are kept by a service key derived from the name', () => {
    expect(toPriceTable(answer)).toEqual({
      household: { serviceName: 'Household Waste Pickup', price: 1600, unit: 'per pickup' },
      recycling: { serviceName: 'Recycling Collection', price: 1700, unit: 'per kg' },
      'tree-cutting': { serviceName: 'Tree Cutting Service', price: 9000, unit: 'per tree' },
    });
  });

  it('items lacking any of serviceName, price and unit are skipped', () => {
    const table = toPriceTable([
      { serviceName: 'Bulk Waste Removal', price: 5000 },
      { serviceName: 'Office Cleaning', unit: 'per hour' },
      { price: 1000, unit: 'per kg' },
      { serviceName: 'Laundry Service', price: '1000', unit: 'per kg' },
      null,
      'Garden',
      { serviceName: 'Garden Waste Collection', price: 4000, unit: 'per load' },
    ]);
    expect(table).toEqual({ garden: { serviceName: 'Garden Waste Collection', price: 4000, unit: 'per load' } });
  });

  it.each([null, undefined, { data: [] }, 'prices', 42])(
    'the pricing response must be an array; otherwise it counts as failure (%j)',
    (bad) => {
      expect(toPriceTable(bad)).toBeNull();
      expect(priceTableOrFallback(bad)).toBe(FALLBACK_PRICES);
    },
  );

  it('fallback prices: bulk 5000 per item; garden 4000 per load; household 1500 per pickup; laundry 1000 per kg; office 4500 per hour; recycling 1500 per kg', () => {
    const prices = Object.fromEntries(
      Object.entries(FALLBACK_PRICES).map(([key, item]) => [key, [item.price, item.unit]]),
    );
    expect(prices).toEqual({
      bulk: [5000, 'per item'],
      garden: [4000, 'per load'],
      household: [1500, 'per pickup'],
      laundry: [1000, 'per kg'],
      office: [4500, 'per hour'],
      recycling: [1500, 'per kg'],
    });
  });

  it("an unknown service is 'Default Service' at 3000 'per pickup'", () => {
    expect(priceFor(toPriceTable(answer)!, 'default')).toEqual({
      serviceName: 'Default Service',
      price: 3000,
      unit: 'per pickup',
    });
    // The fallback is the seeded catalog: its rule and names come with it.
    expect(priceFor(FALLBACK_PRICES, 'laundry')).toEqual({
      serviceName: 'Laundry Service',
      name: 'Laundry & Dry Cleaning',
      price: 1000,
      unit: 'per kg',
      unitWord: 'kg',
      quantity: { min: 1, max: 200, step: 0.5 },
      pointsPerKg: 0,
      weighed: true,
      pickupPhoto: 'off',
    });
    // A service the response does not list is unknown: the fallback table is for a failed call only.
    expect(priceFor(toPriceTable(answer)!, 'bulk').serviceName).toBe('Default Service');
  });

  it('payment amounts are sent in the smallest currency unit: naira price times 100', () => {
    expect(nairaToKobo(1500)).toBe(150000);
    expect(nairaToKobo(1000.1)).toBe(100010);
    expect(nairaToKobo(0.07)).toBe(7);
  });

  it('what a booking charged: unit price x the quantity the plan does not cover, less the points', () => {
    expect(chargedKobo({ amount: 1000, quantity: 3 })).toBe(300_000);
    expect(chargedKobo({ amount: 1000, quantity: 3, pointsUsed: 512.05 })).toBe(248_795);
    expect(chargedKobo({ amount: 1000, quantity: 3, coveredQuantity: 1 })).toBe(200_000);
    expect(chargedKobo({ amount: 3000 })).toBe(300_000);
  });
});
