import { describe, expect, it } from 'vitest';
import { FALLBACK_PRICES } from '../../src/shared/pricing';
import { SERVICE_OFFERING, serviceDisplayName, taskServiceName } from '../../src/shared/service-names';

describe('one name per service (the service offering of the dashboard)', () => {
  it('display names of the service offering, in the dashboard order', () => {
    expect(SERVICE_OFFERING.map((service) => `${service.name}: ${service.tag}`)).toEqual([
      'Recycling Services: recycling',
      'Household Waste Pickup: household',
      'Bulk Waste Pickup: bulk',
      'Land Mowing & Garden: garden',
      'Laundry & Dry Cleaning: laundry',
      'Office & Commercial Cleaning: office',
    ]);
    expect(serviceDisplayName('bulk')).toBe('Bulk Waste Pickup');
    expect(serviceDisplayName('default')).toBe('Default Service');
    expect(serviceDisplayName('no-such-service')).toBe('Default Service');
  });

  it("a task is named by its price-list name's key: each price-list name shows as the offering's name", () => {
    const shown = Object.fromEntries(
      Object.values(FALLBACK_PRICES).map((price) => [
        price.serviceName,
        taskServiceName({ serviceName: price.serviceName }),
      ]),
    );
    expect(shown).toEqual({
      'Bulk Waste Removal': 'Bulk Waste Pickup',
      'Garden Waste Collection': 'Land Mowing & Garden',
      'Household Waste Pickup': 'Household Waste Pickup',
      'Laundry Service': 'Laundry & Dry Cleaning',
      'Office Cleaning': 'Office & Commercial Cleaning',
      'Recycling Collection': 'Recycling Services',
    });
  });

  it('an unknown price-list name falls back to the tag the task was booked with, then to its own name', () => {
    expect(taskServiceName({ serviceName: 'Laundry (express)', type: 'laundry' })).toBe('Laundry & Dry Cleaning');
    expect(taskServiceName({ serviceName: 'Pool Cleaning', type: 'pool' })).toBe('Pool Cleaning');
    expect(taskServiceName({ serviceName: 'Default Service', type: 'default' })).toBe('Default Service');
    expect(taskServiceName({ serviceName: '  ', type: undefined })).toBe('Default Service');
  });
});
