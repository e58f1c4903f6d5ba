import { describe, expect, it } from 'vitest';
import { bookAgainState } from '../../../../src/features/tasks/details/book-again';
import { sampleTask } from '../../../sample-data';

describe("'Book again'", () => {
  it("hands over the task's service, place, details and quantity, not its time", () => {
    const task = sampleTask({
      type: 'laundry',
      quantity: 3.5,
      addressDetails: 'Blue gate, flat 2',
      scheduledFor: { start: '2026-11-28T09:00:00.000Z', end: '2026-11-28T11:00:00.000Z' },
    });
    expect(bookAgainState(task)).toEqual({
      serviceType: 'laundry',
      bookAgain: {
        address: '22 Awolowo Way, Ikeja, Lagos State, Nigeria',
        lat: 6.6018,
        lng: 3.3515,
        addressDetails: 'Blue gate, flat 2',
        quantity: 3.5,
      },
    });
  });

  it('reads an old task without quantity or details as one unit and no details', () => {
    expect(bookAgainState(sampleTask())?.bookAgain).toMatchObject({ quantity: 1, addressDetails: '' });
  });

  it('offers nothing for a service no longer booked or a task without a usable place', () => {
    expect(bookAgainState(sampleTask({ type: 'default' }))).toBeNull();
    expect(bookAgainState(sampleTask({ location: { type: 'Point', coordinates: [Number.NaN, 6.6] } }))).toBeNull();
  });
});
