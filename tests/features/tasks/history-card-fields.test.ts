import { describe, expect, it } from 'vitest';
import { driverName, taskCoordinates } from '../../../src/features/tasks/history/history-card-fields';
import type { Task } from '../../../src/shared/contract';

describe('history card fields', () => {
  it('coordinates: latitude and longitude to 4 decimals, from the [longitude, latitude] point', () => {
    expect(taskCoordinates({ location: { type: 'Point', coordinates: [3.37821, 6.515849] } })).toBe('6.5158, 3.3782');
    expect(taskCoordinates({ location: { type: 'Point', coordinates: [3.4, 6.5] } })).toBe('6.5000, 3.4000');
    expect(taskCoordinates({ location: undefined } as unknown as Pick<Task, 'location'>)).toBe('');
  });

  it("the driver name, or 'Driver not assigned'", () => {
    expect(driverName({ driver: { _id: 'd', firstname: 'Emeka', lastname: 'Nwosu', phone: '' } })).toBe('Emeka Nwosu');
    expect(driverName({ driver: null })).toBe('Driver not assigned');
    expect(driverName({ driver: { _id: 'd', firstname: ' ', lastname: '', phone: '' } })).toBe('Driver not assigned');
  });
});
