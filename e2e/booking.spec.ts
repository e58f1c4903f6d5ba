import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Task, TasksResponse } from '../src/shared/contract';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { HistoryPage } from './page-models/history-page';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient, type NewClient } from './support/new-client';
import { appHasTakenOver, WITHOUT_SERVICE_WORKER } from './support/network';
import { afterPaidTaskReplay } from './support/offline-store';

/**
 * A fresh client, signed in, on the create screen of a service chosen on the dashboard, or
 * (no service given) opened directly, where the service picker asks for one: Land Mowing & Garden.
 */
async function openBooking(
  page: Page,
  request: APIRequestContext,
  service?: string,
): Promise<{ client: NewClient; booking: CreateTaskPage }> {
  const client = await signUpNewClient(request);
  await signInWithToken(page, client.token);
  const booking = new CreateTaskPage(page);
  if (service) {
    const home = await new DashboardPage(page).goto();
    await home.service(service).click();
  } else {
    await page.goto('/client/create');
    await appHasTakenOver(page);
    await booking.pickService('Land Mowing & Garden');
  }
  return { client, booking };
}

async function tasksOf(request: APIRequestContext, client: NewClient): Promise<Task[]> {
  const answer = await request.post('/client/task', {
    data: { userId: client.user._id },
    headers: { Authorization: `Bearer ${client.token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as TasksResponse).data;
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text);
}

test.describe('booking and paying for a task', () => {
  // The worker's part in a booking is keeping a paid task (below) and the client's journey.
  test.use(WITHOUT_SERVICE_WORKER);

  test("Household Waste Pickup: search Ikeja, pay in the test checkout, 'Payment Successful!', home, and the task exists", async ({
    page,
    request,
  }) => {
    const { client, booking } = await openBooking(page, request, 'Household Waste Pickup');
    await booking.expectShown('Household Waste Pickup');
    await expect(booking.mapPlaceholder).toBeVisible();
    await expect(booking.fact('Service Type')).toHaveText('Household Waste Pickup');
    await expect(booking.fact('Price')).toHaveText('₦1,500.00');
    await expect(booking.fact('Pricing Unit')).toHaveText('per pickup');
    // 'Proceed to Payment' is disabled with no location.
    await expect(booking.proceedButton).toBeDisabled();

    await booking.addressInput.fill('Ik');
    await expect(booking.options.first()).toBeVisible();
    await booking.chooseAddress('Ikeja', /^Ikeja/);
    await expect(booking.coordinates).toHaveText('6.596500, 3.342100');
    await expect(booking.mapPlaceholder).toBeHidden();
    await expect(booking.addressInput).toHaveValue('Ikeja, Lagos State, Nigeria');

    const checkout = await booking.proceed();
    await expect(checkout.dialog).toContainText('GreenPick');
    await expect(checkout.dialog).toContainText(client.email);
    await checkout.pay('1,500.00');

    await expect(toast(page, 'Payment Successful!')).toBeVisible();
    await expect(toast(page, 'Your Household Waste Pickup task will be assigned shortly')).toBeVisible();
    // The new task's page.
    await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);
    // Now, not on load, notifications are offered there; 'Not now' is remembered on the device.
    const offer = page.getByRole('complementary', { name: 'Notifications' });
    await expect(offer.getByRole('button', { name: 'Get told when your driver is on the way' })).toBeVisible();
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('greenpick-push-offer-dismissed'))).toBe('1');

    const tasks = await tasksOf(request, client);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      type: 'household',
      amount: 1500,
      address: 'Ikeja, Lagos State, Nigeria',
      location: { coordinates: [3.3421, 6.5965] },
    });
  });

  test.describe('on a phone (375px)', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('Bulk Waste Pickup: a Lagos address, pay NGN 5,000, and the task is in history with ₦5,000.00', async ({
      page,
      request,
    }) => {
      const { client, booking } = await openBooking(page, request, 'Bulk Waste Pickup');
      await booking.expectShown('Bulk Waste Pickup');
      await expect(booking.fact('Price')).toHaveText('₦5,000.00');
      await expect(booking.fact('Pricing Unit')).toHaveText('per item');

      // A mouse choice this time.
      await booking.addressInput.fill('lagos');
      // The state itself ('Lagos State Secretariat' is a landmark that starts the same).
      await booking.options.filter({ hasText: /^Lagos StateNigeria$/ }).click();
      await expect(booking.marker).toBeVisible();
      await expect(booking.coordinates).toHaveText(/^6\.\d{6}, 3\.\d{6}$/);

      const checkout = await booking.proceed();
      await checkout.pay('5,000.00');
      await expect(toast(page, 'Payment Successful!')).toBeVisible();
      await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);

      const [task] = await tasksOf(request, client);
      expect(task).toMatchObject({ type: 'bulk', amount: 5000 });
      const history = await new HistoryPage(page).goto();
      await expect(history.field(history.card(task!.reference), 'Amount')).toHaveText('₦5,000.00');
    });
  });

  test("cancelling the test checkout shows 'Payment was cancelled', closing it 'Payment window was closed', and creates nothing", async ({
    page,
    request,
  }) => {
    const { client, booking } = await openBooking(page, request);
    await booking.expectShown('Land Mowing & Garden');
    await expect(booking.fact('Price')).toHaveText('₦4,000.00');
    await booking.chooseAddress('Apapa', /^Apapa/);

    await (await booking.proceed()).cancel();
    await expect(toast(page, 'Payment was cancelled')).toBeVisible();
    await expect(booking.proceedButton).toHaveText('Proceed to Payment');
    await expect(booking.proceedButton).toBeEnabled();

    await (await booking.proceed()).close();
    await expect(toast(page, 'Payment window was closed')).toHaveCount(1);
    // Closed by hand, so the next one is told anew whatever the toast's own time on screen.
    await page
      .locator('.Toastify__toast', { hasText: 'Payment window was closed' })
      .getByRole('button', { name: 'close' })
      .click();
    await expect(toast(page, 'Payment window was closed')).toHaveCount(0);

    const checkout = await booking.proceed();
    await page.keyboard.press('Escape');
    await expect(checkout.dialog).toBeHidden();
    await expect(toast(page, 'Payment window was closed')).toHaveCount(1);
    await expect(page).toHaveURL(/\/client\/create$/);
    expect(await tasksOf(request, client)).toHaveLength(0);
  });

  test("a task the server refuses: 'Payment Failed!' with the server message and 'Please try again or contact support'", async ({
    page,
    request,
  }) => {
    const { client, booking } = await openBooking(page, request, 'Household Waste Pickup');
    await page.route('**/client/create', (route) =>
      route.fulfill({ status: 402, json: { message: 'Payment could not be verified' } }),
    );
    await booking.chooseAddress('Ikeja', /^Ikeja/);
    await (await booking.proceed()).pay('1,500.00');
    await expect(toast(page, 'Payment Failed!')).toBeVisible();
    await expect(toast(page, 'Payment could not be verified')).toBeVisible();
    await expect(toast(page, 'Please try again or contact support')).toBeVisible();
    await expect(booking.proceedButton).toHaveText('Proceed to Payment');
    await expect(page).toHaveURL(/\/client\/create$/);
    expect(await tasksOf(request, client)).toHaveLength(0);
  });

  test('when the pricing call fails, the fallback prices are shown (laundry 1000 per kg)', async ({
    page,
    request,
  }) => {
    await page.route('**/admin/pricing', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    const { booking } = await openBooking(page, request, 'Laundry & Dry Cleaning');
    await booking.expectShown('Laundry & Dry Cleaning');
    await expect(booking.fact('Price')).toHaveText('₦1,000.00');
    await expect(booking.fact('Pricing Unit')).toHaveText('per kg');
  });

  test('a pricing answer that is not an array counts as failure: fallback prices (office 4500 per hour)', async ({
    page,
    request,
  }) => {
    await page.route('**/admin/pricing', (route) =>
      route.fulfill({ status: 200, json: { data: { serviceName: 'Office Cleaning' } } }),
    );
    const { booking } = await openBooking(page, request, 'Office & Commercial Cleaning');
    await expect(booking.fact('Price')).toHaveText('₦4,500.00');
    await expect(booking.fact('Pricing Unit')).toHaveText('per hour');
  });

  test("typed text that is not a suggestion: 'Please select a valid address from the dropdown'", async ({
    page,
    request,
  }) => {
    const { booking } = await openBooking(page, request);
    await booking.addressInput.fill('Nowhere in particular');
    await expect(booking.noPlacesFound).toBeVisible();
    await booking.addressInput.press('Enter');
    await expect(toast(page, 'Please select a valid address from the dropdown')).toBeVisible();
    await expect(booking.proceedButton).toBeDisabled();
    await expect(booking.mapPlaceholder).toBeVisible();
  });

  test('offline, Proceed to Payment is disabled and says why', async ({ page, request, context }) => {
    const { booking } = await openBooking(page, request);
    await booking.chooseAddress('Ikeja', /^Ikeja/);
    await expect(booking.proceedButton).toBeEnabled();
    await context.setOffline(true);
    await expect(booking.proceedButton).toBeDisabled();
    await expect(page.getByText('You are offline. Payment needs an internet connection.')).toBeVisible();
    await context.setOffline(false);
    await expect(booking.proceedButton).toBeEnabled();
  });
});

test.describe('a paid task is never lost', () => {
  async function payWhileCreateFails(page: Page, request: APIRequestContext) {
    const opened = await openBooking(page, request, 'Recycling Services');
    let blocked = 0;
    await page.route('**/client/create', (route) => {
      blocked += 1;
      return route.abort('internetdisconnected');
    });
    await opened.booking.chooseAddress('Ikeja', /^Ikeja/);
    await (await opened.booking.proceed()).pay('1,500.00');
    await expect(toast(page, 'Your payment is safe')).toBeVisible();
    expect(blocked).toBe(1);
    expect(await tasksOf(request, opened.client)).toHaveLength(0);
    await page.unroute('**/client/create');
    return opened;
  }

  test('the network drops right after payment: the task is created exactly once when the network returns, and after a reload', async ({
    page,
    request,
  }) => {
    const { client } = await payWhileCreateFails(page, request);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(toast(page, 'Payment Successful!')).toBeVisible();
    await expect.poll(async () => (await tasksOf(request, client)).length).toBe(1);

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await afterPaidTaskReplay(page, () => page.evaluate(() => window.dispatchEvent(new Event('online'))));
    const tasks = await tasksOf(request, client);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ type: 'recycling', amount: 1500 });
  });

  test('the network drops right after payment: the next app start sends the kept task', async ({ page, request }) => {
    const { client } = await payWhileCreateFails(page, request);
    await page.reload();
    await expect(toast(page, 'Payment Successful!')).toBeVisible();
    await expect.poll(async () => (await tasksOf(request, client)).length).toBe(1);
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('greenpick');
          open.onsuccess = () => {
            const count = open.result.transaction('pendingTasks').objectStore('pendingTasks').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(kept).toBe(0);
  });
});
