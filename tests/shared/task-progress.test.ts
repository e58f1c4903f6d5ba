import { describe, expect, it } from 'vitest';
import { vatInsideKobo } from '../../src/shared/money';
import type { TaskEvent } from '../../src/shared/contract';
import { describeTaskEvent } from '../../src/shared/task-events';
import {
  canCancelTask,
  plainStatusText,
  progressIndex,
  progressLabel,
  refundText,
  VAT_BASIS_POINTS,
  taskStage,
} from '../../src/shared/task-progress';

describe('the progress line: Finding your driver -> Driver assigned -> On the way -> Done', () => {
  it.each([
    ['pending', 0, 'Finding your driver'],
    ['driver-assigned', 1, 'Driver assigned'],
    ['assigned', 1, 'Driver assigned'],
    ['on-going', 2, 'On the way'],
    ['in-progress', 2, 'On the way'],
    ['completed', 3, 'Done'],
    ['cancelled', null, 'Cancelled'],
    ['archived', null, ''],
  ])('%s is step %s (%s)', (status, index, label) => {
    expect(progressIndex(status)).toBe(index);
    expect(progressLabel(status)).toBe(label);
  });

  it('speaks plainly in the bell and notifications', () => {
    expect(plainStatusText('on-going')).toBe('Your driver is on the way');
    expect(plainStatusText('pending')).toBe('We are finding your driver');
    expect(plainStatusText('???')).toBe('Your task was updated');
  });

  it('a client may cancel until the code is entered: pending, driver-assigned or on the way', () => {
    expect(['pending', 'driver-assigned', 'assigned', 'on-going', 'completed', 'cancelled'].map(canCancelTask)).toEqual(
      [true, true, true, true, false, false],
    );
  });
});

describe('refunds and money', () => {
  it("says where a refund is: 'Refund of ₦4,000.00 started - usually 3-5 working days', then 'Refunded'", () => {
    expect(refundText({ status: 'pending', amount: 4000 })).toBe(
      'Refund of ₦4,000.00 started - usually 3-5 working days',
    );
    expect(refundText({ status: 'refunded', amount: 4000 })).toBe('Refunded ₦4,000.00');
    expect(refundText({ status: 'failed', amount: 1500.5 })).toMatch(/^The refund of ₦1,500.50 needs attention/);
  });

  it('the VAT inside a VAT-inclusive price (7.5%), to the kobo', () => {
    expect(vatInsideKobo(150_000, VAT_BASIS_POINTS)).toBe(10_465);
    expect(vatInsideKobo(400_000, VAT_BASIS_POINTS)).toBe(27_907);
    expect(vatInsideKobo(0, VAT_BASIS_POINTS)).toBe(0);
  });

  it('the bell tells refunds and support replies', () => {
    const base: TaskEvent = {
      _id: '1',
      kind: 'refund',
      taskId: 't1',
      status: null,
      type: 'household',
      serviceName: 'Household Waste Pickup',
      amount: 4000,
      at: '2026-11-20T10:00:00.000Z',
      read: false,
      refundStatus: 'pending',
    };
    expect(describeTaskEvent(base)).toBe(
      'Your Household Waste Pickup task: Refund of ₦4,000.00 started - usually 3-5 working days',
    );
    expect(describeTaskEvent({ ...base, refundStatus: 'refunded' })).toBe(
      'Your Household Waste Pickup task: Refunded ₦4,000.00',
    );
    expect(describeTaskEvent({ ...base, kind: 'support-reply', message: 'A driver comes at 3 pm' })).toBe(
      'GreenPick support replied: A driver comes at 3 pm',
    );
  });
});

describe("a task's stage: 'Scheduled for' until 2 hours before its window, 'Your driver has arrived'", () => {
  // Sat 28 Nov 2026, 16:00-18:00 in Lagos (UTC+1).
  const window = { start: '2026-11-28T15:00:00.000Z', end: '2026-11-28T17:00:00.000Z' };
  const at = (iso: string) => Date.parse(iso);

  it("a pending task for later is 'Scheduled for Sat 28 Nov, 16:00-18:00' until 2 hours before its window", () => {
    const task = { status: 'pending' as const, scheduledFor: window };
    expect(taskStage(task, at('2026-11-27T20:00:00.000Z'))).toEqual({
      step: 0,
      label: 'Scheduled',
      text: 'Scheduled for Sat 28 Nov, 16:00-18:00',
      kind: 'scheduled',
    });
    expect(taskStage(task, at('2026-11-28T12:59:59.000Z')).kind).toBe('scheduled');
    expect(taskStage(task, at('2026-11-28T13:00:00.000Z'))).toMatchObject({
      label: 'Finding your driver',
      text: 'We are finding your driver',
    });
  });

  it("'as soon as possible' is 'Finding your driver' at once; an assigned task for later is 'Driver assigned'", () => {
    expect(taskStage({ status: 'pending', scheduledFor: null }, 0).kind).toBe('finding');
    expect(taskStage({ status: 'driver-assigned', scheduledFor: window }, 0).kind).toBe('assigned');
  });

  it("arrived (the task's arrivedAt, or the driver within 100 m) reads 'Your driver has arrived', never 'On the way'", () => {
    const arrived = { step: 2, label: 'Arrived', text: 'Your driver has arrived', kind: 'arrived' };
    expect(taskStage({ status: 'on-going', arrivedAt: '2026-11-28T15:10:00.000Z' }, 0)).toEqual(arrived);
    expect(taskStage({ status: 'driver-assigned' }, 0, true)).toEqual(arrived);
    expect(taskStage({ status: 'on-going' }, 0).text).toBe('Your driver is on the way');
    // Over is over, wherever the driver is.
    expect(taskStage({ status: 'completed', arrivedAt: '2026-11-28T15:10:00.000Z' }, 0, true).kind).toBe('done');
    expect(taskStage({ status: 'cancelled' }, 0)).toMatchObject({ step: null, kind: 'cancelled' });
  });
});
