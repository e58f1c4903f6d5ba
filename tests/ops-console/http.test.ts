// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD_REFRESH_MS, boardQuery } from '../../src/ops-console/api';
import { errorText, opsHttp } from '../../src/ops-console/http';
import { getOpsToken, lastSignOutReason, setOpsToken } from '../../src/ops-console/session';

/** Answers every request with `status` and `body`, and records what was asked. */
function answerWith(status: number, body: unknown) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setOpsToken(null);
  sessionStorage.clear();
});

describe("the console's HTTP client", () => {
  it("sends the operator's token, on the page's own origin, kept in this tab only", async () => {
    setOpsToken('operator-token');
    const requests = answerWith(200, { data: { id: 'o1' } });
    await opsHttp.get('ops/me').json();
    expect(requests[0]!.url).toBe(`${location.origin}/ops/me`);
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer operator-token');
    expect(sessionStorage.length).toBe(1);
    expect(localStorage.length).toBe(0);
  });

  it('a 401 signs the operator out and says why on the sign-in screen', async () => {
    setOpsToken('ended-token');
    answerWith(401, { message: 'Your session has ended: sign in again' });
    await expect(opsHttp.get('ops/tasks').json()).rejects.toThrow();
    expect(getOpsToken()).toBeNull();
    expect(lastSignOutReason()).toBe('Your session has ended: sign in again.');
    // The next sign-in clears the reason.
    setOpsToken('fresh-token');
    expect(lastSignOutReason()).toBeNull();
  });

  it('a 403 keeps the session and its message is what the screen shows', async () => {
    setOpsToken('support-token');
    answerWith(403, { message: 'Above your refund limit of ₦20,000.00' });
    const refused = await opsHttp
      .post('ops/tasks/t1/cancel', { json: { reason: 'asked' } })
      .json()
      .catch((error) => error);
    expect(await errorText(refused)).toBe('Above your refund limit of ₦20,000.00');
    expect(getOpsToken()).toBe('support-token');
  });
});

describe("the board's read", () => {
  it('asks for one page of the open tasks, and again at least every 5 s (the issue: updates within 5 s)', async () => {
    setOpsToken('dispatcher-token');
    const requests = answerWith(200, { data: [], total: 0, page: 1, pageSize: 50 });
    const filters = { search: ' 0803 ', state: 'open', service: '', day: '', driver: '', attention: false } as const;
    const query = boardQuery(filters, 2);
    await (query.queryFn as () => Promise<unknown>)();
    expect(requests[0]!.url).toBe(`${location.origin}/ops/tasks?page=2&state=open&search=0803`);
    const lane = boardQuery({ ...filters, search: '', attention: true }, 1);
    await (lane.queryFn as () => Promise<unknown>)();
    expect(requests[1]!.url).toBe(`${location.origin}/ops/tasks?page=1&attention=1`);
    expect(query.refetchInterval).toBe(BOARD_REFRESH_MS);
    expect(BOARD_REFRESH_MS).toBeLessThanOrEqual(5000);
  });
});
