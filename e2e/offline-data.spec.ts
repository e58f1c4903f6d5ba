import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { HistoryPage } from './page-models/history-page';
import { HomePage } from './page-models/home-page';
import { LoginPage } from './page-models/login-page';
import { appHasTakenOver, goOffline, goOnline, waitForServiceWorker } from './support/network';
import { countInStore } from './support/offline-store';

const LAST_UPDATED = /^Offline - last updated (\d{1,2} \w{3}, )?\d{2}:\d{2}$/;

function offlineBanner(page: Page) {
  return page.getByRole('status').filter({ hasText: 'You are offline' });
}

function offlineMarker(page: Page) {
  return page.getByTestId('offline-marker');
}

test.describe('offline: saved data from the device', () => {
  test('log in online, visit home, history and the price list, go offline, reload: all shown from the device with the offline marker', async ({
    page,
  }) => {
    const login = await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    await login.login(DEMO_EMAIL, DEMO_PASSWORD);
    const home = new DashboardPage(page);
    await expect(home.greeting).toBeVisible();
    await expect(home.taskItems.first()).toBeVisible();
    const onlineTaskNames = await home.taskNames();
    await expect(offlineMarker(page)).toHaveCount(0);
    await expect(offlineBanner(page)).toHaveCount(0);

    const history = await new HistoryPage(page).goto();
    await expect(history.cards.first()).toBeVisible();
    const onlineCardCount = await history.cards.count();

    await page.goto('/client/create');

    await appHasTakenOver(page);
    const booking = new CreateTaskPage(page);
    await booking.pickService('Household Waste Pickup');
    await expect(booking.fact('Price')).toHaveText('₦1,500.00');

    await goOffline(page);
    await expect(offlineBanner(page)).toBeVisible();
    await expect(booking.proceedButton).toBeDisabled();

    // The price list: from the device, marked, and payment waits for the network with the reason shown.
    await page.reload();
    await booking.expectShown('Household Waste Pickup');
    await expect(booking.fact('Price')).toHaveText('₦1,500.00');
    await expect(booking.summary.getByTestId('offline-marker')).toHaveText(LAST_UPDATED);
    await expect(booking.proceedButton).toBeDisabled();
    await expect(page.getByText('You are offline. Payment needs an internet connection.')).toBeVisible();

    await page.goto('/client/home');
    await expect(home.greeting).toBeVisible();
    await expect(offlineMarker(page)).toHaveText(LAST_UPDATED);
    expect(await home.taskNames()).toEqual(onlineTaskNames);
    await expect(offlineBanner(page)).toBeVisible();

    await page.goto('/client/history');
    await expect(history.heading).toBeVisible();
    await expect(offlineMarker(page)).toHaveText(LAST_UPDATED);
    await expect(history.cards).toHaveCount(onlineCardCount);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
      await page.goto('/client/home');
      await expect(offlineMarker(page)).toBeVisible();
    }

    // Back online, the screen reads again by itself: the label goes without a reload.
    await goOnline(page);
    await expect(offlineBanner(page)).toHaveCount(0);
    // The read again goes to the network through the worker: on a busy machine that can take more than the default 5 s.
    await expect(offlineMarker(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(home.greeting).toBeVisible();
    expect(await home.taskNames()).toEqual(onlineTaskNames);

    // And a visit gets fresh responses too.
    await page.reload();
    await expect(home.greeting).toBeVisible();
    await expect(home.taskItems.first()).toBeVisible();
    await expect(offlineMarker(page)).toHaveCount(0);
  });

  test("logout removes the user's saved answers and unsent chat from the device", async ({ page }) => {
    const login = await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    await login.login(DEMO_EMAIL, DEMO_PASSWORD);
    const home = new HomePage(page);
    await expect(new DashboardPage(page).greeting).toBeVisible();
    await expect.poll(() => countInStore(page, 'answers')).toBeGreaterThanOrEqual(2);
    await home.logout();
    await expect.poll(() => countInStore(page, 'answers')).toBe(0);
    expect(await countInStore(page, 'outbox')).toBe(0);
  });

  test('subscribing is disabled offline, with the reason shown', async ({ page, request }) => {
    const { loginDemoClient, storeToken } = await import('./support/demo-client');
    const token = await loginDemoClient(request);
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    await storeToken(page, token);
    await page.goto('/client/subscribe');
    const subscribe = page.getByRole('button', { name: 'Subscribe Now' });
    await expect(subscribe).toBeEnabled();
    await goOffline(page);
    await expect(subscribe).toBeDisabled();
    await expect(page.getByText('You are offline. Payment needs an internet connection.')).toBeVisible();
    await goOnline(page);
    await expect(subscribe).toBeEnabled();
  });
});
