import { describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS, createHttpClient } from '../../src/lib/http';

/** A fake fetch that records each request and answers from a script, one step per call. */
function fakeFetch(script: Array<Response | Error>) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    const step = script[Math.min(requests.length, script.length) - 1];
    if (step instanceof Error) throw step;
    return step.clone();
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(script: Array<Response | Error>, token: string | null = 'abc') {
  const state = { token, unauthorized: 0 };
  const fake = fakeFetch(script);
  const http = createHttpClient({
    prefixUrl: 'https://api.greenpick.test/',
    fetch: fake.fetch,
    getToken: () => state.token,
    onUnauthorized: () => {
      state.unauthorized += 1;
      state.token = null;
    },
  });
  return { http, state, requests: fake.requests };
}

describe('the HTTP client', () => {
  it('sends paths under the API base address', async () => {
    const { http, requests } = client([json({ data: [] })]);
    await http.get('admin/pricing').json();
    expect(requests[0].url).toBe('https://api.greenpick.test/admin/pricing');
  });

  it('sends a request only once the task that asked for it has ended (the page runs between)', async () => {
    const { http, requests } = client([json({ data: 1 }), json({ data: 2 })]);
    const first = http.get('client/plan').json();
    const second = http.get('client/places').json();
    // However many promise steps pass in the task that asked, nothing has gone out yet.
    for (let step = 0; step < 100; step += 1) await Promise.resolve();
    expect(requests).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.length).toBeGreaterThan(0);
    await Promise.all([first, second]);
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/client/plan', '/client/places']);
  });

  it('adds the stored token as a bearer token', async () => {
    const { http, requests } = client([json({ data: 'ok' })]);
    await http.post('client/task', { json: { userId: 'u1' } }).json();
    expect(requests[0].headers.get('Authorization')).toBe('Bearer abc');
  });

  it('sends no Authorization header without a token', async () => {
    const { http, requests } = client([json({ data: 'ok' })], null);
    await http.post('client/login', { json: { email: 'a@b.ng', password: 'x' } }).json();
    expect(requests[0].headers.has('Authorization')).toBe(false);
  });

  it('a 401 answer clears the token (and is not retried)', async () => {
    const { http, state, requests } = client([
      json({ message: 'Your session has expired. Please log in again.' }, 401),
    ]);
    await expect(http.get('admin/pricing').json()).rejects.toMatchObject({ response: { status: 401 } });
    expect(state.unauthorized).toBe(1);
    expect(state.token).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it("a 401 for a token the caller set itself (a replayed chat message's) keeps the session", async () => {
    const { http, state } = client([json({ message: 'Your session has expired. Please log in again.' }, 401)]);
    await expect(
      http.post('client/sendingMessages', { json: {}, headers: { Authorization: 'Bearer old-token' } }),
    ).rejects.toMatchObject({ response: { status: 401 } });
    expect(state.unauthorized).toBe(0);
    expect(state.token).toBe('abc');
  });

  it('a 401 without any token (a wrong password at login) is told too, as before', async () => {
    const { http, state } = client([json({ error: 'Invalid email or password' }, 401)], null);
    await expect(http.post('client/login', { json: {} })).rejects.toMatchObject({ response: { status: 401 } });
    expect(state.unauthorized).toBe(1);
  });

  it('other errors keep the token', async () => {
    const { http, state } = client([json({ message: 'Not found' }, 404)]);
    await expect(http.get('driver/location/d1').json()).rejects.toBeTruthy();
    expect(state.token).toBe('abc');
  });

  it('retries nothing itself, read or write: reads are tried again by Query (src/lib/query-retry.ts)', async () => {
    const { http, requests } = client([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    await expect(http.get('admin/pricing').json()).rejects.toThrow('Failed to fetch');
    await expect(http.post('client/create', { json: {} }).json()).rejects.toThrow('Failed to fetch');
    expect(requests).toHaveLength(2);
  });

  it('does not retry a server error', async () => {
    const { http, requests } = client([json({ message: 'Something went wrong. Please try again.' }, 503)]);
    await expect(http.get('admin/pricing').json()).rejects.toMatchObject({ response: { status: 503 } });
    expect(requests).toHaveLength(1);
  });

  it('gives up after 15 seconds', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
  });
});
