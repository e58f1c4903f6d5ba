import { describe, expect, it } from 'vitest';
import type { Task, TaskEvent } from '../../src/shared/contract';
import { describeTaskEvent, isOpenTaskStatus, statusChangeMessage, statusChanges } from '../../src/shared/task-events';

function task(id: string, status: string, serviceName = 'Household Waste Pickup'): Task {
  return { _id: id, status, serviceName } as Task;
}

function event(overrides: Partial<TaskEvent>): TaskEvent {
  return {
    _id: '1',
    kind: 'status',
    taskId: 't1',
    status: 'driver-assigned',
    type: 'household',
    serviceName: 'Household Waste Pickup',
    amount: null,
    at: '2026-11-20T10:00:00.000Z',
    read: false,
    ...overrides,
  };
}

describe('open tasks: Home keeps pending, assigned and on-going tasks current', () => {
  it.each([
    ['pending', true],
    ['driver-assigned', true],
    ['assigned', true],
    ['on-going', true],
    ['in-progress', true],
    [' On-Going ', true],
    ['completed', false],
    ['cancelled', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (status, open) => {
    expect(isOpenTaskStatus(status)).toBe(open);
  });
});

describe("the wording of a status change: 'Your Household Waste Pickup task: driver assigned'", () => {
  it('service name, then the status label (hyphens as spaces, the two vocabularies as one)', () => {
    expect(statusChangeMessage('Household Waste Pickup', 'driver-assigned')).toBe(
      'Your Household Waste Pickup task: driver assigned',
    );
    expect(statusChangeMessage('Office Cleaning', 'in-progress')).toBe('Your Office Cleaning task: on going');
    expect(statusChangeMessage('Laundry Service', 'completed')).toBe('Your Laundry Service task: completed');
    expect(statusChangeMessage('Bulk Waste Removal', 'cancelled')).toBe('Your Bulk Waste Removal task: cancelled');
  });

  it('without a service name it still reads', () => {
    expect(statusChangeMessage('  ', 'pending')).toBe('Your task: pending');
  });

  it('the bell says a status event in plain words, after the service', () => {
    expect(describeTaskEvent(event({ status: 'on-going', serviceName: 'Office Cleaning' }))).toBe(
      'Office & Commercial Cleaning: Your driver is on the way',
    );
  });

  it("names a planned task's window, so two pickups of one service are told apart", () => {
    const scheduledFor = { start: '2026-11-28T09:00:00.000Z', end: '2026-11-28T11:00:00.000Z' };
    expect(describeTaskEvent(event({ status: 'driver-assigned', scheduledFor }))).toBe(
      'Household Waste Pickup (Sat 28 Nov, 10:00-12:00): A driver is assigned to your task',
    );
  });

  it("names a stored task's service by its display name, as the cards do", () => {
    expect(describeTaskEvent(event({ type: 'bulk', serviceName: 'Bulk Waste Removal' }))).toBe(
      'Bulk Waste Pickup: A driver is assigned to your task',
    );
  });

  it("a plan's renewal reminder reads as the server wrote it", () => {
    expect(
      describeTaskEvent(
        event({ kind: 'plan-renewal', message: 'Your Bronze plan ends on Sat 5 Dec', serviceName: '' }),
      ),
    ).toBe('Your Bronze plan ends on Sat 5 Dec');
  });

  it('a referral reward names the tokens earned, with 2 decimals, or none when the amount is unknown', () => {
    expect(
      describeTaskEvent(event({ kind: 'referral-reward', taskId: null, status: null, serviceName: '', amount: 500 })),
    ).toBe('You earned 500.00 points: a friend you referred completed their first task');
    expect(
      describeTaskEvent(event({ kind: 'referral-reward', taskId: null, status: null, serviceName: '', amount: null })),
    ).toBe('You earned points: a friend you referred completed their first task');
  });
});

describe('status-change detection between two reads of the tasks', () => {
  it('finds each task whose status changed, in the later order, with before and after', () => {
    const before = [task('a', 'pending'), task('b', 'driver-assigned'), task('c', 'completed')];
    const after = [task('c', 'completed'), task('b', 'on-going'), task('a', 'driver-assigned')];
    expect(statusChanges(before, after).map(({ task: changed, from, to }) => [changed._id, from, to])).toEqual([
      ['b', 'driver-assigned', 'on-going'],
      ['a', 'pending', 'driver-assigned'],
    ]);
  });

  it("the same status in the other vocabulary ('assigned', 'in-progress') is no change", () => {
    expect(
      statusChanges(
        [task('a', 'driver-assigned'), task('b', 'on-going')],
        [task('a', 'assigned'), task('b', 'in-progress')],
      ),
    ).toEqual([]);
  });

  it('a new task (just booked) and a task gone from the list are not changes', () => {
    expect(statusChanges([task('a', 'pending')], [task('b', 'pending')])).toEqual([]);
    expect(statusChanges([], [task('a', 'driver-assigned')])).toEqual([]);
  });
});
