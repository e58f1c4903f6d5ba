import { expect, test } from '@playwright/test';
import { CreateTaskPage } from './page-models/create-task-page';
import { LoginPage } from './page-models/login-page';
import { storeToken } from './support/demo-client';
import { appHasTakenOver, goOffline, goOnline, waitForServiceWorker } from './support/network';
import { signUpNewClient } from './support/new-client';
import { afterPaidTaskReplay, countInStore, isCachedOnDevice } from './support/offline-store';
import { tasksOnServer } from './support/paid-task';

test.describe('offline: a paid task is never lost', () => {
  test('the network drops as the paid task is sent: it is kept, and created exactly once after reconnect', async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    await storeToken(page, client.token);
    await page.goto('/client/create');
    await appHasTakenOver(page);
    const booking = new CreateTaskPage(page);
    await booking.pickService('Household Waste Pickup');
    await booking.chooseAddress('Ikeja', /^Ikeja/);

    // The device loses its network at the moment the create request leaves, after the payment went through.
    let dropped = false;
    await page.route('**/client/create', async (route) => {
      if (route.request().method() !== 'POST' || dropped) return route.fallback();
      dropped = true;
      await page.context().setOffline(true);
      await route.abort('internetdisconnected');
    });
    await (await booking.proceed()).pay('1,500.00');
    await expect(page.locator('.Toastify').getByText('Your payment is safe')).toBeVisible();
    await expect(
      page
        .locator('.Toastify')
        .getByText('Your Household Waste Pickup task will be created as soon as your connection is back.'),
    ).toBeVisible();
    await goOffline(page);
    expect(await countInStore(page, 'pendingTasks')).toBe(1);
    expect(await tasksOnServer(request, client)).toHaveLength(0);

    // The payment is done: the app goes home. Still offline, it starts again: the paid task waits on the device.
    await expect(page).toHaveURL(/\/client\/home$/);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await countInStore(page, 'pendingTasks')).toBe(1);
    expect(await tasksOnServer(request, client)).toHaveLength(0);

    await goOnline(page);
    await expect(page.locator('.Toastify').getByText('Payment Successful!')).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await tasksOnServer(request, client)).length).toBe(1);
    await expect.poll(() => countInStore(page, 'pendingTasks')).toBe(0);

    // Later starts and reconnects create nothing more.
    await page.reload();
    await afterPaidTaskReplay(page, async () => {
      await goOffline(page);
      await goOnline(page);
    });
    const tasks = await tasksOnServer(request, client);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ type: 'household', amount: 1500, address: 'Ikeja, Lagos State, Nigeria' });
  });

  test("saved places: 'Save as Work' on the booking screen; offline, Home and Work are offered when the address field gets focus", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const saved = await request.post('/client/places/save', {
      headers: { Authorization: `Bearer ${client.token}` },
      data: {
        label: 'home',
        address: '22 Awolowo Way, Ikeja, Lagos State, Nigeria',
        addressDetails: 'Blue gate',
        location: { type: 'Point', coordinates: [3.3515, 6.6018] },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await new LoginPage(page).goto('/');
    await waitForServiceWorker(page);
    await storeToken(page, client.token);
    await page.goto('/client/create');
    await appHasTakenOver(page);
    const booking = new CreateTaskPage(page);
    await booking.pickService('Household Waste Pickup');
    await booking.chooseAddress('Yaba', /^Yaba/);
    await page.getByRole('button', { name: 'Save as Work' }).click();
    await expect(page.locator('.Toastify').getByText('Saved as Work')).toBeVisible();
    // The places are read again after the save; the worker keeps that response on the device.
    await expect.poll(() => isCachedOnDevice(page, 'Yaba'), { timeout: 15_000 }).toBe(true);

    // Offline, the app starts from the device and the worker answers the places it kept.
    await goOffline(page);
    await page.reload();
    // The service chosen is kept in the page's history state across the reload.
    await booking.expectShown('Household Waste Pickup');
    await booking.addressInput.focus();
    await expect(page.getByRole('option', { name: /^Work/ })).toContainText('Yaba');
    const home = page.getByRole('option', { name: /^Home/ });
    await expect(home).toContainText('22 Awolowo Way, Ikeja');
    await home.click();
    await expect(booking.coordinates).toHaveText('6.601800, 3.351500');
    await expect(booking.addressInput).toHaveValue('22 Awolowo Way, Ikeja, Lagos State, Nigeria');
    await expect(booking.addressDetails).toHaveValue('Blue gate');
  });
});
