import type { CreateTaskRequest, Schedule, Task, User } from '../src/shared/contract';

/** A signed-in client as GET client/userdata answers it: no subscription, nothing owed. */
export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    email: 'ada@example.ng',
    firstname: 'Ada',
    lastname: 'Okafor',
    phonenumber: '',
    bio: '',
    avatar: '',
    referralCode: 'ADA',
    notification: false,
    balance: 0,
    subscription: null,
    ...overrides,
  };
}

/** A completed household pickup of that client's, in the contract's Task shape, without a driver. */
export function sampleTask(overrides: Partial<Task> = {}): Task {
  return {
    _id: 't1',
    status: 'completed',
    reference: '1795349987616-3c1f97',
    address: '22 Awolowo Way, Ikeja, Lagos State, Nigeria',
    location: { type: 'Point', coordinates: [3.3515, 6.6018] },
    datetime: '2026-11-22T13:05:00.000Z',
    type: 'household',
    serviceName: 'Household Waste Pickup',
    amount: 1500,
    unit: 'per pickup',
    user: 'u1',
    confirmationCode: '123456',
    driverId: null,
    driver: null,
    ...overrides,
  };
}

/** What the booking screen sends for a paid household pickup (POST /client/create) under `reference`. */
export function sampleTaskRequest(reference: string, overrides: Partial<CreateTaskRequest> = {}): CreateTaskRequest {
  return {
    address: '22 Awolowo Way, Ikeja, Lagos State, Nigeria',
    location: { type: 'Point', coordinates: [3.3515, 6.6018] },
    amount: 1500,
    unit: 'per pickup',
    user: 'u1',
    reference,
    type: 'household',
    serviceName: 'Household Waste Pickup',
    ...overrides,
  };
}

/** A running weekly Household Waste pickup (Fridays 10:00-12:00), nothing reached or skipped yet. */
export function sampleSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    _id: 's1',
    type: 'household',
    serviceName: 'Household Waste',
    unit: 'per pickup',
    quantity: 1,
    address: '12 Allen Avenue, Ikeja, Lagos',
    addressDetails: '',
    location: { type: 'Point', coordinates: [3.35, 6.6] },
    weekdays: [5],
    windowStartHour: 10,
    everyWeeks: 1,
    startsOn: '2026-11-20',
    moved: [],
    paused: null,
    skipped: [],
    runs: [],
    next: null,
    price: 1500,
    createdAt: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}
