import { expect, test, type Page } from '@playwright/test';
import { DEMO_CLIENT } from '../server/db/demo';
import { DashboardPage } from './page-models/dashboard-page';
import { loginDemoClient, signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/**
 * The demo client's tasks as seeded, newest first (server/db/demo.ts), named as the service
 * grid names them and coloured by the one status set of every screen.
 */
const NEWEST_FIRST = [
  { name: 'Laundry & Dry Cleaning', status: 'pending', tone: 'amber', viewable: false },
  { name: 'Bulk Waste Pickup', status: 'driver assigned', tone: 'blue', viewable: true },
  { name: 'Office & Commercial Cleaning', status: 'on going', tone: 'orange', viewable: true },
  { name: 'Land Mowing & Garden', status: 'cancelled', tone: 'red', viewable: false },
  { name: 'Recycling Services', status: 'completed', tone: 'green', viewable: true },
  { name: 'Household Waste Pickup', status: 'completed', tone: 'green', viewable: true },
];

async function signInDemo(page: Page, token: string): Promise<void> {
  await signInWithToken(page, token);
}

test.describe('home dashboard (demo client)', () => {
  let token: string;
  test.beforeEach(async ({ request }) => {
    token = await loginDemoClient(request);
  });

  test.describe('desktop 1280px', () => {
    test.use({ viewport: DESKTOP });

    test('greeting with the first name, the bell with a red dot, Recycle Token with 2 decimals, Freemium with Upgrade Plan', async ({
      page,
    }) => {
      await signInDemo(page, token);
      const home = await new DashboardPage(page).goto();

      await expect(home.greeting).toHaveText(`Welcome, ${DEMO_CLIENT.firstname}`);
      await expect(home.bell).toHaveAccessibleName(/new notification/);
      await expect(page.getByTestId('notification-dot')).toBeVisible();
      await expect(home.balanceCard.getByText('Recycle Token')).toBeVisible();
      await expect(home.balanceCard.getByText('Your Points')).toBeHidden();
      await expect(home.balanceCard).toContainText('125.50');
      await expect(home.planCard).toContainText('Freemium');
      const upgrade = home.planCard.getByRole('link', { name: 'Upgrade Plan', exact: true });
      await expect(upgrade).toHaveAttribute('href', '/client/subscribe');
    });

    test('Recent Tasks newest first, named as the service grid names them, badges pending amber / driver assigned blue / on going orange / completed green / cancelled red, View Task only for driver-assigned, on-going and completed', async ({
      page,
    }) => {
      await signInDemo(page, token);
      const home = await new DashboardPage(page).goto();
      await expect(home.taskItems).toHaveCount(NEWEST_FIRST.length);
      expect(await home.taskNames()).toEqual(NEWEST_FIRST.map((task) => task.name));
      for (const [index, expected] of NEWEST_FIRST.entries()) {
        const item = home.task(index);
        const badge = item.locator('.status-badge');
        await expect(badge).toHaveText(expected.status);
        await expect(badge).toHaveAttribute('data-tone', expected.tone);
        await expect(item.getByRole('button', { name: 'View Task' })).toHaveCount(expected.viewable ? 1 : 0);
        // The confirmation code is a mobile-only detail.
        await expect(item.getByText(/^Code: \d{6}$/)).toBeHidden();
      }
    });

    test('View Task opens the task (the Task Details seam) and Escape closes it', async ({ page }) => {
      await signInDemo(page, token);
      const home = await new DashboardPage(page).goto();
      await home.task(1).getByRole('button', { name: 'View Task' }).click();
      const dialog = page.getByRole('dialog', { name: 'Task Details' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Bulk Waste Pickup');
      await expect(dialog).toContainText(/#\d{13}-[0-9a-f]{6}/);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('the service grid has three columns on desktop', async ({ page }) => {
      await signInDemo(page, token);
      const home = await new DashboardPage(page).goto();
      const tops = await home.services
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
      expect(tops).toHaveLength(6);
      expect(new Set(tops).size).toBe(2);
    });

    test('choosing a service goes to /client/create carrying the service tag as serviceType', async ({ page }) => {
      await signInDemo(page, token);
      const home = await new DashboardPage(page).goto();
      await home.service('Bulk Waste Pickup').click();
      await expect(page).toHaveURL(/\/client\/create$/);
      expect(await page.evaluate(() => (history.state as { serviceType?: string } | null)?.serviceType)).toBe('bulk');
    });

    test('/client (index) is the home too', async ({ page }) => {
      await signInDemo(page, token);
      const home = await new DashboardPage(page).goto('/client');
      await expect(home.planCard).toContainText('Freemium');
    });
  });

  test.describe('mobile 375px', () => {
    test.use({ viewport: MOBILE });

    test('Your Points, Upgrade, two service columns and the confirmation code on each task', async ({ page }) => {
      await signInDemo(page, token);
      const home = await new DashboardPage(page).goto();

      await expect(home.balanceCard.getByText('Your Points')).toBeVisible();
      await expect(home.balanceCard.getByText('Recycle Token')).toBeHidden();
      await expect(home.balanceCard).toContainText('125.50');
      await expect(home.planCard.getByRole('link', { name: 'Upgrade', exact: true })).toHaveAttribute(
        'href',
        '/client/subscribe',
      );

      const tops = await home.services
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(3);

      for (let index = 0; index < NEWEST_FIRST.length; index += 1)
        await expect(home.task(index).getByText(/^Code: \d{6}$/)).toBeVisible();
    });

    test('choosing Laundry & Dry Cleaning carries serviceType laundry', async ({ page }) => {
      await signInDemo(page, token);
      const home = await new DashboardPage(page).goto();
      await home.service('Laundry & Dry Cleaning').click();
      await expect(page).toHaveURL(/\/client\/create$/);
      expect(await page.evaluate(() => (history.state as { serviceType?: string } | null)?.serviceType)).toBe(
        'laundry',
      );
    });
  });
});

test.describe('home dashboard states', () => {
  test.use({ viewport: DESKTOP });

  test('Loading data... while loading, then an error with the message and Try Again, which reloads the page', async ({
    page,
    request,
  }) => {
    const token = await loginDemoClient(request);
    let failing = true;
    let seeLoading = () => {};
    const loadingSeen = new Promise<void>((resolve) => {
      seeLoading = resolve;
    });
    await page.route('**/client/userdata', async (route) => {
      if (!failing) return route.continue();
      // Held until the test has seen the loading state, then failed: however slow the machine, the
      // screen shows 'Loading' while the read is out (a fixed delay only hoped for it).
      await loadingSeen;
      return route.fulfill({ status: 500, json: { message: 'The server is resting' } });
    });
    await signInDemo(page, token);
    await page.goto('/client/home');
    await expect(page.getByRole('status')).toHaveText('Loading data...');
    seeLoading();
    const error = page.getByRole('alert').filter({ hasText: 'The server is resting' });
    await expect(error).toBeVisible();

    failing = false;
    await error.getByRole('button', { name: 'Try Again' }).click();
    await expect(new DashboardPage(page).greeting).toHaveText('Welcome, Ada');
  });

  test('a client without tasks sees No recent tasks found', async ({ page, request }) => {
    const client = await signUpNewClient(request, { firstname: 'Ngozi' });
    await signInDemo(page, client.token);
    const home = await new DashboardPage(page).goto();
    await expect(home.greeting).toHaveText('Welcome, Ngozi');
    await expect(home.recentTasks.getByText('No recent tasks found')).toBeVisible();
    await expect(home.balanceCard).toContainText('0.00');
    await expect(page.getByTestId('notification-dot')).toHaveCount(0);
  });
});
