import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  assignedShortly,
  checkBooking,
  createTaskRequest,
  proceedState,
  isApproximatePlace,
  usablePoints,
} from '../../../src/features/tasks/booking/booking-rules';

const ready = { isBusy: false, hasLocation: true, hasEmail: true, isLoadingPrices: false, isOnline: true };

describe("'Proceed to Payment' (when it is disabled)", () => {
  it('is enabled with a location, the user email and prices, online and not busy', () => {
    expect(proceedState(ready)).toEqual({ disabled: false, label: 'Proceed to Payment', reason: null });
  });

  it.each([
    ['while busy', { isBusy: true }],
    ['with no location', { hasLocation: false }],
    ['with no user email', { hasEmail: false }],
    ['while prices load', { isLoadingPrices: true }],
    ['offline (payment is never started while offline)', { isOnline: false }],
    ['at an approximate place without details', { needsDetails: true }],
  ])('is disabled %s', (_case, change) => {
    expect(proceedState({ ...ready, ...change }).disabled).toBe(true);
  });

  it("shows 'Processing...' while busy", () => {
    expect(proceedState({ ...ready, isBusy: true }).label).toBe('Processing...');
  });

  it("says 'Book (covered by your plan)' when the plan pays it all: nothing is paid", () => {
    expect(proceedState({ ...ready, isCovered: true }).label).toBe('Book (covered by your plan)');
  });

  it('says why it is disabled', () => {
    expect(proceedState({ ...ready, isOnline: false }).reason).toBe(
      'You are offline. Payment needs an internet connection.',
    );
    expect(proceedState({ ...ready, hasLocation: false }).reason).toBe('Choose an address to continue.');
    expect(proceedState({ ...ready, needsDetails: true }).reason).toBe(
      'Add a house number, gate or landmark so the driver can find you',
    );
  });
});

describe('an approximate place needs address details', () => {
  const at = (address: string, approximate?: boolean) => ({ address, lat: 6.5, lng: 3.37, approximate });

  it("a pinned point's label is approximate: 'Near ...', 'About N km from ...', its coordinates", () => {
    expect(isApproximatePlace(at('Near Yaba, Lagos'))).toBe(true);
    expect(isApproximatePlace(at('About 3 km from Ikeja, Lagos'))).toBe(true);
    expect(isApproximatePlace(at('Pinned location 6.500000, 3.370000'))).toBe(true);
  });

  it('a long road the search marked approximate is; an address or a landmark is not', () => {
    expect(isApproximatePlace(at('Ikorodu Road, Lagos', true))).toBe(true);
    expect(isApproximatePlace(at('22 Ikorodu Road, Lagos'))).toBe(false);
    expect(isApproximatePlace(at('Nearby Plaza, Ikeja'))).toBe(false);
  });
});

describe('create task validation (checks before paying)', () => {
  const place = { address: 'Ikeja, Lagos State, Nigeria', lat: 6.5965, lng: 3.3421 };

  it("a location must be chosen ('Please select a location first')", () => {
    expect(checkBooking(null, 'a@b.ng')).toBe('Please select a location first');
  });

  it("user email must be known ('User email not found')", () => {
    expect(checkBooking(place, undefined)).toBe('User email not found');
    expect(checkBooking(place, '')).toBe(MESSAGES.emailNotFound);
    expect(checkBooking(place, 'a@b.ng')).toBeUndefined();
  });

  it("'Your {service name} task will be assigned shortly'", () => {
    expect(assignedShortly('Recycling Services')).toBe('Your Recycling Services task will be assigned shortly');
  });

  it('the create request carries a GeoJSON point [longitude, latitude], the price, the reference and the service key', () => {
    expect(
      createTaskRequest({
        place,
        userId: 'u1',
        serviceType: 'household',
        price: { serviceName: 'Household Waste Pickup', price: 1500, unit: 'per pickup' },
        reference: 'r1',
      }),
    ).toEqual({
      address: 'Ikeja, Lagos State, Nigeria',
      location: { type: 'Point', coordinates: [3.3421, 6.5965] },
      amount: 1500,
      unit: 'per pickup',
      user: 'u1',
      reference: 'r1',
      type: 'household',
      serviceName: 'Household Waste Pickup',
      quantity: 1,
    });
  });

  it('an address longer than the server takes (300) is cut to fit, so a paid task is never refused for it', () => {
    const long = { ...place, address: `${'Plot 7, '.repeat(50)}Lagos` };
    const price = { serviceName: 'Household Waste Pickup', price: 1500, unit: 'per pickup' };
    const request = createTaskRequest({ place: long, userId: 'u1', serviceType: 'household', price, reference: 'r1' });
    expect(request.address).toHaveLength(300);
    expect(long.address.startsWith(request.address)).toBe(true);
  });

  it('carries the cleaned address details, and leaves them out when there are none (the request of an older client)', () => {
    const input = {
      place,
      userId: 'u1',
      serviceType: 'household',
      price: { serviceName: 'Household Waste Pickup', price: 1500, unit: 'per pickup' },
      reference: 'r1',
    };
    expect(createTaskRequest({ ...input, addressDetails: ' Blue gate\t\r\nopposite the mosque ' }).addressDetails).toBe(
      'Blue gate\nopposite the mosque',
    );
    expect('addressDetails' in createTaskRequest({ ...input, addressDetails: '  \n ' })).toBe(false);
    expect('addressDetails' in createTaskRequest(input)).toBe(false);
  });
});

describe('quantity and a pickup time in the create request', () => {
  it('carries the quantity and the chosen window; without a window none is sent', () => {
    const place = { address: 'Yaba, Lagos', lat: 6.5, lng: 3.37 };
    const price = { serviceName: 'Laundry Service', price: 1000, unit: 'per kg' };
    const window = { start: '2026-11-26T09:00:00.000Z', end: '2026-11-26T11:00:00.000Z' };
    const base = { place, userId: 'u1', serviceType: 'laundry', price, reference: 'r2' };
    expect(createTaskRequest({ ...base, quantity: 3, scheduledFor: window })).toMatchObject({
      amount: 1000,
      quantity: 3,
      scheduledFor: window,
    });
    expect(createTaskRequest(base)).not.toHaveProperty('scheduledFor');
  });
});

describe('points at checkout', () => {
  it('a booking may use the balance, at most half of what is to pay, in exact kobo', () => {
    expect(usablePoints(125.5, 150_000)).toBe(12_550);
    expect(usablePoints(5000, 150_000)).toBe(75_000);
    expect(usablePoints(512.05, 300_000)).toBe(51_205);
    expect(usablePoints(0, 150_000)).toBe(0);
    expect(usablePoints(100, 0)).toBe(0);
    expect(usablePoints(Number.NaN, 150_000)).toBe(0);
  });
});
