import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE, serviceKey } from '../../src/shared/service-key';

describe('service name to key (the fixed names and the rule for others)', () => {
  it.each([
    ['Bulk Waste Removal', 'bulk'],
    ['Garden Waste Collection', 'garden'],
    ['Household Waste Pickup', 'household'],
    ['Laundry Service', 'laundry'],
    ['Office Cleaning', 'office'],
    ['Recycling Collection', 'recycling'],
  ])('%s gives %s', (name, key) => {
    expect(serviceKey(name)).toBe(key);
  });

  it('other names are lower-cased, the listed words dropped and spaces become hyphens', () => {
    expect(serviceKey('Carpet Cleaning Service')).toBe('carpet');
    expect(serviceKey('Electronic Waste Pickup Express')).toBe('electronic-express');
    expect(serviceKey('Window  Washing')).toBe('window-washing');
  });

  it("the default service is 'Default Service' at 3000 'per pickup'", () => {
    expect(DEFAULT_SERVICE).toEqual({ serviceName: 'Default Service', priceKobo: 300_000, unit: 'per pickup' });
  });
});
