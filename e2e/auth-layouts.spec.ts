import { expect, test } from '@playwright/test';
import { signUpNewClient } from './support/new-client';
import { LoginPage } from './page-models/login-page';
import { Shell } from './page-models/shell';
import { SignupPage } from './page-models/signup-page';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

test.describe('desktop (1280px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("login: split panel with 'Welcome Back', the package emoji and the logo; button Login", async ({ page }) => {
    const login = await new LoginPage(page).goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByText('📦')).toBeVisible();
    await expect(page.getByRole('img', { name: 'GreenPick' })).toBeVisible();
    // Split panel: the brand panel sits beside the form, not above it.
    const brand = await page.locator('.auth-brand').boundingBox();
    const form = await login.email.boundingBox();
    expect(brand && form && brand.x + brand.width <= form.x).toBe(true);
  });

  test('sign-up: button Create Account, the terms pages are real and lead back', async ({ page }) => {
    const signup = await new SignupPage(page).goto();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(signup.heading).toBeVisible();

    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(signup.heading).toBeVisible();
  });

  test('the signed-in shell is a left sidebar with the logo and Logout', async ({ page, request }) => {
    const client = await signUpNewClient(request);
    await (await new LoginPage(page).goto('/')).login(client.email, client.password);
    await expect(page).toHaveURL(/\/client\/home$/);
    const shell = new Shell(page);
    await expect(shell.logoutButton).toBeVisible();
    await expect(shell.navigation.getByRole('img', { name: 'GreenPick' })).toBeVisible();
    const box = await shell.navigation.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.height).toBeGreaterThan(700);
  });

  test('password recovery screen', async ({ page }) => {
    await page.goto('/forgot');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  });
});

test.describe('mobile (375px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("login: a single column headed 'Welcome Back' (not the button's 'Sign In'); the button reads Sign In, then Signing in...", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const login = await new LoginPage(page).goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
    await expect(page.getByText('📦')).toBeVisible();
    await expect(page.getByRole('img', { name: 'GreenPick' })).toBeVisible();
    const brand = await page.locator('.auth-brand').boundingBox();
    const form = await login.email.boundingBox();
    expect(brand && form && brand.y + brand.height <= form.y).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Hold the response back to see the busy label.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/client/login', async (route) => {
      await held;
      await route.continue();
    });
    await login.email.fill(client.email);
    await login.password.fill(client.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/client\/home$/);
  });

  test('sign-up: button Sign Up', async ({ page }) => {
    await new SignupPage(page).goto();
    await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the signed-in shell is a bottom tab bar; the profile is one tap away', async ({ page, request }) => {
    const client = await signUpNewClient(request);
    await (await new LoginPage(page).goto('/')).login(client.email, client.password);
    await expect(page).toHaveURL(/\/client\/home$/);
    const shell = new Shell(page);
    await expect(shell.logoutButton).toBeHidden();
    const box = await shell.navigation.boundingBox();
    expect(box && box.y + box.height).toBeCloseTo(740, 0);
    await shell.link('Profile').click();
    await expect(page).toHaveURL(/\/client\/profile$/);
  });

  test('password recovery screen with the code boxes', async ({ page, request }) => {
    const client = await signUpNewClient(request);
    await page.goto('/forgot');
    await page.getByLabel('Email Address').fill(client.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByRole('heading', { name: 'Verify Code' })).toBeVisible();
  });
});
