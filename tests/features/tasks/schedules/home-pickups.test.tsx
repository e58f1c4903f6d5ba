// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { sampleSchedule } from '../../../sample-data';
import type { Schedule, ScheduleRun } from '../../../../src/shared/contract';
import { windowText } from '../../../../src/shared/pickup-windows';
import { lagosDate, occurrences, weekdayOf, windowOn } from '../../../../src/shared/schedules';
import { HomePickups } from '../../../../src/features/tasks/schedules/home-pickups';
import { stubApi, tokenFor, withQueryClient } from '../../../query-support';

const DAY_MS = 24 * 60 * 60 * 1000;
// Three days ahead: neither reached by the scheduler nor too late to book.
const LATER = lagosDate(Date.now() + 3 * DAY_MS);

const schedule = (overrides: Partial<Schedule> = {}) => sampleSchedule({ weekdays: [weekdayOf(LATER)], ...overrides });

function renderPickups(schedules: Schedule[], onPay = vi.fn()) {
  const sent = stubApi((path) =>
    Response.json({ data: path === 'client/schedules' ? schedules : path === 'client/plan' ? null : schedules[0] }),
  );
  const root = createRootRoute({ component: () => <HomePickups onPay={onPay} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(withQueryClient(<RouterProvider router={router} />));
  return { sent, onPay };
}

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Home's recurring pickups", () => {
  it("shows 'Next pickup' and skips it on the server", async () => {
    const { sent } = renderPickups([schedule()]);
    const [first] = occurrences({ weekdays: [weekdayOf(LATER)], windowStartHour: 10 }, new Date());
    expect(await screen.findByText(`Next pickup: ${windowText(first.window)}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Skip the pickup of ${windowText(first.window)}` }));
    await waitFor(() => expect(sent.some((request) => request.path === 'client/schedules/skip')).toBe(true));
    expect(sent.find((request) => request.path === 'client/schedules/skip')?.body).toEqual({
      scheduleId: 's1',
      date: first.date,
    });
  });

  it("offers to pay for a date the plan did not cover, with the schedule's service, place and window", async () => {
    const run: ScheduleRun = { date: LATER, window: windowOn(LATER, 10), outcome: 'not-covered', taskId: null };
    const uncovered = schedule({ runs: [run] });
    const { onPay } = renderPickups([uncovered]);
    expect(
      await screen.findByText(
        `Your ${new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Africa/Lagos' }).format(Date.parse(run.window.start))} pickup is not covered this month: pay ₦1,500.00 to keep it`,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₦1,500.00' }));
    expect(onPay).toHaveBeenCalledWith(uncovered, run);
  });

  it('shows nothing without schedules or a plan', async () => {
    const { sent } = renderPickups([]);
    await waitFor(() =>
      expect(sent.map((request) => request.path).sort()).toEqual(['client/plan', 'client/schedules']),
    );
    expect(screen.queryByText(/Next pickup/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Set a recurring pickup' })).toBeNull();
  });
});
