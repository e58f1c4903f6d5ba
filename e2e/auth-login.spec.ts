import { expect, test } from '@playwright/test';
import { signUpNewClient } from './support/new-client';
import { LoginPage } from './page-models/login-page';
import { Shell } from './page-models/shell';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

test.describe('login', () => {
  test('Remember me (checked) keeps the token in localStorage under "token" and goes to /client/home', async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const login = await new LoginPage(page).goto('/login');
    await expect(login.rememberMe).toBeChecked();
    await login.login(client.email, client.password);
    await expect(page).toHaveURL(/\/client\/home$/);
    const shell = new Shell(page);
    expect(await shell.storedToken()).toEqual({ local: expect.any(String), session: null });
  });

  test('Remember me unchecked keeps the token in sessionStorage only', async ({ page, request }) => {
    const client = await signUpNewClient(request);
    const login = await new LoginPage(page).goto('/');
    await login.login(client.email, client.password, { remember: false });
    await expect(page).toHaveURL(/\/client\/home$/);
    expect(await new Shell(page).storedToken()).toEqual({ local: null, session: expect.any(String) });
  });

  test("a wrong password shows the server's error as a toast and stays on the login screen", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const login = await new LoginPage(page).goto('/');
    await login.login(client.email, 'not-the-password');
    await expect(login.toast('Invalid email or password')).toBeVisible();
    await expect(login.submitButton).toHaveText('Login');
    await expect(page).toHaveURL(/\/$/);
    // A refused login is not an expired session.
    await expect(login.toast('Your session has expired')).toHaveCount(0);
  });

  test('the password show/hide toggle', async ({ page }) => {
    const login = await new LoginPage(page).goto('/');
    await login.password.fill('secret');
    await expect(login.password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(login.password).toHaveAttribute('type', 'text');
  });

  test('Forgot password? goes to /forgot and Sign up to /signup', async ({ page }) => {
    const login = await new LoginPage(page).goto('/');
    await login.forgotLink.click();
    await expect(page).toHaveURL(/\/forgot$/);
    await page.goBack();
    await login.signupLink.click();
    await expect(page).toHaveURL(/\/signup$/);
  });
});
