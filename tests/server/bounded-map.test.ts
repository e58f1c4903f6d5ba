import { describe, expect, it } from 'vitest';
import { setBounded } from '../../server/bounded-map';

describe('setBounded', () => {
  it('keeps at most max entries, forgetting the first inserted', () => {
    const map = new Map<string, number>();
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) setBounded(map, key, index, 3);
    expect([...map.entries()]).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
  });
});
