import { expect, test, type Page } from '@playwright/test';
import { DEMO_DRIVERS } from '../server/db/demo';
import type { Task, TasksResponse, UserDataResponse } from '../src/shared/contract';
import { formatDateTime } from '../src/lib/format';
import { HistoryPage } from './page-models/history-page';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { createAssignedTask } from './support/assigned-task';
import { loginDemoClient, signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The price list's names as the service grid names them (docs/product.md). */
const SERVICE_NAMES: Record<string, string> = {
  'Household Waste Pickup': 'Household Waste Pickup',
  'Recycling Collection': 'Recycling Services',
  'Garden Waste Collection': 'Land Mowing & Garden',
  'Office Cleaning': 'Office & Commercial Cleaning',
  'Bulk Waste Removal': 'Bulk Waste Pickup',
  'Laundry Service': 'Laundry & Dry Cleaning',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One status colour set on every screen. */
const STATUS_TONES: Record<string, string> = {
  pending: 'amber',
  'driver-assigned': 'blue',
  'on-going': 'orange',
  completed: 'green',
  cancelled: 'red',
};

async function demoTasks(request: import('@playwright/test').APIRequestContext, token: string): Promise<Task[]> {
  const user = ((await (await request.post('/client/userdata', { data: { token } })).json()) as UserDataResponse).data;
  const answer = await request.post('/client/task', {
    data: { userId: user._id },
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as TasksResponse).data;
}

async function signIn(page: Page, token: string): Promise<void> {
  await signInWithToken(page, token);
}

test.describe('order history (demo client)', () => {
  test.describe('desktop 1280px', () => {
    test.use({ viewport: DESKTOP });

    test('cards newest first, each leading with the service, date and time, and status badge; then address, driver, naira amount, #reference, coordinates to 4 decimals and Confirmation: {code}', async ({
      page,
      request,
    }) => {
      const token = await loginDemoClient(request);
      const tasks = await demoTasks(request, token);
      await signIn(page, token);
      const history = await new HistoryPage(page).goto();
      await expect(history.cards).toHaveCount(tasks.length);

      const newestFirst = [...tasks].reverse();
      const services = await history.cards.getByRole('heading').allTextContents();
      expect(services).toEqual(newestFirst.map((task) => SERVICE_NAMES[task.serviceName]));
      const references = await history.cards.locator('dd.history-card-reference').allTextContents();
      expect(references).toEqual(newestFirst.map((task) => `#${task.reference}`));

      for (const task of tasks) {
        const card = history.card(task.reference);
        // The card is named by its service and date; its first lines are the service, the date and the status.
        await expect(card).toHaveAccessibleName(
          new RegExp(
            `^${escapeRegExp(SERVICE_NAMES[task.serviceName]!)} \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}$`,
          ),
        );
        const lines = (await card.innerText()).split('\n').filter((line) => line.trim() !== '');
        expect(lines.slice(0, 3)).toEqual([
          SERVICE_NAMES[task.serviceName],
          expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/),
          task.status.replace(/-/g, ' '),
        ]);
        const badge = card.locator('.status-badge');
        await expect(badge).toHaveText(task.status.replace(/-/g, ' '));
        await expect(badge).toHaveAttribute('data-tone', STATUS_TONES[task.status]!);
        await expect(history.field(card, 'Address')).toHaveText(task.address);
        const [lng, lat] = task.location.coordinates;
        await expect(history.field(card, 'Coordinates')).toHaveText(`${lat.toFixed(4)}, ${lng.toFixed(4)}`);
        await expect(history.field(card, 'Driver')).toHaveText(
          task.driver ? `${task.driver.firstname} ${task.driver.lastname}` : 'Driver not assigned',
        );
        await expect(history.field(card, 'Amount')).toHaveText(
          `₦${task.amount.toLocaleString('en-NG', { minimumFractionDigits: 2 })}`,
        );
        await expect(history.field(card, 'Reference')).toHaveText(`#${task.reference}`);
        await expect(card.getByText(`Confirmation: ${task.confirmationCode}`)).toBeVisible();
        // Every order opens its page, pending and cancelled too.
        await expect(card.getByRole('button', { name: 'View Task' })).toHaveCount(1);
      }

      const pending = history.cards.first();
      await expect(history.field(pending, 'Address')).toHaveText('22 Awolowo Way, Ikeja, Lagos');
      await expect(history.field(pending, 'Coordinates')).toHaveText('6.5966, 3.3532');
      await expect(history.field(pending, 'Driver')).toHaveText('Driver not assigned');
      await expect(history.field(pending, 'Amount')).toHaveText('₦1,000.00');
      const assigned = history.cards.nth(1);
      await expect(history.field(assigned, 'Driver')).toHaveText(
        `${DEMO_DRIVERS.yaba.firstname} ${DEMO_DRIVERS.yaba.lastname}`,
      );
      await expect(history.field(assigned, 'Amount')).toHaveText('₦5,000.00');

      const lefts = await history.cards.evaluateAll((cards) =>
        cards.map((card) => Math.round(card.getBoundingClientRect().left)),
      );
      expect(new Set(lefts).size).toBeGreaterThan(1);
    });
  });

  test.describe('mobile 375px', () => {
    test.use({ viewport: MOBILE });

    test('one card per row on a phone, newest first', async ({ page, request }) => {
      const token = await loginDemoClient(request);
      await signIn(page, token);
      const history = await new HistoryPage(page).goto();
      await expect(history.cards).toHaveCount(6);
      const lefts = await history.cards.evaluateAll((cards) =>
        cards.map((card) => Math.round(card.getBoundingClientRect().left)),
      );
      expect(new Set(lefts).size).toBe(1);
      await expect(history.cards.first().locator('.status-badge')).toHaveText('pending');
    });
  });
});

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`a history card opens Task Details at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("'View Task' on a card opens Task Details, and from there the chat and back", async ({ page, request }) => {
      const assigned = await createAssignedTask(request);
      await signIn(page, assigned.client.token);
      const history = await new HistoryPage(page).goto();
      const card = history.card(assigned.task.reference);
      const viewTask = card.getByRole('button', { name: 'View Task' });
      await viewTask.click();
      const details = await new TaskDetailsModal(page).waitForOpen();
      await expect(details.dialog.locator('.task-details-subtitle')).toContainText('Household Waste Pickup');
      await details.dialog.getByText('Payment details').click();
      await expect(details.field('Reference')).toHaveText(`#${assigned.task.reference}`);
      await expect(details.field('Driver')).toHaveText('Kunle Adeyemi');
      const chat = await details.openChat();
      await expect(chat.dialog).toHaveAccessibleName('Chat with Kunle');
      // Closing the chat comes back to the task; closing the task, back to History at its card.
      await page.keyboard.press('Escape');
      await expect(chat.dialog).toBeHidden();
      await expect(details.openChatButton).toBeFocused();
      await details.closeButton.click();
      await expect(viewTask).toBeFocused();
    });
  });
}

test.describe('order history on a phone set to another time zone', () => {
  test.use({ viewport: MOBILE, timezoneId: 'America/New_York' });

  test('dates and times are Lagos times', async ({ page, request }) => {
    const token = await loginDemoClient(request);
    const tasks = await demoTasks(request, token);
    await signIn(page, token);
    // The browser really is in New York.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    const history = await new HistoryPage(page).goto();
    for (const task of tasks) {
      // Lagos is 6 hours ahead of New York in November: a device-zone time could not match.
      await expect(history.card(task.reference).locator('.history-card-when time')).toHaveText(
        formatDateTime(task.datetime),
      );
    }
  });
});

test.describe('order history states', () => {
  test("a client without orders sees 'No order history found' and \"You haven't completed any order yet.\"", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    await signIn(page, client.token);
    await new HistoryPage(page).goto();
    await expect(page.getByRole('heading', { name: 'No order history found' })).toBeVisible();
    await expect(page.getByText("You haven't completed any order yet.")).toBeVisible();
  });

  test("'Loading delivery history...', then 'Error loading history' with the message and Try Again", async ({
    page,
    request,
  }) => {
    const token = await loginDemoClient(request);
    let failing = true;
    let seeLoading = () => {};
    const loadingSeen = new Promise<void>((resolve) => {
      seeLoading = resolve;
    });
    await page.route('**/client/task', async (route) => {
      if (!failing) return route.continue();
      // Held until the test has seen the loading state, then failed: however slow the machine, the
      // screen shows 'Loading' while the read is out (a fixed delay only hoped for it).
      await loadingSeen;
      return route.fulfill({ status: 503, json: { message: 'History is unavailable right now' } });
    });
    await signIn(page, token);
    await page.goto('/client/history');
    await expect(page.getByRole('status')).toHaveText('Loading delivery history...');
    seeLoading();
    const error = page.getByRole('alert');
    await expect(error.getByRole('heading', { name: 'Error loading history' })).toBeVisible();
    await expect(error).toContainText('History is unavailable right now');
    failing = false;
    await error.getByRole('button', { name: 'Try Again' }).click();
    await expect(new HistoryPage(page).cards).toHaveCount(6);
  });
});
