import { expect, test } from '@playwright/test';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { LoginPage } from './page-models/login-page';
import { loginDemoClient, storeToken } from './support/demo-client';
import { goOffline, serviceWorkerCanReach, waitForServiceWorker } from './support/network';

test.describe('the installed app shell', () => {
  test('after a first visit the service worker serves the app offline, and says so', async ({ page }) => {
    await new LoginPage(page).goto('/');
    // Said for 3 s once the worker is installed, which can take a while on a busy machine.
    await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 30_000 });
    await waitForServiceWorker(page);

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

  test('cold start offline at /client/home after install: the app opens with the saved dashboard', async ({
    page,
    context,
    request,
  }) => {
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
    const booking = new CreateTaskPage(coldStart);
    // Opened directly, it asks for the service first (offline too).
    await booking.pickService('Household Waste Pickup');
    // The gazetteer search and the map (MapLibre and its worker) come from the precache.
    await booking.chooseAddress('Ikeja', /^Ikeja/);
    await expect(booking.coordinates).toHaveText('6.596500, 3.342100');
  });

  test('the precache holds every route chunk, the map chunk and MapLibre worker, the gazetteer and the push icons; not the install-only images', async ({
    page,
  }) => {
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    const precached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    for (const expected of [
      /^\/index\.html$/,
      /^\/assets\/maplibre-gl-worker-[\w-]+\.mjs$/,
      /^\/assets\/location-map-[\w-]+\.js$/,
      /^\/assets\/(history|create|profile|subscribe)-[\w-]+\.js$/,
      /^\/data\/ng-places\.json$/,
      /^\/manifest\.webmanifest$/,
      // A push notification's icon and badge.
      /^\/pwa-192x192\.png$/,
      /^\/pwa-64x64\.png$/,
    ]) {
      expect(
        precached.some((path) => expected.test(path)),
        String(expected),
      ).toBe(true);
    }
    expect(precached.some((path) => path.startsWith('/screenshots/'))).toBe(false);
    // What only installing reads (online) is not: the install sheet's screenshots and the home-screen icons.
    expect(precached.filter((path) => /^\/(maskable-icon-|apple-touch-icon-|pwa-512x512)/.test(path))).toEqual([]);
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
