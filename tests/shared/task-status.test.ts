import { describe, expect, it } from 'vitest';
import { canViewTask, dashboardStatusTone, historyStatusTone, normalizeTaskStatus, taskStatusLabel } from '../../src/shared/task-status';

describe('task statuses (SPEC section 4)', () => {
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

  it('dashboard badges: completed green, in-progress blue, any other value yellow', () => {
    expect(dashboardStatusTone('completed')).toBe('green');
    expect(dashboardStatusTone('in-progress')).toBe('blue');
    expect(dashboardStatusTone('on-going')).toBe('blue');
    for (const status of ['driver-assigned', 'assigned', 'pending', 'cancelled', 'unknown', '']) expect(dashboardStatusTone(status)).toBe('yellow');
  });

  it('history badges: pending yellow, assigned blue, in-progress orange, completed green, cancelled red', () => {
    expect(historyStatusTone('pending')).toBe('yellow');
    expect(historyStatusTone('assigned')).toBe('blue');
    expect(historyStatusTone('driver-assigned')).toBe('blue');
    expect(historyStatusTone('in-progress')).toBe('orange');
    expect(historyStatusTone('on-going')).toBe('orange');
    expect(historyStatusTone('completed')).toBe('green');
    expect(historyStatusTone('cancelled')).toBe('red');
    expect(historyStatusTone('lost')).toBe('gray');
  });

  it('View Task is offered only for driver-assigned, on-going and completed', () => {
    for (const status of ['driver-assigned', 'assigned', 'on-going', 'in-progress', 'completed']) expect(canViewTask(status)).toBe(true);
    for (const status of ['pending', 'cancelled', '', 'unknown']) expect(canViewTask(status)).toBe(false);
  });
});
