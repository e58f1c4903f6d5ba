import { expect, test, type Page } from '@playwright/test';
import { CreateTaskPage } from './page-models/create-task-page';
import { LoginPage } from './page-models/login-page';
import { storeToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { holdScripts } from './support/network';

/**
 * The booking screen comes prerendered (scripts/prerender.ts), like the signed-out screens: a
 * signed-in client sees the form of the service they chose, with its price, and can type an
 * address before any of the app's JavaScript has arrived; the app, once it starts, keeps what
 * was typed, chosen and focused. A visitor with no token goes to the login screen.
 */
test.describe('the prerendered booking screen', () => {
  test.use({ serviceWorkers: 'block' });

  /** Signed in as a new client, on a page of the app's origin (its token stored), nothing of the app run. */
  async function signIn(page: Page, request: Parameters<typeof signUpNewClient>[0]): Promise<void> {
    const client = await signUpNewClient(request);
    await page.route('**/blank-for-token', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>x</title>' }),
    );
    await page.goto('/blank-for-token');
    await storeToken(page, client.token);
  }

  /** The service in the router's history state, as the dashboard's service grid leaves it. */
  const withService = (page: Page, service: string) =>
    page.addInitScript((tag) => {
      if (location.pathname === '/client/create')
        history.replaceState({ serviceType: tag, __TSR_index: 0, key: 'e2e', __TSR_key: 'e2e' }, '');
    }, service);

  const appStarted = (page: Page) =>
    expect
      .poll(() =>
        page.evaluate(
          () =>
            document.getElementById('prerendered') === null &&
            document.querySelector('#root main') !== null &&
            getComputedStyle(document.getElementById('root')!).display !== 'none',
        ),
      )
      .toBe(true);

  test('with no JavaScript of the app, the form of the chosen service shows with its price and takes an address', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await signIn(page, request);
    await withService(page, 'household');
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const booking = new CreateTaskPage(page);
    await page.goto('/client/create');
    await expect(page.getByRole('heading', { name: 'Household Waste Pickup Task', level: 1 })).toBeVisible();
    // Only that service's form is on the page: the others and the picker were removed.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await page.locator('[data-booking]').count()).toBe(1);
    // The demo price list's price for household waste, filled in by the server.
    await expect(page.getByTestId('sheet-amount')).toHaveText('₦1,500.00');
    await expect(booking.proceedButton).toBeVisible();
    await expect(booking.proceedButton).toBeDisabled();
    await booking.addressInput.fill('Yaba');
    await expect(booking.addressInput).toHaveValue('Yaba');
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  });

  test('what was typed, chosen and focused before the app started is kept when it takes over', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await withService(page, 'recycling');
    const release = await holdScripts(page);
    const booking = new CreateTaskPage(page);
    await page.goto('/client/create', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Recycling Services Task', level: 1 })).toBeVisible();
    // Wide enough for the summary to show open (on a phone its sheet opens only once the app runs).
    const quantity = page.getByRole('spinbutton', { name: 'How many kg?' });
    await quantity.fill('3');
    await page.getByRole('radio', { name: 'Choose a time' }).check();
    await booking.addressDetails.fill('Blue gate');
    await booking.addressInput.fill('Herbert Macaulay');
    await page.keyboard.press('ArrowLeft');

    release();
    await appStarted(page);
    await expect(booking.addressInput).toHaveValue('Herbert Macaulay');
    await expect(booking.addressInput).toBeFocused();
    expect(await booking.addressInput.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(
      'Herbert Macaulay'.length - 1,
    );
    await expect(booking.addressDetails).toHaveValue('Blue gate');
    await expect(quantity).toHaveValue('3');
    await expect(page.getByRole('radio', { name: 'Choose a time' })).toBeChecked();
    // The app's own 'When?' shows its day and window pickers for the choice.
    await expect(page.getByLabel('Pickup day')).toBeVisible();
    // The app searches what was typed.
    await expect(booking.options.first()).toBeVisible();
  });

  test('opened without a service, the picker works before the app, which then shows that form', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const release = await holdScripts(page);
    await page.goto('/client/create', { waitUntil: 'commit' });
    const booking = new CreateTaskPage(page);
    await expect(booking.servicePickerHeading).toBeVisible();
    await page.getByRole('button', { name: 'Bulk Waste Pickup', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Bulk Waste Pickup Task', level: 1 })).toBeVisible();
    await booking.addressInput.fill('Ikeja');

    release();
    await appStarted(page);
    await booking.expectShown('Bulk Waste Pickup');
    await expect(booking.addressInput).toHaveValue('Ikeja');
    await expect(page.getByTestId('sheet-amount')).toHaveText('₦5,000.00');
    // The choice added a history entry, as the app's picker does: Back returns to the picker.
    await page.goBack();
    await expect(booking.servicePickerHeading).toBeVisible();
  });

  test('Back pressed while the app starts over the prerendered form returns to the picker, not lost', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/client/create');
    await appStarted(page);
    const booking = new CreateTaskPage(page);
    await booking.pickService('Bulk Waste Pickup');
    // Reloaded, the form is prerendered at once; the app starts and loads the booking's code,
    // held here: the router exists and reads the history, but the screen is not rendered yet.
    let loading: () => void = () => undefined;
    const routerLoading = new Promise<void>((resolve) => (loading = resolve));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/create-[^/]*\.js$/, async (route) => {
      loading();
      await gate;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Bulk Waste Pickup Task', level: 1 })).toBeVisible();
    await routerLoading;
    await page.goBack({ waitUntil: 'commit' });
    release();
    await appStarted(page);
    await expect(booking.servicePickerHeading).toBeVisible();
  });

  test('a visitor who is not signed in goes to the login screen, before and without the app', async ({ page }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/client/create');
    await expect(page).toHaveURL(/\/$/);
    await new LoginPage(page).expectShown();
    expect(await page.evaluate(() => document.querySelector('[data-booking]'))).toBeNull();
  });

  test('no CSP violation, and the app alone is left once it has started', async ({ page, request }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, request);
    await withService(page, 'laundry');
    await page.goto('/client/create');
    await appStarted(page);
    await new CreateTaskPage(page).expectShown('Laundry & Dry Cleaning');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(violations).toEqual([]);
  });
});
