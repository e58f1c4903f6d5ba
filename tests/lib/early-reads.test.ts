// @vitest-environment jsdom
/**
 * The booking form's early reads: the inline script of index.html starts them, and the app's
 * HTTP client takes their answers, once (src/lib/early-reads.ts). The real script runs here,
 * so a change on one side that the other does not follow fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withEarlyReads, type EarlyReads } from '../../src/lib/early-reads';
import { getPlanStatus } from '../../src/lib/api/plan';
import { getPlaces } from '../../src/lib/api/places';
import { getPricing } from '../../src/lib/api/pricing';
import { serviceAreaQuery } from '../../src/lib/api/service-area';
import { getUser } from '../../src/lib/api/user';
import { setToken } from '../../src/lib/token-storage';

const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
const pageScript = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

/** The network: each request answered `{ data: '<METHOD> <path>' }`, and remembered. */
function stubNetwork() {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), location.origin), init);
    const name = `${request.method} ${new URL(request.url).pathname}`;
    const at = sent.push(name) - 1;
    sent[at] = `${name} ${request.headers.get('Authorization')} ${await request.text()}`;
    return new Response(JSON.stringify({ data: name }), { headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

function openBookingForm(path = '/client/create', state: object | null = { serviceType: 'recycling' }) {
  history.replaceState(state, '', path);
  new Function(pageScript)();
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete (window as { __earlyReads?: unknown }).__earlyReads;
  history.replaceState(null, '', '/');
});

describe("the booking form's early reads", () => {
  it('are started by the page and taken by the app: no request sent twice', async () => {
    const sent = stubNetwork();
    setToken('token-1');
    openBookingForm();
    expect(sent).toHaveLength(5);

    expect((await getUser('token-1')).data).toBe('POST /client/userdata');
    expect((await getPricing()).data).toBe('GET /admin/pricing');
    expect(await serviceAreaQuery().queryFn?.({} as never)).toBe('GET /client/service-area');
    expect((await getPlanStatus()).data).toBe('POST /client/plan');
    expect((await getPlaces()).data).toBe('POST /client/places');
    expect(sent).toEqual([
      'POST /client/userdata Bearer token-1 {"token":"token-1"}',
      'GET /admin/pricing Bearer token-1 ',
      'GET /client/service-area Bearer token-1 ',
      'POST /client/plan Bearer token-1 {}',
      'POST /client/places Bearer token-1 {}',
    ]);

    // Taken once: the next read of the prices goes to the network.
    await getPricing();
    expect(sent).toHaveLength(6);
  });

  it('are not started without a token, on another screen, or without a chosen service', () => {
    const sent = stubNetwork();
    openBookingForm();
    setToken('token-1');
    openBookingForm('/client/home');
    openBookingForm('/client/create', null);
    expect(sent).toEqual([]);
    expect((window as { __earlyReads?: unknown }).__earlyReads).toBeUndefined();
  });

  it('are not taken for another token, another body, or once they are older than 30 s', async () => {
    const sent: string[] = [];
    const network: typeof fetch = async (input) => {
      sent.push(input instanceof Request ? `${input.method} ${new URL(input.url).pathname}` : String(input));
      return new Response('{"data":"network"}');
    };
    const early = (at: number): EarlyReads => ({
      at,
      reads: {
        'POST /client/userdata': {
          auth: 'Bearer token-1',
          body: '{"token":"token-1"}',
          response: Promise.resolve(new Response('{"data":"early"}')),
        },
      },
    });
    const ask = (reads: EarlyReads, auth: string, body: string, now = 1000) =>
      withEarlyReads(
        network,
        () => reads,
        () => now,
      )(
        new Request(`${location.origin}/client/userdata`, { method: 'POST', headers: { Authorization: auth }, body }),
      ).then((response) => response.text());

    expect(await ask(early(0), 'Bearer token-2', '{"token":"token-1"}')).toBe('{"data":"network"}');
    expect(await ask(early(0), 'Bearer token-1', '{"token":"token-2"}')).toBe('{"data":"network"}');
    expect(await ask(early(0), 'Bearer token-1', '{"token":"token-1"}', 30_001)).toBe('{"data":"network"}');
    expect(await ask(early(0), 'Bearer token-1', '{"token":"token-1"}')).toBe('{"data":"early"}');
    expect(sent).toEqual(['POST /client/userdata', 'POST /client/userdata', 'POST /client/userdata']);
  });
});
