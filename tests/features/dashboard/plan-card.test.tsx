// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { PlanStatus, Subscription } from '../../../src/shared/contract';
import { SEED_PLANS, allowanceLeft, findPlanIn } from '../../../src/shared/plans';
import { PlanCard } from '../../../src/features/dashboard/plan-card';
import { stubApi, tokenFor, withQueryClient } from '../../query-support';

function renderCard(subscription: Subscription | null) {
  const root = createRootRoute({ component: () => <PlanCard subscription={subscription} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(withQueryClient(<RouterProvider router={router} />));
}

const bronze = (used: Record<string, number>): PlanStatus => ({
  plan: 'bronze',
  startedAt: '2026-11-25T09:00:00.000Z',
  expiresAt: '2099-12-25T09:00:00.000Z',
  monthStart: '2026-11-25T09:00:00.000Z',
  monthEnd: '2026-12-25T09:00:00.000Z',
  allowance: allowanceLeft(findPlanIn(SEED_PLANS, 'bronze')!, used),
  manager: null,
});

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the plan card on Home', () => {
  it("a running plan shows what is left this month ('17 of 20 pickups left this month')", async () => {
    const sent = stubApi(() => Response.json({ data: bronze({ household: 3 }) }));
    renderCard({ plan: 'bronze', expiresAt: '2099-12-25T09:00:00.000Z' });
    expect(await screen.findByText('17 of 20 pickups left this month')).toBeTruthy();
    expect(screen.getByText('Bronze')).toBeTruthy();
    expect(sent.map((request) => request.path)).toEqual(['client/plan']);
  });

  it('Platinum names its dedicated manager with a number to call; other plans name none', async () => {
    stubApi(() =>
      Response.json({
        data: { ...bronze({}), plan: 'platinum', manager: { name: 'Ngozi Eze', phone: '+234 803 555 0101' } },
      }),
    );
    renderCard({ plan: 'platinum', expiresAt: '2099-12-25T09:00:00.000Z' });
    const call = await screen.findByRole('link', { name: '+234 803 555 0101' });
    expect(call.getAttribute('href')).toBe('tel:+2348035550101');
    expect(call.closest('p')?.textContent).toBe('Your manager: Ngozi Eze, +234 803 555 0101');
    cleanup();
    stubApi(() => Response.json({ data: bronze({}) }));
    renderCard({ plan: 'bronze', expiresAt: '2099-12-25T09:00:00.000Z' });
    await screen.findByText('20 of 20 pickups left this month');
    expect(screen.queryByText(/Your manager/)).toBeNull();
  });

  it("Freemium asks nothing of the server and offers 'Upgrade Plan'; a plan that ran out offers 'Renew'", async () => {
    const sent = stubApi(() => Response.json({ data: null }));
    renderCard(null);
    expect(await screen.findByText('Upgrade Plan')).toBeTruthy();
    cleanup();
    renderCard({ plan: 'gold', expiresAt: '2020-01-01T00:00:00.000Z' });
    expect(await screen.findByRole('link', { name: 'Renew' })).toBeTruthy();
    expect(screen.getByText('Freemium')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
