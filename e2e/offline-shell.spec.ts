import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { loginDemoClient, storeToken } from './support/demo-client';
import { goOffline, serviceWorkerCanReach, waitForServiceWorker } from './support/network';

test.describe('the installed app shell', () => {
  test('after a first visit the service worker serves the app offline, and says so', async ({ page }) => {
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    await expect(page.getByText('Ready to work offline')).toBeVisible();

    await goOffline(page);
    await page.reload();
    await new LoginPage(page).expectShown();

    await page.evaluate(() => localStorage.setItem('token', 'offline-token'));
    await page.goto('/client/history');
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  });

  test('goOffline cuts the service worker off the network too, not only the page', async ({ page }) => {
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    expect(await serviceWorkerCanReach(page, '/manifest.webmanifest')).toBe('reached');
    await goOffline(page);
    expect(await serviceWorkerCanReach(page, '/manifest.webmanifest')).toBe('failed');
  });

  test('cold start offline at /client/home after install: the app opens with the saved dashboard', async ({ page, context, request }) => {
    const token = await loginDemoClient(request);
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    await storeToken(page, token);
    await new DashboardPage(page).goto();

    await goOffline(page);
    await page.close();
    const coldStart = await context.newPage();
    const answer = await coldStart.goto('/client/home');
    expect(answer?.status()).toBe(200);
    const home = new DashboardPage(coldStart);
    await expect(home.greeting).toBeVisible();
    await expect(coldStart.getByTestId('offline-marker')).toHaveText(/^Offline - last updated/);
    await expect(coldStart.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    // Every route chunk is precached: other screens open too, the map screen included.
    await coldStart.getByRole('link', { name: 'History' }).click();
    await expect(coldStart.getByRole('heading', { name: 'Order History' })).toBeVisible();
    await coldStart.goto('/client/create');
    await expect(coldStart.getByRole('heading', { name: 'Default Service Task', level: 1 })).toBeVisible();
  });

  test('API paths are never answered with the app shell', async ({ page }) => {
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    const answer = await page.evaluate(async () => {
      const response = await fetch('/admin/pricing', { headers: { Accept: 'text/html' } });
      return { status: response.status, type: response.headers.get('Content-Type') };
    });
    expect(answer.status).toBe(401);
    expect(answer.type).toContain('application/json');
  });
});
