import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { Shell } from './page-models/shell';
import { assignNewDriver, createAssignedTask, moveTaskTo } from './support/assigned-task';
import { axeViolations, seriousViolations } from './support/axe';
import { signInWithToken } from './support/demo-client';
import { goOffline, goOnline } from './support/network';
import { signUpNewClient, type NewClient } from './support/new-client';
import { createPaidTask, tasksOnServer } from './support/paid-task';

/**
 * The live Home of issue 16: it keeps the client's open tasks current without a reload (the
 * e2e server runs no simulator: the operator API makes the changes), brings a new booking into
 * view, shows paid bookings the server has not confirmed, and the bell lists what happened.
 * The page's own triggers drive the refreshes: time (Playwright's clock runs the 30 s poll),
 * the network coming back, a reload.
 */

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const CONFIRMING = 'Payment received - confirming your booking';

function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text);
}

async function openHome(page: Page, client: NewClient): Promise<DashboardPage> {
  await signInWithToken(page, client.token);
  return new DashboardPage(page).goto();
}

/** Marks the document, so that a reload (a new document) would show. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage === true);
}

test.describe('Home keeps the open tasks current', () => {
  // No worker: every refresh reaches the server, nothing is kept.
  test.use({ serviceWorkers: 'block' });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`${viewport.width}px: an operator's status change shows on the open Home within 30 s, in place, announced, without a reload`, async ({
      page,
      request,
    }) => {
      const client = await signUpNewClient(request);
      const task = await createPaidTask(request, client);
      await page.setViewportSize(viewport);
      await page.clock.install();
      const home = await openHome(page, client);
      const card = home.taskByReference(task.reference);
      await expect(card.locator('.status-badge')).toHaveText('pending');
      await expect(home.notificationDot).toHaveCount(0);
      await markDocument(page);

      await assignNewDriver(request, task._id);
      // Nothing is asked for before the 30 s are up...
      await page.clock.runFor(20_000);
      await expect(card.locator('.status-badge')).toHaveText('pending');
      // ...then the poll reads the tasks again.
      await page.clock.runFor(11_000);
      await expect(card.locator('.status-badge')).toHaveText('driver assigned');
      await expect(card.getByRole('button', { name: 'View Task' })).toBeVisible();
      await expect(toast(page, 'Your Household Waste Pickup task: driver assigned')).toBeVisible();
      await expect(home.taskUpdates).toHaveText('Your Household Waste Pickup task: driver assigned');
      await expect(home.notificationDot).toBeVisible();
      await expect(page.getByText('Loading data...')).toHaveCount(0);
      expect(await isSameDocument(page)).toBe(true);

      // The network drops and comes back: Home reads again at once.
      await moveTaskTo(request, task._id, 'on-going');
      await goOffline(page);
      await goOnline(page);
      await expect(card.locator('.status-badge')).toHaveText('on going');
      await expect(home.taskUpdates).toHaveText('Your Household Waste Pickup task: on going');

      // A finished task is not polled for: no read in the next minutes.
      await moveTaskTo(request, task._id, 'completed');
      await page.clock.runFor(31_000);
      await expect(card.locator('.status-badge')).toHaveText('completed');
      let reads = 0;
      page.on('request', (sent) => {
        if (sent.url().endsWith('/client/task')) reads += 1;
      });
      await page.clock.runFor(120_000);
      expect(reads).toBe(0);
      expect(await isSameDocument(page)).toBe(true);
    });
  }
});

test.describe('after a booking (375px)', () => {
  test.use({ viewport: MOBILE, serviceWorkers: 'block' });

  test("the client lands on the new task's page; closing it, Home has the new task in view, marked", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    // A client with history: the new task would otherwise sit below the services, under the fold.
    const earlier = new Set([
      (await createPaidTask(request, client)).reference,
      (await createPaidTask(request, client)).reference,
    ]);
    const home = await openHome(page, client);
    await home.service('Household Waste Pickup').click();
    const booking = await new CreateTaskPage(page).expectShown('Household Waste Pickup');
    await booking.chooseAddress('Ikeja', /^Ikeja/);
    await (await booking.proceed()).pay('1,500.00');
    await expect(toast(page, 'Payment Successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);
    await page.getByRole('dialog', { name: 'Task Details' }).getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/client\/home$/);

    const booked = (await tasksOnServer(request, client)).find((task) => !earlier.has(task.reference))!;
    const card = home.taskByReference(booked.reference);
    await expect(card).toBeInViewport({ ratio: 1 });
    await expect(card).toHaveClass(/dashboard-highlight/);
    await expect(card.locator('.status-badge')).toHaveText('pending');
  });
});

async function bookWhileCreateFails(
  page: Page,
  request: APIRequestContext,
  fail: 'drop' | 'refuse',
): Promise<{ client: NewClient; home: DashboardPage }> {
  const client = await signUpNewClient(request);
  const home = await openHome(page, client);
  await home.service('Household Waste Pickup').click();
  const booking = await new CreateTaskPage(page).expectShown('Household Waste Pickup');
  await page.route('**/client/create', (route) =>
    fail === 'drop'
      ? route.abort('internetdisconnected')
      : route.fulfill({ status: 402, json: { message: 'Payment could not be verified' } }),
  );
  await booking.chooseAddress('Ikeja', /^Ikeja/);
  await (await booking.proceed()).pay('1,500.00');
  return { client, home };
}

test.describe("paid bookings not confirmed yet: 'Payment received - confirming your booking'", () => {
  test.use({ serviceWorkers: 'block' });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`${viewport.width}px: the network drops after the payment: a confirming card on Home, then the real task once the server confirms`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const { client, home } = await bookWhileCreateFails(page, request, 'drop');
      await expect(toast(page, 'Your payment is safe')).toBeVisible();
      await expect(page).toHaveURL(/\/client\/home$/);

      await expect(home.pendingBookings.getByRole('listitem')).toHaveCount(1);
      const reference = (await home.pendingBookings.getByRole('listitem').getAttribute('data-reference'))!;
      const card = home.pendingBooking(reference);
      await expect(card).toContainText(CONFIRMING);
      await expect(card).toContainText('Household Waste Pickup · ₦1,500.00');
      await expect(card).toContainText('Ikeja, Lagos State, Nigeria');
      await expect(card).toContainText(`Reference ${reference}`);
      await expect(card).toBeInViewport();
      expect(await tasksOnServer(request, client)).toHaveLength(0);

      // The network comes back: the kept booking is sent, the card turns into the task.
      await page.unroute('**/client/create');
      await goOffline(page);
      await goOnline(page);
      await expect(toast(page, 'Payment Successful!')).toBeVisible({ timeout: 15_000 });
      await expect(home.pendingBookings).toHaveCount(0);
      await expect(home.taskByReference(reference).locator('.status-badge')).toHaveText('pending');
      expect(await tasksOnServer(request, client)).toHaveLength(1);
    });
  }

  test('the server refuses it: the card says why, that the payment is safe and to contact support with the reference; Dismiss removes it', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(MOBILE);
    const { client } = await bookWhileCreateFails(page, request, 'refuse');
    await expect(toast(page, 'Payment Failed!')).toBeVisible();
    await new Shell(page).link('Home').click();
    const home = new DashboardPage(page);
    await expect(home.greeting).toBeVisible();
    const card = home.pendingBookings.getByRole('listitem', { name: 'Booking not confirmed' });
    await expect(card).toBeVisible();
    const reference = (await card.getAttribute('data-reference'))!;
    await expect(card).toContainText('Payment could not be verified');
    await expect(card).toContainText(
      `Your payment is kept safe. Contact support at support@greenpick.ng with the reference ${reference}.`,
    );
    await expect(card.getByRole('link', { name: 'support@greenpick.ng' })).toHaveAttribute(
      'href',
      `mailto:support@greenpick.ng?subject=Payment%20${reference}`,
    );
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(seriousViolations(await axeViolations(page, '.dashboard')), `at ${viewport.width}px`).toEqual([]);
    }

    await card.getByRole('button', { name: 'Dismiss' }).click();
    await expect(home.pendingBookings).toHaveCount(0);
    await page.reload();
    await expect(home.greeting).toBeVisible();
    await expect(home.pendingBookings).toHaveCount(0);
    expect(await tasksOnServer(request, client)).toHaveLength(0);
  });
});

test.describe('the bell: recent task events, the red dot meaning unread', () => {
  test.use({ serviceWorkers: 'block' });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`${viewport.width}px: the dot shows a new event; the list (keyboard) shows it as New and marks it read; a later change brings the dot back`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const assigned = await createAssignedTask(request);
      const home = await openHome(page, assigned.client);
      await expect(home.notificationDot).toBeVisible();
      await expect(home.bell).toHaveAccessibleName('Notifications: you have a new notification');
      const bellBox = (await home.bell.boundingBox())!;
      expect(bellBox.width).toBeGreaterThanOrEqual(44);
      expect(bellBox.height).toBeGreaterThanOrEqual(44);

      await home.bell.focus();
      await page.keyboard.press('Enter');
      await expect(home.bell).toHaveAttribute('aria-expanded', 'true');
      const list = home.notifications;
      await expect(list.getByRole('heading', { name: 'Notifications' })).toBeFocused();
      await expect(home.notificationItems).toHaveCount(1);
      await expect(home.notificationItems.first()).toContainText(
        'New: Household Waste Pickup: A driver is assigned to your task',
      );
      // The list fits the screen.
      const box = (await list.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await expect(home.notificationDot).toHaveCount(0);

      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(home.bell).toBeFocused();
      await expect(home.bell).toHaveAttribute('aria-expanded', 'false');

      // Read on the server: a reload keeps the dot off.
      await page.reload();
      await expect(home.greeting).toBeVisible();
      await expect(home.notificationDot).toHaveCount(0);

      await moveTaskTo(request, assigned.task._id, 'on-going');
      await page.reload();
      await expect(home.notificationDot).toBeVisible();
      await home.openNotifications();
      await expect(home.notificationItems).toHaveCount(2);
      await expect(home.notificationItems.nth(0)).toContainText(
        'New: Household Waste Pickup: Your driver is on the way',
      );
      await expect(home.notificationItems.nth(1)).not.toContainText('New');
      await list.getByRole('button', { name: 'Close notifications' }).click();
      await expect(list).toBeHidden();
      await expect(home.bell).toBeFocused();
    });
  }

  test("a client with nothing to tell: no dot, and the list says 'No notifications yet'", async ({ page, request }) => {
    const client = await signUpNewClient(request);
    const home = await openHome(page, client);
    await expect(home.notificationDot).toHaveCount(0);
    await expect(home.bell).toHaveAccessibleName('Notifications');
    const list = await home.openNotifications();
    await expect(list).toContainText('No notifications yet');
    // A click elsewhere closes it.
    await home.greeting.click();
    await expect(list).toBeHidden();
  });
});
