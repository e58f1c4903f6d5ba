/**
 * Money shown one way (issue 43), on a phone: 3 kg of laundry paid partly with 512.05 points
 * (an amount floating point used to refuse), the checkout's exact NGN amount, and the receipt's
 * every line, adding up to the price.
 */
import { expect, test } from '@playwright/test';
import type { Task, TasksResponse } from '../src/shared/contract';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { assignNewDriver, creditPoints, moveTaskTo } from './support/assigned-task';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { MOBILE } from './support/viewports';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

test.use({ viewport: MOBILE });

test('375 px: 3 kg of laundry with 512.05 points, NGN 2,487.95 by card, and its receipt line by line', async ({
  page,
  request,
}) => {
  const client = await signUpNewClient(request);
  await creditPoints(request, client.user._id, 512.05);
  await signInWithToken(page, client.token);
  const home = await new DashboardPage(page).goto();
  await home.service('Laundry & Dry Cleaning').click();
  const booking = new CreateTaskPage(page);
  await booking.expectShown('Laundry & Dry Cleaning');
  await booking.chooseAddress('Ikeja', /^Ikeja/);
  // On a phone the Task Summary is a bottom sheet, collapsed while the address is chosen.
  await booking.openSummary();
  await page.getByLabel('How many kg?').fill('3');
  await expect(booking.fact('Total')).toHaveText('₦1,000.00 x 3 kg = ₦3,000.00');
  await page.getByRole('checkbox', { name: /Use 512\.05 points \(−₦512\.05\)/ }).check();
  await expect(booking.summary).toContainText('pay ₦2,487.95 by card');
  const checkout = await booking.proceed();
  await checkout.pay('2,487.95');
  // After paying, the new task's page.
  await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);

  const response = await request.post('/client/task', {
    data: { userId: client.user._id },
    headers: { Authorization: `Bearer ${client.token}` },
  });
  const [task] = ((await response.json()) as TasksResponse).data as Task[];
  expect(task).toMatchObject({ type: 'laundry', quantity: 3, amount: 3000 });
  await assignNewDriver(request, task!._id);
  await moveTaskTo(request, task!._id, 'completed');

  await page.goto(`/client/tasks/${task!._id}`);
  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/tasks/${task!._id}/receipt$`));
  const receipt = page.getByRole('article', { name: `Receipt #${task!.reference}` });
  await expect(receipt.getByTestId('receipt-line')).toHaveText('3 kg x ₦1,000.00 (per kg) = ₦3,000.00');
  const parts = receipt.getByRole('list').getByRole('listitem');
  await expect(parts).toHaveText(['Recycle points: ₦512.05', 'Card - test payment: ₦2,487.95']);
  await expect(receipt).toContainText('VAT included (7.5%)');
  // ₦3,000.00 includes 7.5% VAT: 300,000 kobo x 75 / 1,075 = 20,930 kobo.
  await expect(receipt).toContainText('₦209.30');
  await expect(receipt).toContainText(`${client.user.firstname} ${client.user.lastname}`);
  await expect(receipt).toContainText('Ikeja');
  // Nothing runs off a 375 px screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.getByRole('link', { name: 'Back to the task' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/tasks/${task!._id}$`));
});
