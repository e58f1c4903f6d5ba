import { describe, expect, it } from 'vitest';
import { canViewTask, normalizeTaskStatus, taskStatusLabel, taskStatusTone } from '../../src/shared/task-status';

describe('task statuses (one label and colour per status)', () => {
  it('the two vocabularies are one: assigned = driver-assigned, in-progress = on-going', () => {
    expect(normalizeTaskStatus('assigned')).toBe('driver-assigned');
    expect(normalizeTaskStatus('driver-assigned')).toBe('driver-assigned');
    expect(normalizeTaskStatus('in-progress')).toBe('on-going');
    expect(normalizeTaskStatus('on-going')).toBe('on-going');
    expect(normalizeTaskStatus(' Completed ')).toBe('completed');
    expect(normalizeTaskStatus(undefined)).toBe('');
  });

  it('the label is the status with the hyphen replaced by a space', () => {
    expect(taskStatusLabel('driver-assigned')).toBe('driver assigned');
    expect(taskStatusLabel('on-going')).toBe('on going');
    expect(taskStatusLabel('in-progress')).toBe('on going');
    expect(taskStatusLabel('pending')).toBe('pending');
    expect(taskStatusLabel('some-new-state')).toBe('some new state');
  });

  it('one colour set on every screen: pending amber, driver assigned blue, on going orange, completed green, cancelled red', () => {
    expect(taskStatusTone('pending')).toBe('amber');
    expect(taskStatusTone('assigned')).toBe('blue');
    expect(taskStatusTone('driver-assigned')).toBe('blue');
    expect(taskStatusTone('in-progress')).toBe('orange');
    expect(taskStatusTone('on-going')).toBe('orange');
    expect(taskStatusTone(' Completed ')).toBe('green');
    expect(taskStatusTone('cancelled')).toBe('red');
    expect(taskStatusTone('lost')).toBe('gray');
    expect(taskStatusTone(undefined)).toBe('gray');
  });

  it('View Task is offered only for driver-assigned, on-going and completed', () => {
    for (const status of ['driver-assigned', 'assigned', 'on-going', 'in-progress', 'completed'])
      expect(canViewTask(status)).toBe(true);
    for (const status of ['pending', 'cancelled', '', 'unknown']) expect(canViewTask(status)).toBe(false);
  });
});
