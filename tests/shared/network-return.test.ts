import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryAfterNetworkReturn } from '../../src/shared/network-return';

afterEach(() => vi.useRealTimers());

describe('retryAfterNetworkReturn', () => {
  it('tries at once, then 1, 2 and 4 s after each failed try, and no more', async () => {
    vi.useFakeTimers();
    const tries: number[] = [];
    const done = retryAfterNetworkReturn(async () => {
      tries.push(Date.now());
      return false;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    await done;
    expect(tries.map((at) => at - tries[0]!)).toEqual([0, 1000, 3000, 7000]);
  });

  it('stops at the first try that succeeds', async () => {
    vi.useFakeTimers();
    let count = 0;
    const done = retryAfterNetworkReturn(async () => {
      count += 1;
      return count === 2;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    await done;
    expect(count).toBe(2);
  });
});
