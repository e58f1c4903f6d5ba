import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Schedule } from '../src/shared/contract';
import { formatLagosDay } from '../src/shared/display-format';
import { windowText } from '../src/shared/pickup-windows';
import { WEEKDAY_NAMES, firstDate, lagosDate, occurrences, weekdayOf, windowOn } from '../src/shared/schedules';
import { DashboardPage } from './page-models/dashboard-page';
import { atEachWidth } from './support/at-each-width';
import { signInWithToken } from './support/demo-client';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { saveHomePlace, signUpNewClient, subscribeClient } from './support/new-client';
import { IKEJA } from './support/paid-task';
import { PHONES, shot } from './support/viewports';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Wholly inside `outer`, left to right. */
async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  expect(a.x, `${what}: left edge`).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width, `${what}: right edge`).toBeLessThanOrEqual(b.x + b.width + 0.5);
}

/** Nothing wider than the window: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
}

test.describe('recurring pickups, on a phone and on a desktop', () => {
  test("a Bronze client sets a weekly pickup from Home, sees 'Next pickup', skips it, and reads the schedule offline", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const client = await signUpNewClient(request);
      await subscribeClient(request, client, 'bronze');
      await saveHomePlace(request, client, { ...IKEJA, addressDetails: 'Blue gate' });
      // The day after tomorrow (Lagos): its task is not made at once (more than 24 hours ahead).
      const weekday = weekdayOf(lagosDate(Date.now() + 2 * DAY_MS));
      const [first, second] = occurrences({ weekdays: [weekday], windowStartHour: 14 }, new Date());

      await signInWithToken(page, client.token);
      const dashboard = await new DashboardPage(page).goto();
      await waitForServiceWorker(page);
      await expect(dashboard.planCard).toContainText('20 of 20 pickups left this month');
      await page.getByRole('link', { name: 'Set a recurring pickup' }).click();
      await expect(page).toHaveURL(/\/client\/schedules$/);
      await expect(page.getByRole('heading', { name: 'Recurring pickups', level: 1 })).toBeVisible();
      await expect(page.getByText('You have no recurring pickups yet.')).toBeVisible();

      await page.getByRole('button', { name: 'New recurring pickup' }).click();
      const form = page.getByRole('form', { name: 'New recurring pickup' });
      await expect(form.getByLabel('Service')).toHaveValue('household');
      await expect(form.getByLabel('Place')).toContainText(`Home: ${IKEJA.address}`);
      await expect(form.getByLabel('Address details')).toHaveValue('Blue gate');
      // Nothing chosen yet: told, nothing sent.
      await form.getByRole('button', { name: 'Save recurring pickup' }).click();
      await expect(form.getByRole('alert')).toHaveText('Choose at least one day');
      await form.getByRole('checkbox', { name: WEEKDAY_NAMES[weekday] }).check();
      await form.getByLabel('Pickup window').selectOption({ label: '14:00-16:00' });
      await form.getByRole('button', { name: 'Save recurring pickup' }).click();

      const card = page.getByRole('article', { name: 'Household Waste Pickup' });
      await expect(card).toContainText(`${WEEKDAY_NAMES[weekday]}s, 14:00-16:00`);
      await expect(card).toContainText(IKEJA.address);
      await expect(card.getByRole('list', { name: 'Coming dates' }).getByRole('listitem').first()).toContainText(
        windowText(first.window),
      );

      await page.goto('/client/home');
      const next = page.getByText(`Next pickup: ${windowText(first.window)}`);
      await expect(next).toBeVisible();
      await page.getByRole('button', { name: `Skip the pickup of ${windowText(first.window)}` }).click();
      await expect(page.getByText(`Next pickup: ${windowText(second.window)}`)).toBeVisible();

      // Readable offline from the device; changes wait for a connection.
      await page.goto('/client/schedules');
      await expect(card.getByRole('button', { name: `Undo skip of ${windowText(first.window)}` })).toBeVisible();
      await goOffline(page);
      await page.reload();
      await expect(card).toContainText(`${WEEKDAY_NAMES[weekday]}s, 14:00-16:00`);
      await expect(page.getByTestId('offline-marker')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Pause' })).toBeDisabled();
      await expect(card.getByText('Changes need a connection.')).toBeVisible();
      await goOnline(page);
      await expect(card.getByRole('button', { name: 'Pause' })).toBeEnabled();
      await card.getByRole('button', { name: 'Pause' }).click();
      await expect(card.getByText('Paused', { exact: true })).toBeVisible();
      await page.goto('/client/home');
      await expect(page.getByText('No pickup coming.')).toBeVisible();
    });
  });

  test('a pickup every 2 weeks: its dates two weeks apart; one date moved to another day and window, the others unchanged (375x667, 320x568)', async ({
    page,
    request,
  }) => {
    await atEachWidth(page, PHONES, async (viewport) => {
      const client = await signUpNewClient(request);
      await subscribeClient(request, client, 'bronze');
      await saveHomePlace(request, client, { ...IKEJA, addressDetails: 'Blue gate' });
      // Three days ahead (Lagos): its task is not made at once, and the day before it can be chosen.
      const weekday = weekdayOf(lagosDate(Date.now() + 3 * DAY_MS));
      const now = new Date();
      const times = { weekdays: [weekday], windowStartHour: 14, everyWeeks: 2 as const };
      const [first, second] = occurrences({ ...times, startsOn: firstDate(times, now) }, now);
      expect(Date.parse(second!.window.start) - Date.parse(first!.window.start)).toBe(14 * DAY_MS);

      await signInWithToken(page, client.token);
      await page.goto('/client/schedules');
      await page.getByRole('button', { name: 'New recurring pickup' }).click();
      const form = page.getByRole('form', { name: 'New recurring pickup' });
      await expect(form.getByRole('radio', { name: 'Every week' })).toBeChecked();
      await form.getByRole('radio', { name: 'Every 2 weeks' }).check();
      await form.getByRole('checkbox', { name: WEEKDAY_NAMES[weekday] }).check();
      await form.getByLabel('Pickup window').selectOption({ label: '14:00-16:00' });
      await form.getByRole('group', { name: 'How often' }).scrollIntoViewIfNeeded();
      await shot(page, `schedules-new-every-2-weeks-${viewport.width}`);
      await form.getByRole('button', { name: 'Save recurring pickup' }).click();

      const card = page.getByRole('article', { name: 'Household Waste Pickup' });
      await expect(card).toContainText(`Every 2 weeks: ${WEEKDAY_NAMES[weekday]}s, 14:00-16:00`);
      const dates = card.getByRole('list', { name: 'Coming dates' }).getByRole('listitem');
      // Within the 4 weeks listed: this date and the one two weeks on, nothing in between.
      await expect(dates).toHaveCount(2);
      await expect(dates.nth(0)).toContainText(windowText(first!.window));
      await expect(dates.nth(1)).toContainText(windowText(second!.window));
      const rows = [(await dates.nth(0).boundingBox())!, (await dates.nth(1).boundingBox())!];
      expect(rows[0]!.y + rows[0]!.height, 'the dates one under the other').toBeLessThanOrEqual(rows[1]!.y + 0.5);
      for (const row of [0, 1]) {
        await expectInside(dates.nth(row).getByRole('button', { name: /^Move this date/ }), card, 'Move');
        await expectInside(dates.nth(row).getByRole('button', { name: /^Skip/ }), card, 'Skip');
      }
      await expectNoSidewaysScroll(page);

      // Move the first date to the day before, 10:00-12:00.
      const moveButton = card.getByRole('button', { name: `Move this date: ${windowText(first!.window)}` });
      await moveButton.click();
      await expect(moveButton).toHaveAttribute('aria-expanded', 'true');
      const move = card.getByRole('form', { name: 'Move this date' });
      await expect(move).toBeVisible();
      // It comes into view whole, its Move button above the tab bar, without the test scrolling.
      const tabBar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
      const submit = move.getByRole('button', { name: 'Move', exact: true });
      await expect
        .poll(async () => {
          const box = (await submit.boundingBox())!;
          return box.y >= 0 && box.y + box.height <= tabBar.y + 0.5;
        }, 'the form is brought into view above the tab bar')
        .toBe(true);
      const dayBefore = lagosDate(Date.parse(first!.window.start) - DAY_MS);
      const to = windowOn(dayBefore, 10);
      await move.getByLabel('New day').selectOption({ label: formatLagosDay(Date.parse(to.start)) });
      await move.getByLabel('New window').selectOption({ label: '10:00-12:00' });
      // The form opens under its date, inside the card, its Move button on screen.
      const moveBox = (await move.boundingBox())!;
      const dateText = (await dates.nth(0).locator('.schedule-date').boundingBox())!;
      expect(dateText.y + dateText.height, 'the form under its date').toBeLessThanOrEqual(moveBox.y + 0.5);
      await expectInside(move, card, 'the move form');
      await expectInside(move.getByLabel('New window'), move, 'the window picker');
      await expectNoSidewaysScroll(page);
      await shot(page, `schedules-move-form-${viewport.width}`);
      await submit.click();
      await expect(move).toHaveCount(0);

      // Only that date changed: it comes the day before, saying from when; the next one stays.
      await expect(dates).toHaveCount(2);
      await expect(dates.nth(0)).toContainText(windowText(to));
      await expect(dates.nth(0)).toContainText(`Moved from ${windowText(first!.window)}`);
      await expect(dates.nth(1)).toContainText(windowText(second!.window));
      await expect(dates.nth(1)).not.toContainText('Moved from');
      await expectNoSidewaysScroll(page);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `schedules-moved-${viewport.width}`);
      const stored = await request.post('/client/schedules', {
        headers: { Authorization: `Bearer ${client.token}` },
        data: {},
      });
      const [schedule] = ((await stored.json()) as { data: Schedule[] }).data;
      expect(schedule).toMatchObject({ everyWeeks: 2, moved: [{ date: first!.date, window: to }] });

      // Home's next pickup is the moved one.
      await page.goto('/client/home');
      await expect(page.getByText(`Next pickup: ${windowText(to)}`)).toBeVisible();

      // Put back: its own window again, nothing else changed.
      await page.goto('/client/schedules');
      await card.getByRole('button', { name: `Move this date: ${windowText(to)}` }).click();
      await move.getByRole('button', { name: `Back to ${windowText(first!.window)}` }).click();
      await expect(move).toHaveCount(0);
      await expect(dates.nth(0)).toContainText(windowText(first!.window));
      await expect(dates.nth(0)).not.toContainText('Moved from');
      await expect(dates.nth(1)).toContainText(windowText(second!.window));
    });
  });
});
