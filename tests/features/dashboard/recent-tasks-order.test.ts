import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../../src/features/dashboard/recent-tasks-order';
import type { Task } from '../../../src/shared/contract';

const task = (id: string, datetime: string) => ({ _id: id, datetime }) as Task;

describe('Recent Tasks, newest first', () => {
  it('sorts the oldest-first response newest first', () => {
    const tasks = [
      task('a', '2026-10-01T10:00:00Z'),
      task('b', '2026-11-20T10:00:00Z'),
      task('c', '2026-11-01T10:00:00Z'),
    ];
    expect(newestFirst(tasks).map((item) => item._id)).toEqual(['b', 'c', 'a']);
  });

  it('keeps the later of two tasks at the same time first, and does not change the input', () => {
    const tasks = [task('a', '2026-11-01T10:00:00Z'), task('b', '2026-11-01T10:00:00Z')];
    expect(newestFirst(tasks).map((item) => item._id)).toEqual(['b', 'a']);
    expect(tasks.map((item) => item._id)).toEqual(['a', 'b']);
  });
});
