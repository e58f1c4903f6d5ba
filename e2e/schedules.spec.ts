import { expect, test } from '@playwright/test';
import { windowText } from '../src/shared/pickup-windows';
import { WEEKDAY_NAMES, lagosDate, occurrences, weekdayOf } from '../src/shared/schedules';
import { DashboardPage } from './page-models/dashboard-page';
import { atEachWidth } from './support/at-each-width';
import { signInWithToken } from './support/demo-client';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { saveHomePlace, signUpNewClient, subscribeClient } from './support/new-client';
import { IKEJA } from './support/paid-task';

const DAY_MS = 24 * 60 * 60 * 1000;

test.describe('recurring pickups, on a phone and on a desktop', () => {
  // Each journey runs at two widths, one after the other.
  test.describe.configure({ timeout: 90_000 });

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
      await waitForServiceWorker(page);
      const dashboard = await new DashboardPage(page).goto();
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
});
