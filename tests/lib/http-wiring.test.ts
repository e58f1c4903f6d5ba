// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../src/lib/http';
import { getToken, setToken } from '../../src/lib/token-storage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the app HTTP client and token storage together', () => {
  it('sends the stored token, and a 401 removes it from storage', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(`${request.url} ${request.headers.get('Authorization')}`);
      return new Response(JSON.stringify({ message: 'Your session has expired. Please log in again.' }), {
        status: 401,
      });
    });
    setToken('stale-token');

    await expect(http.post('client/userdata', { json: {} }).json()).rejects.toBeTruthy();

    expect(seen).toEqual([`${location.origin}/client/userdata Bearer stale-token`]);
    expect(getToken()).toBeNull();
  });
});
