import { expect, test } from '@playwright/test';
import { signUpNewClient } from './support/new-client';
import { LoginPage } from './page-models/login-page';
import { ProfilePage } from './page-models/profile-page';
import { Shell } from './page-models/shell';

test.describe('logout and the end of a session', () => {
  test('the sidebar Logout clears the token, then goes to /; Back does not re-open the area', async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const login = await new LoginPage(page).goto('/');
    await login.login(client.email, client.password);
    await expect(page).toHaveURL(/\/client\/home$/);

    const shell = new Shell(page);
    await shell.link('History').click();
    await expect(page).toHaveURL(/\/client\/history$/);
    await shell.logout();
    await expect(page).toHaveURL(/\/$/);
    await shell.expectSignedOut();

    await page.goBack();
    await login.expectShown();
  });

  test("the profile's 'Log Out' (confirmed) clears the token, then goes to /", async ({ page, request }) => {
    const client = await signUpNewClient(request);
    const login = await new LoginPage(page).goto('/');
    await login.login(client.email, client.password);
    await expect(page).toHaveURL(/\/client\/home$/);
    await new Shell(page).link('Profile').click();
    const profile = new ProfilePage(page);
    await expect(profile.heading).toBeVisible();
    await profile.logOut();
    await login.expectShown();
    await expect(page).toHaveURL(/\/$/);
    await new Shell(page).expectSignedOut();
  });

  test('a 401 from an authenticated call clears the token and returns to login with a message', async ({ page }) => {
    await new LoginPage(page).goto('/');
    await page.evaluate(() => localStorage.setItem('token', 'expired-or-forged-token'));
    await page.goto('/client/home');
    const login = new LoginPage(page);
    await login.expectShown();
    await expect(login.toast('Your session has expired. Please log in again.')).toBeVisible();
    await new Shell(page).expectSignedOut();
  });
});
