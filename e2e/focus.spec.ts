import { expect, test, type Page } from '@playwright/test';
import { CreateTaskPage, TestCheckout } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { ProfilePage } from './page-models/profile-page';
import { Shell } from './page-models/shell';
import { atEachWidth } from './support/at-each-width';
import { signInWithToken, storeToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { tasksOnServer } from './support/paid-task';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

/** The focused element's tag and text, for a readable failure. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return `${active.tagName.toLowerCase()}: ${active.textContent?.trim() ?? ''}`;
  });
}

test.describe('focus, on a phone and on a desktop', () => {
  test('moving to another screen moves focus to its heading; the first load does not', async ({ page, request }) => {
    await atEachWidth(page, async () => {
      const client = await signUpNewClient(request);
      await page.goto('/');
      // The login screen on the first load: the browser starts at the top, nothing is focused.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await focused(page)).toBe('body');

      await storeToken(page, client.token);
      await new DashboardPage(page).goto();
      expect(await focused(page)).toBe('body');

      const shell = new Shell(page);
      await shell.link('History').click();
      await expect(page.getByRole('heading', { name: 'Order History', level: 1 })).toBeFocused();
      await shell.link('Profile').click();
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeFocused();
      // The next Tab starts at the top of the new screen, not back in the navigation.
      await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeFocused();

      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Order History', level: 1 })).toBeFocused();

      // Logging out (the profile's Log Out) lands on the login screen with focus on its heading, and the form still works.
      await shell.link('Profile').click();
      await new ProfilePage(page).logOut();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await page.getByLabel('Email Address').fill(client.email);
      await page.getByLabel('Password', { exact: true }).fill(client.password);
      await page.getByRole('button', { name: /^(Login|Sign In)$/ }).click();
      await expect(page).toHaveURL(/\/client\/home$/);
      await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeFocused();
    });
  });

  test("the test checkout opens without focus on Pay (Enter does not pay); Escape returns focus to 'Proceed to Payment'", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const client = await signUpNewClient(request);
      await signInWithToken(page, client.token);
      const home = await new DashboardPage(page).goto();
      await home.service('Household Waste Pickup').click();
      const create = await new CreateTaskPage(page).expectShown('Household Waste Pickup');
      await create.chooseAddress('Yaba', /Yaba/);

      await create.proceedButton.focus();
      await page.keyboard.press('Enter');
      const checkout = new TestCheckout(page);
      await expect(checkout.dialog).toBeVisible();
      await expect(checkout.dialog.getByRole('heading', { name: 'Test payment - no money moves' })).toBeFocused();
      await expect(checkout.payButton('1,500.00')).not.toBeFocused();

      // A second, stray Enter: nothing is paid, the checkout stays open.
      await page.keyboard.press('Enter');
      await expect(checkout.dialog).toBeVisible();
      expect(await tasksOnServer(request, client)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(checkout.dialog).toBeHidden();
      await expect(page.getByText('Payment window was closed')).toBeVisible();
      await expect(create.proceedButton).toHaveText('Proceed to Payment');
      await expect(create.proceedButton).toBeFocused();
    });
  });
});
