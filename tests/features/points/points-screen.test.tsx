// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PointsStatus } from '../../../src/shared/contract';
import { CACHED_AT_HEADER } from '../../../src/shared/cached-responses';
import { PointsScreen } from '../../../src/features/points/points-screen';
import { POINTS_EXPLAINED, pointsEntryText } from '../../../src/features/points/points-text';
import { stubApi, tokenFor, withQueryClient } from '../../query-support';

const status: PointsStatus = {
  balance: 95,
  entries: [
    {
      _id: '3',
      kind: 'spent',
      amount: -30,
      taskId: 't2',
      serviceName: 'Household Waste Pickup',
      at: '2026-11-24T10:00:00Z',
    },
    {
      _id: '2',
      kind: 'earned',
      amount: 125,
      taskId: 't1',
      serviceName: 'Recycling Collection',
      at: '2026-11-20T10:00:00Z',
    },
    { _id: '1', kind: 'referral', amount: 0.5, taskId: null, serviceName: null, at: '2026-11-01T10:00:00Z' },
  ],
};

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Your Points (/client/points)', () => {
  it('explains the points in one line, shows the balance and the ledger newest first, spent as minus', async () => {
    const sent = stubApi(() => Response.json({ data: status }));
    render(withQueryClient(<PointsScreen />));
    expect(screen.getByText(POINTS_EXPLAINED)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your points...');
    const ledger = await screen.findByRole('list', { name: 'Points history' });
    expect(
      within(ledger)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Used for a booking - Household Waste Pickup.*-30\.00$/),
      expect.stringMatching(/^Earned - Recycling Collection.*\+125\.00$/),
      expect.stringMatching(/^Referral reward.*\+0\.50$/),
    ]);
    expect(screen.getByText('95.00')).toBeTruthy();
    // The points, and the plan (whose weekly report Gold and Platinum read here).
    expect(sent.map((request) => request.path).sort()).toEqual(['client/plan', 'client/points']);
    expect(screen.queryByTestId('offline-marker')).toBeNull();
  });

  it("from the device offline: 'Offline - last updated'; nothing yet: how to start", async () => {
    stubApi(() =>
      Response.json({ data: { balance: 0, entries: [] } }, { headers: { [CACHED_AT_HEADER]: String(Date.now()) } }),
    );
    render(withQueryClient(<PointsScreen />));
    expect(await screen.findByText('No points yet. Book a recycling pickup to start earning.')).toBeTruthy();
    expect(screen.getByTestId('offline-marker').textContent).toMatch(/^Offline - last updated/);
  });

  it('a failure says so, with Try Again', async () => {
    stubApi(() => Response.json({ message: 'Database unavailable' }, { status: 503 }));
    render(withQueryClient(<PointsScreen />));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Database unavailable|Failed to load your points/);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('each kind of entry reads plainly', () => {
    expect(pointsEntryText({ kind: 'refunded', serviceName: 'Laundry Service' })).toBe('Given back - Laundry Service');
    expect(pointsEntryText({ kind: 'earned', serviceName: null })).toBe('Earned');
  });

  it("Gold's weekly report: the last 8 weeks, this week first; nothing for a plan without it", async () => {
    const weeks = Array.from({ length: 8 }, (_, index) => ({
      weekStart: [
        '2026-11-23',
        '2026-11-16',
        '2026-11-09',
        '2026-11-02',
        '2026-10-26',
        '2026-10-19',
        '2026-10-12',
        '2026-10-05',
      ][index]!,
      pickups: index === 0 ? 2 : 0,
      kg: index === 0 ? 12.5 : 0,
    }));
    stubApi((path) =>
      Response.json({ data: path === 'client/plan' ? { plan: 'gold', allowance: [], manager: null, weeks } : status }),
    );
    render(withQueryClient(<PointsScreen />));
    const report = await screen.findByRole('table');
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(rows[0]!.textContent).toBe('This week212.5 kg');
    expect(rows[1]!.textContent).toBe('Mon 16 Nov00 kg');
  });
});
