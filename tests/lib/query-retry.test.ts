import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryFailure, asQuery } from '../../src/lib/api/query-failure';
import { QUERY_RETRIES, retryQuery } from '../../src/lib/query-retry';

const networkFailure = () => new TypeError('Failed to fetch');
const refused = () =>
  Object.assign(new Error('Request failed with status code 404'), { response: new Response('{}', { status: 404 }) });

afterEach(() => onlineManager.setOnline(true));

describe('the one retry policy of the QueryClients', () => {
  it('tries a read whose network failed twice more, then gives up', () => {
    const failure = new QueryFailure('failed', undefined, true);
    expect([0, 1, 2, 3].map((count) => retryQuery(count, failure))).toEqual([true, true, false, false]);
    expect(retryQuery(0, networkFailure())).toBe(true);
    expect(QUERY_RETRIES).toBe(2);
  });

  it('never tries again what the server answered, a time-out, or a read without a token', async () => {
    expect(retryQuery(0, await asQuery(() => Promise.reject(refused())).catch((error: unknown) => error))).toBe(false);
    expect(retryQuery(0, Object.assign(new Error('timed out'), { name: 'TimeoutError' }))).toBe(false);
    expect(retryQuery(0, new QueryFailure('no-token'))).toBe(false);
  });

  it('offline, a failed read is final at once (the screen says so; reconnecting reads it again)', () => {
    onlineManager.setOnline(false);
    expect(retryQuery(0, networkFailure())).toBe(false);
    onlineManager.setOnline(true);
    expect(retryQuery(0, networkFailure())).toBe(true);
  });

  it('asQuery marks a network failure, so a query made through it is retried by the QueryClient', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: retryQuery, retryDelay: 0 } } });
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(networkFailure()).mockResolvedValueOnce('tasks');
    await expect(client.fetchQuery({ queryKey: ['retried'], queryFn: () => asQuery(call) })).resolves.toBe('tasks');
    expect(call).toHaveBeenCalledTimes(2);
    const refusedCall = vi.fn(() => Promise.reject(refused()));
    await expect(
      client.fetchQuery({ queryKey: ['refused'], queryFn: () => asQuery(refusedCall) }),
    ).rejects.toBeInstanceOf(QueryFailure);
    expect(refusedCall).toHaveBeenCalledTimes(1);
  });
});
