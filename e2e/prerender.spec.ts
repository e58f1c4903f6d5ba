import { expect, test, type Page } from '@playwright/test';
import { signUpNewClient } from './support/new-client';
import { LoginPage } from './page-models/login-page';
import { goOffline, holdScripts, waitForServiceWorker } from './support/network';

/**
 * The signed-out screens come prerendered (scripts/prerender.ts): the login form shows and
 * takes typing before any of the app's JavaScript has arrived, and the app, once it starts,
 * keeps what was typed and where the focus was, and sends a form submitted meanwhile.
 */
test.describe('the prerendered first screen', () => {
  test.use({ serviceWorkers: 'block' });

  /** True once the app has taken over: the prerendered copy is gone and the form is in #root. */
  const appStarted = (page: Page) =>
    expect
      .poll(() =>
        page.evaluate(
          () => document.getElementById('prerendered') === null && document.querySelector('#root form') !== null,
        ),
      )
      .toBe(true);

  test('the login form is visible and typable with no JavaScript at all', async ({ page }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const login = new LoginPage(page);
    await page.goto('/login');
    await expect(login.heading).toBeVisible();
    await expect(login.email).toBeVisible();
    await expect(login.submitButton).toBeEnabled();
    await login.email.fill('ada@example.ng');
    await login.password.fill('secret-words');
    await expect(login.email).toHaveValue('ada@example.ng');
    await expect(login.password).toHaveValue('secret-words');
    // Styled by the inline CSS, not the browser's defaults: the stylesheet link is gone.
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(await login.submitButton.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe(
      'rgb(239, 239, 239)',
    );
    expect(await page.evaluate(() => document.getElementById('prerendered') !== null)).toBe(true);
  });

  test('what was typed and the focus survive the app starting, and the form then signs in', async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const release = await holdScripts(page);
    const login = new LoginPage(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await login.email.fill(client.email);
    await login.password.fill(client.password);
    await login.rememberMe.uncheck();
    await login.password.focus();
    await page.keyboard.press('ArrowLeft');

    release();
    await appStarted(page);
    await expect(login.email).toHaveValue(client.email);
    await expect(login.password).toHaveValue(client.password);
    await expect(login.rememberMe).not.toBeChecked();
    await expect(login.password).toBeFocused();
    // The caret stayed one left of the end, where the client put it.
    expect(await login.password.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(
      client.password.length - 1,
    );

    await login.submitButton.click();
    await expect(page).toHaveURL(/\/client\/home$/);
    // Remember me was unticked before the app started: the token is kept for the session only.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a form submitted before the app starts is sent once the app is ready', async ({ page, request }) => {
    const client = await signUpNewClient(request);
    const release = await holdScripts(page);
    const logins: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/client/login') logins.push(sent.url());
    });
    const login = new LoginPage(page);
    await page.goto('/', { waitUntil: 'commit' });
    await login.email.fill(client.email);
    await login.password.fill(client.password);
    await login.password.press('Enter');
    // Held by the page's inline script: no navigation, the button waits.
    await expect(login.submitButton).toBeDisabled();
    await expect(page).toHaveURL(/\/$/);

    release();
    await expect(page).toHaveURL(/\/client\/home$/);
    expect(logins).toHaveLength(1);
  });

  test('the page runs under a CSP that allows its one inline script by hash', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/signup');
    const policy = response?.headers()['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await appStarted(page);
    expect(violations).toEqual([]);
  });
});

test.describe('the prerendered screens offline', () => {
  test('once the worker is installed, /login and /signup open offline (from the precached shell)', async ({ page }) => {
    const login = await new LoginPage(page).goto('/login');
    // Said once the worker is installed, which can take a while on a busy machine.
    await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 30_000 });
    await waitForServiceWorker(page);
    await goOffline(page);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.goto('/login');
    await login.expectShown();
    // The worker answers navigations with the app shell, which has no prerendered copy.
    expect(await page.evaluate(() => document.getElementById('prerendered'))).toBeNull();
    await login.email.fill('ada@example.ng');
    await expect(login.email).toHaveValue('ada@example.ng');
  });
});
