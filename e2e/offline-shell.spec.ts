import { expect, test } from '@playwright/test';
import { LoginPage } from './page-models/login-page';

test.describe('the installed app shell', () => {
  test('after a first visit the service worker serves the app offline, and says so', async ({ page, context }) => {
    await new LoginPage(page).goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByText('Ready to work offline')).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await new LoginPage(page).expectShown();

    await page.evaluate(() => localStorage.setItem('token', 'offline-token'));
    await page.goto('/client/history');
    await expect(page.getByRole('heading', { name: 'Order History' })).toBeVisible();
  });

  test('API paths are never answered with the app shell', async ({ page }) => {
    await new LoginPage(page).goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const answer = await page.evaluate(async () => {
      const response = await fetch('/admin/pricing', { headers: { Accept: 'text/html' } });
      return { status: response.status, type: response.headers.get('Content-Type') };
    });
    expect(answer.status).toBe(401);
    expect(answer.type).toContain('application/json');
  });
});
