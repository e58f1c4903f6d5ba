/**
 * Notifications as a client meets them: turned on from Settings (the browser asks only then),
 * the device known to the server, a push shown by the installed worker and a tap opening the
 * task's page; refused by the browser, the app says how to allow it later. What the server
 * sends, and its encryption, is tested against a fake push service in tests/server/push.test.ts.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { NotificationsResponse } from '../src/shared/contract';
import { DashboardPage } from './page-models/dashboard-page';
import { assignNewDriver } from './support/assigned-task';
import { signInWithToken } from './support/demo-client';
import { waitForServiceWorker } from './support/network';
import { signUpNewClient, type NewClient } from './support/new-client';
import { createPaidTask } from './support/paid-task';
import { deliverPush, fakePushService, shownNotifications, tapNotification } from './support/push';

async function devicesOnServer(request: APIRequestContext, client: NewClient): Promise<number> {
  const response = await request.post('/client/notifications', {
    headers: { Authorization: `Bearer ${client.token}` },
    data: {},
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as NotificationsResponse).data.devices;
}

async function openSettings(page: Page, client: NewClient) {
  await signInWithToken(page, client.token);
  await page.goto('/client/settings');
  await waitForServiceWorker(page);
  return page.getByRole('region', { name: 'Notifications' });
}

test('turned on in Settings: the server knows the device, a push shows the driver, a tap opens the task page', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await fakePushService(page);
  const client = await signUpNewClient(request);
  const task = await createPaidTask(request, client);
  const section = await openSettings(page, client);

  await section.getByRole('button', { name: 'Get told when your driver is on the way' }).click();
  await expect(section.getByText('Notifications are on for this device.')).toBeVisible();
  expect(await devicesOnServer(request, client)).toBe(1);

  // The switches are the server's: turning chat off is kept there.
  const chat = section.getByRole('switch', { name: /Chat messages/ });
  await expect(chat).toBeChecked();
  await chat.click();
  await expect(chat).not.toBeChecked();
  await expect
    .poll(async () => {
      const response = await request.post('/client/notifications', {
        headers: { Authorization: `Bearer ${client.token}` },
        data: {},
      });
      return ((await response.json()) as NotificationsResponse).data.settings.chat;
    })
    .toBe(false);

  await deliverPush(page, {
    kind: 'driver-assigned',
    taskId: task._id,
    title: 'Driver assigned',
    body: 'Emeka is your driver - white Toyota Hiace KJA-123XY',
  });
  expect(await shownNotifications(page)).toEqual([
    {
      title: 'Driver assigned',
      body: 'Emeka is your driver - white Toyota Hiace KJA-123XY',
      tag: `task-${task._id}`,
      data: { url: `/client/tasks/${task._id}` },
    },
  ]);

  await tapNotification(page, `task-${task._id}`);
  await expect(page).toHaveURL(new RegExp(`/client/tasks/${task._id}$`));
  await expect(page.getByRole('dialog')).toContainText('Household Waste Pickup');
  expect(await shownNotifications(page)).toEqual([]);

  // Turned off on this device: the server forgets it.
  await page.goto('/client/settings');
  await section.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(section.getByRole('button', { name: 'Get told when your driver is on the way' })).toBeVisible();
  expect(await devicesOnServer(request, client)).toBe(0);
});

test('with the app open, a push has Home show the change at once rather than at its next refresh', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const client = await signUpNewClient(request);
  const task = await createPaidTask(request, client);
  await signInWithToken(page, client.token);
  const home = await new DashboardPage(page).goto();
  await waitForServiceWorker(page);
  const badge = home.taskByReference(task.reference).locator('.status-badge');
  await expect(badge).toHaveText('pending');

  // Home reads the tasks every 30 s while one is open; the push tells it now.
  await assignNewDriver(request, task._id);
  await deliverPush(page, {
    kind: 'driver-assigned',
    taskId: task._id,
    title: 'Driver assigned',
    body: 'Emeka is your driver',
  });
  await expect(badge).toHaveText('driver assigned');
  await expect(home.taskByReference(task.reference).getByRole('button', { name: 'View Task' })).toBeVisible();
});

test('logging out forgets the device on the server', async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await fakePushService(page);
  const client = await signUpNewClient(request);
  const section = await openSettings(page, client);
  await section.getByRole('button', { name: 'Get told when your driver is on the way' }).click();
  await expect(section.getByText('Notifications are on for this device.')).toBeVisible();
  expect(await devicesOnServer(request, client)).toBe(1);

  const account = page.getByRole('region', { name: 'Account' });
  await account.getByRole('button', { name: 'Log out', exact: true }).click();
  await account.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => devicesOnServer(request, client)).toBe(0);
});

test('refused by the browser: the app says how to allow it later and the server has no device', async ({
  page,
  context,
  request,
}) => {
  await context.clearPermissions();
  await fakePushService(page);
  // Chromium answers a permission question nobody granted with 'denied', as a client tapping Block would.
  const client = await signUpNewClient(request);
  const section = await openSettings(page, client);
  await section.getByRole('button', { name: 'Get told when your driver is on the way' }).click();
  await expect(
    section.getByText(/Notifications are blocked for GreenPick in this browser. To allow them later/),
  ).toBeVisible();
  await expect(section.getByRole('button', { name: 'Get told when your driver is on the way' })).toHaveCount(0);
  expect(await devicesOnServer(request, client)).toBe(0);
  // Opened again later (refused here or in the offer after a booking), Settings still says how to allow them.
  await page.reload();
  await expect(
    page.getByText(/Notifications are blocked for GreenPick in this browser. To allow them later/),
  ).toBeVisible();
});
