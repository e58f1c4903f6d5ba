import { describe, expect, it } from 'vitest';
import {
  RED_AFTER_MS,
  attentionDetail,
  byFreshness,
  dueText,
  freshness,
  stateText,
  boundsOf,
  columnOf,
  countdown,
  lateness,
  mayAssign,
  mayUse,
  navItems,
  waitedFor,
} from '../../src/ops-console/rules';

const at = (iso: string) => Date.parse(iso);

describe('lateness against the promise', () => {
  const promise = '2026-11-28T10:00:00.000Z';

  it('is on time until the promise, amber from it, red once it is RED_AFTER_MS past', () => {
    expect(lateness(promise, at('2026-11-28T09:59:59.999Z'))).toBe('on-time');
    expect(lateness(promise, at(promise))).toBe('amber');
    expect(lateness(promise, at(promise) + RED_AFTER_MS - 1)).toBe('amber');
    expect(lateness(promise, at(promise) + RED_AFTER_MS)).toBe('red');
    expect(lateness(promise, at('2026-11-29T10:00:00.000Z'))).toBe('red');
  });

  it('a task without a promise (or an unreadable one) is never late', () => {
    expect(lateness(null, at('2030-01-01T00:00:00.000Z'))).toBe('on-time');
    expect(lateness('not a date', at('2030-01-01T00:00:00.000Z'))).toBe('on-time');
  });
});

describe('the nav of each role', () => {
  it('admin sees every screen; dispatcher the board and drivers; support the board, support and clients', () => {
    expect(navItems('admin').map((item) => item.label)).toEqual([
      'Board',
      'Support',
      'Payments',
      'Refunds',
      'Reports',
      'Payouts',
      'Services',
      'Plans',
      'Drivers',
      'Clients',
      'Operators',
      'Audit',
    ]);
    expect(navItems('dispatcher').map((item) => item.screen)).toEqual(['board', 'drivers']);
    expect(navItems('support').map((item) => item.screen)).toEqual(['board', 'support', 'clients']);
  });

  it('a screen outside the role is not usable, and only admins and dispatchers assign', () => {
    expect(mayUse('support', 'audit')).toBe(false);
    expect(mayUse('dispatcher', 'payments')).toBe(false);
    expect(mayUse('admin', 'operators')).toBe(true);
    expect([mayAssign('admin'), mayAssign('dispatcher'), mayAssign('support')]).toEqual([true, true, false]);
  });
});

describe('clocks', () => {
  const expires = '2026-11-28T10:02:05.000Z';

  it("an offer's countdown is m:ss, rounded up to the second, and stops at 0:00", () => {
    expect(countdown(expires, at('2026-11-28T10:00:00.000Z'))).toBe('2:05');
    expect(countdown(expires, at('2026-11-28T10:02:04.500Z'))).toBe('0:01');
    expect(countdown(expires, at('2026-11-28T10:01:56.000Z'))).toBe('0:09');
    expect(countdown(expires, at('2026-11-28T10:03:00.000Z'))).toBe('0:00');
    expect(countdown('never', at('2026-11-28T10:03:00.000Z'))).toBe('0:00');
  });

  it('a wait reads in seconds, minutes, then hours and minutes', () => {
    const since = '2026-11-28T10:00:00.000Z';
    expect(waitedFor(since, at('2026-11-28T10:00:45.000Z'))).toBe('45 s');
    expect(waitedFor(since, at('2026-11-28T10:12:00.000Z'))).toBe('12 min');
    expect(waitedFor(since, at('2026-11-28T12:05:30.000Z'))).toBe('2 h 05 min');
  });
});

describe('board columns', () => {
  it('puts each open task in the column of its state, and closed ones in none', () => {
    const offer = { driverId: 'd1', driverName: 'Kunle', expiresAt: '2026-11-28T10:00:00.000Z' };
    expect(columnOf({ status: 'pending', offer: null, arrivedAt: null })).toBe('waiting');
    expect(columnOf({ status: 'pending', offer, arrivedAt: null })).toBe('offered');
    expect(columnOf({ status: 'driver-assigned', offer: null, arrivedAt: null })).toBe('assigned');
    expect(columnOf({ status: 'on-going', offer: null, arrivedAt: null })).toBe('on-the-way');
    expect(columnOf({ status: 'on-going', offer: null, arrivedAt: '2026-11-28T10:00:00.000Z' })).toBe('arrived');
    expect(columnOf({ status: 'completed', offer: null, arrivedAt: null })).toBeNull();
    expect(columnOf({ status: 'cancelled', offer: null, arrivedAt: null })).toBeNull();
  });
});

describe("the board map's box", () => {
  it('holds every marker: west-south to east-north over tasks and drivers alike', () => {
    expect(
      boundsOf([
        [3.3553, 6.4926],
        [3.9834, 6.5841],
        [3.3782, 6.447],
      ]),
    ).toEqual([
      [3.3553, 6.447],
      [3.9834, 6.5841],
    ]);
    expect(boundsOf([[3.4, 6.5]])).toEqual([
      [3.4, 6.5],
      [3.4, 6.5],
    ]);
  });

  it('is null without markers (the map keeps its view of Lagos)', () => {
    expect(boundsOf([])).toBeNull();
  });
});

describe("the board's table (issue 63)", () => {
  const task = {
    status: 'pending',
    offer: null,
    arrivedAt: null,
    waitingSince: '2026-12-14T07:00:00.000Z',
    createdAt: '2026-12-14T07:00:00.000Z',
  };
  it('says a future window with its day, and an ASAP task with its booking time', () => {
    expect(
      dueText({
        window: { start: '2026-12-14T07:00:00.000Z', end: '2026-12-14T09:00:00.000Z' },
        createdAt: task.createdAt,
      }),
    ).toBe('Mon 14 Dec, 08:00-10:00');
    expect(dueText({ window: null, createdAt: '2026-12-14T09:05:00.000Z' })).toBe('ASAP, booked 10:05');
  });
  it('says where a task stands in words', () => {
    const now = Date.parse('2026-12-14T07:13:00.000Z');
    expect(stateText(task, now)).toBe('Waiting 13 min');
    const offered = { ...task, offer: { driverName: 'Bayo Ade', expiresAt: '2026-12-14T07:13:25.000Z' } };
    expect(stateText(offered, now)).toBe('Offered to Bayo Ade, 0:25 left');
    expect(stateText({ ...task, status: 'on-going', arrivedAt: null }, now)).toBe('On the way');
    expect(stateText({ ...task, status: 'cancelled' }, now)).toBe('Cancelled');
  });
  it("adds to the lane's reason how long or how far: the wait, the refused arrival, the unanswered extra", () => {
    const now = Date.parse('2026-12-14T07:13:00.000Z');
    expect(attentionDetail({ ...task, attention: 'no-driver' }, now)).toBe('(waiting 13 min)');
    expect(
      attentionDetail(
        { ...task, attention: 'far-arrival', farArrival: { at: '2026-12-14T07:10:00.000Z', meters: 2240 } },
        now,
      ),
    ).toBe('(refused 2.2 km away, 3 min ago)');
    expect(
      attentionDetail({ ...task, attention: 'extra-awaiting', extraAwaitingSince: '2026-12-14T07:01:00.000Z' }, now),
    ).toBe('(asked 12 min ago)');
    expect(attentionDetail({ ...task, attention: 'late' }, now)).toBe('');
  });
  it("orders drivers by their position's freshness and names how fresh it is", () => {
    const now = Date.parse('2026-12-14T07:13:00.000Z');
    expect(freshness('2026-12-14T07:12:00.000Z', now)).toBe('fresh');
    expect(freshness('2026-12-14T07:05:00.000Z', now)).toBe('recent');
    expect(freshness('2026-12-14T06:00:00.000Z', now)).toBe('stale');
    expect(freshness('not a date', now)).toBe('stale');
    const drivers = [
      { name: 'Old', locationUpdatedAt: '2026-12-14T06:00:00.000Z' },
      { name: 'New', locationUpdatedAt: '2026-12-14T07:12:00.000Z' },
    ];
    expect(byFreshness(drivers).map((driver) => driver.name)).toEqual(['New', 'Old']);
  });
});
