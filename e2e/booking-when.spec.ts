import { expect, test } from '@playwright/test';
import type { Task, TasksResponse } from '../src/shared/contract';
import { formatLagosDay } from '../src/shared/display-format';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { HistoryPage } from './page-models/history-page';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { atEachWidth } from './support/at-each-width';
import { assignNewDriver, opsTask } from './support/assigned-task';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

const DAY_MS = 24 * 60 * 60 * 1000;

test.describe('book how much and when, on a phone and on a desktop', () => {
  test("3 kg of laundry for tomorrow 10:00-12:00, paid at 3 x the kg price, shown with its window on Home, History, Task Details and to the operator; 'Book again' starts from it", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const client = await signUpNewClient(request);
      await signInWithToken(page, client.token);
      const home = await new DashboardPage(page).goto();
      await home.service('Laundry & Dry Cleaning').click();
      const booking = new CreateTaskPage(page);
      await booking.expectShown('Laundry & Dry Cleaning');
      await booking.openSummary();
      await expect(booking.fact('Price')).toHaveText('₦1,000.00');
      await expect(booking.fact('Pricing Unit')).toHaveText('per kg');

      const kg = page.getByLabel('How many kg?');
      await kg.fill('250');
      await expect(page.getByText('Quantity must be from 1 to 200 kg')).toBeVisible();
      await kg.fill('3');
      await expect(booking.fact('Total')).toHaveText('₦1,000.00 x 3 kg = ₦3,000.00');

      const tomorrow = formatLagosDay(Date.now() + DAY_MS);
      await page.getByRole('radio', { name: 'Choose a time' }).check();
      await page.getByLabel('Pickup day').selectOption({ label: tomorrow });
      await page.getByLabel('Pickup window').selectOption({ label: '10:00-12:00' });

      await booking.chooseAddress('Ikeja', /^Ikeja/);
      const checkout = await booking.proceed();
      await checkout.pay('3,000.00');
      await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);

      const response = await request.post('/client/task', {
        data: { userId: client.user._id },
        headers: { Authorization: `Bearer ${client.token}` },
      });
      const [task] = ((await response.json()) as TasksResponse).data as Task[];
      expect(task).toMatchObject({ type: 'laundry', quantity: 3, amount: 3000 });
      const window = `${tomorrow}, 10:00-12:00`;
      await home.goto();
      await expect(home.taskByReference(task!.reference)).toContainText(`Pickup ${window}`);
      await expect(home.taskByReference(task!.reference)).toContainText('3 kg');

      const history = await new HistoryPage(page).goto();
      await expect(history.field(history.card(task!.reference), 'Pickup time')).toHaveText(window);
      await expect(history.field(history.card(task!.reference), 'Quantity')).toHaveText('3 kg');

      // The operator sees it too (npm run ops -- tasks), and Task Details once a driver is on it.
      const listed = (await opsTask(request, task!._id)) as unknown as { scheduledFor: unknown; quantity: number };
      expect(listed).toMatchObject({ scheduledFor: task!.scheduledFor, quantity: 3 });
      await assignNewDriver(request, task!._id);
      await home.goto();
      await home.taskByReference(task!.reference).getByRole('button', { name: 'View Task' }).click();
      const details = await new TaskDetailsModal(page).waitForOpen();
      await expect(details.dialog).toContainText(window);

      // 'Book again': the same service, place and quantity; the time is chosen anew.
      await details.dialog.getByRole('button', { name: 'Book again' }).click();
      await expect(page).toHaveURL(/\/client\/create$/);
      await booking.expectShown('Laundry & Dry Cleaning');
      await expect(booking.addressInput).toHaveValue(task!.address);
      await booking.openSummary();
      await expect(page.getByLabel('How many kg?')).toHaveValue('3');
      await expect(booking.fact('Total')).toHaveText('₦1,000.00 x 3 kg = ₦3,000.00');
      await expect(page.getByRole('radio', { name: 'As soon as possible' })).toBeChecked();
      await expect(booking.proceedButton).toBeEnabled();
    });
  });
});

test("a place in Ibadan is refused before any payment: 'We don't serve this area yet. We serve Lagos and Abuja.'", async ({
  page,
  request,
}) => {
  const client = await signUpNewClient(request);
  await signInWithToken(page, client.token);
  const home = await new DashboardPage(page).goto();
  await home.service('Household Waste Pickup').click();
  const booking = new CreateTaskPage(page);
  await booking.expectShown('Household Waste Pickup');
  await booking.chooseAddress('Ibadan', /^Ibadan/);
  await expect(page.getByRole('alert').filter({ hasText: "We don't serve this area yet" })).toHaveText(
    "We don't serve this area yet. We serve Lagos and Abuja.",
  );
  await expect(booking.proceedButton).toBeDisabled();
  // Back in Lagos, payment is possible again.
  await booking.chooseAddress('Ikeja', /^Ikeja/);
  await expect(page.getByText("We don't serve this area yet")).toHaveCount(0);
  await expect(booking.proceedButton).toBeEnabled();
});
