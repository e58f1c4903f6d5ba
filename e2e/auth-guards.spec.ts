import { expect, test } from '@playwright/test';
import { LoginPage } from './page-models/login-page';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

test.describe('guards of the signed-in area (no stored token)', () => {
  test('/client/home redirects to / replacing the entry', async ({ page }) => {
    await page.goto('/terms');
    await page.goto('/client/home');
    await new LoginPage(page).expectShown();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
  });

  test('/client and /client/history redirect to /', async ({ page }) => {
    for (const path of ['/client', '/client/history']) {
      await page.goto(path);
      await new LoginPage(page).expectShown();
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('/client/edit goes to /login', async ({ page }) => {
    await page.goto('/client/edit');
    await new LoginPage(page).expectShown();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/client/subscribe goes to /login', async ({ page }) => {
    await page.goto('/client/subscribe');
    await new LoginPage(page).expectShown();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown route shows a not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await new LoginPage(page).expectShown();
  });
});
