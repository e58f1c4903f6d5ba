import { expect, test } from '@playwright/test';
import { HomePage } from './page-models/home-page';
import { LoginPage } from './page-models/login-page';
import { loginDemoClient, signInWithToken } from './support/demo-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

test.describe('smoke: the app shell and the guarded client area', () => {
  test('/ shows the login screen: its heading, the sign-in form and the way to sign up', async ({ page }) => {
    const login = await new LoginPage(page).goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(login.heading).toBeVisible();
    await expect(login.email).toBeEditable();
    await expect(login.password).toBeEditable();
    await expect(login.submitButton).toBeEnabled();
    await expect(login.signupLink).toHaveAttribute('href', /\/signup$/);
  });

  test('a signed-in client opens /client/home and sees Home and the navigation', async ({ page, request }) => {
    const token = await loginDemoClient(request);
    await signInWithToken(page, token);

    const home = await new HomePage(page).goto();
    await home.expectShown();
    await expect(home.navLink('Home')).toHaveAttribute('aria-current', 'page');
    await expect(home.logoutButton).toBeVisible();

    await home.logout();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('below 768px the navigation is a bottom tab bar without Logout', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const token = await loginDemoClient(request);
    await signInWithToken(page, token);

    const home = await new HomePage(page).goto();
    await home.expectShown();
    await expect(home.navLink('Home')).toBeVisible();
    await expect(home.logoutButton).toBeHidden();
    const navBox = await home.navigation.boundingBox();
    expect(navBox && navBox.y + navBox.height).toBeCloseTo(844, 0);
  });

  test('without a token, /client/home redirects to /', async ({ page }) => {
    await page.goto('/client/home');
    await new LoginPage(page).expectShown();
    await expect(page).toHaveURL(/\/$/);
  });
});
