import { describe, expect, it } from 'vitest';
import { combineQueryData, isFromDevice, readQueryData } from '../../../src/lib/api/query-data';

const response = (cachedAt?: string) =>
  Response.json({ data: [1, 2] }, { headers: cachedAt === undefined ? {} : { 'X-Cached-At': cachedAt } });

describe('a response and where it came from', () => {
  it("gives the envelope's data; fresh from the server it has no kept time", async () => {
    const answer = await readQueryData<number[]>(Promise.resolve(response()));
    expect(answer).toEqual({ data: [1, 2], cachedAt: null });
    expect(isFromDevice(answer)).toBe(false);
  });

  it('served from the device by the service worker (X-Cached-At): when it was kept', async () => {
    const answer = await readQueryData<number[]>(Promise.resolve(response('1763800000000')));
    expect(answer).toEqual({ data: [1, 2], cachedAt: 1763800000000 });
    expect(isFromDevice(answer)).toBe(true);
  });

  it('answers shown together are as old as the oldest kept one', () => {
    const sum = (a: number, b: number) => a + b;
    expect(combineQueryData({ data: 1, cachedAt: null }, { data: 2, cachedAt: null }, sum)).toEqual({
      data: 3,
      cachedAt: null,
    });
    expect(combineQueryData({ data: 1, cachedAt: 20 }, { data: 2, cachedAt: null }, sum)).toEqual({
      data: 3,
      cachedAt: 20,
    });
    expect(combineQueryData({ data: 1, cachedAt: 20 }, { data: 2, cachedAt: 10 }, sum)).toEqual({
      data: 3,
      cachedAt: 10,
    });
  });
});
