import { describe, expect, it } from 'vitest';
import type { Task } from '../../../src/shared/contract';
import type { PendingTask } from '../../../src/lib/pending-tasks';
import { confirmedSince, pendingTaskCards } from '../../../src/features/dashboard/pending-task-rules';

function kept(reference: string, state: 'pending' | 'refused'): PendingTask {
  const base = { reference, request: { reference } as PendingTask['request'], savedAt: 1 };
  return state === 'pending' ? base : { ...base, refusal: { message: 'Payment could not be verified', at: 2 } };
}

const listed = (reference: string) => ({ _id: `t-${reference}`, reference }) as Task;

describe("Home's cards for paid bookings the server has not confirmed", () => {
  it('a pending one shows until the server lists a task with its reference; a refused one always shows', () => {
    const records = [kept('r1', 'pending'), kept('r2', 'pending'), kept('r3', 'refused')];
    expect(pendingTaskCards(records, []).map((card) => card.reference)).toEqual(['r1', 'r2', 'r3']);
    expect(pendingTaskCards(records, [listed('r1'), listed('r3')]).map((card) => card.reference)).toEqual(['r2', 'r3']);
  });

  it('a pending record that has gone was confirmed (Home then reads its tasks again); a dismissed refusal was not', () => {
    expect(confirmedSince([kept('r1', 'pending'), kept('r2', 'refused')], [])).toEqual(['r1']);
    expect(confirmedSince([kept('r1', 'pending')], [kept('r1', 'refused')])).toEqual([]);
    expect(confirmedSince([], [kept('r1', 'pending')])).toEqual([]);
  });
});
