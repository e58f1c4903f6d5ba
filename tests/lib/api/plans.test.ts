// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPlans } from '../../../src/lib/api/plans';
import { SEED_PLANS } from '../../../src/shared/plans';

afterEach(() => vi.unstubAllGlobals());

const TIN = {
  key: 'tin',
  name: 'Tin',
  price: 12_500.5,
  durationMonths: 1,
  features: ['waste pickup'],
  inclusions: [{ service: 'household', amount: 6, unit: '', label: 'household waste pickups', short: 'pickups' }],
  weeklyReports: false,
  manager: true,
};

describe('GET /client/plans', () => {
  it("reads the admin's plans, naira on the wire and kobo in the app", async () => {
    vi.stubGlobal('fetch', async (request: Request) => {
      expect(`${request.method} ${new URL(request.url).pathname}`).toBe('GET /client/plans');
      return Response.json({ data: [TIN] });
    });
    const { price, ...rest } = TIN;
    expect(await getPlans()).toEqual({ data: [{ ...rest, priceKobo: 1_250_050 }], cachedAt: null });
  });

  it("today's plans when the call fails or the answer is not a list of plans (as the price list falls back)", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'down' }, { status: 503 }));
    expect((await getPlans()).data).toEqual(SEED_PLANS);
    vi.stubGlobal('fetch', async () => Response.json({ data: [{ key: 'tin' }] }));
    expect((await getPlans()).data).toEqual(SEED_PLANS);
  });
});
