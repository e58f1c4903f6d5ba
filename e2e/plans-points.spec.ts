import { expect, test } from '@playwright/test';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { atEachWidth } from './support/at-each-width';
import { assignNewDriver, moveTaskTo } from './support/assigned-task';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient, subscribeClient } from './support/new-client';
import { paidRecycling } from './support/operators';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

test.describe('plans and points, on a phone and on a desktop', () => {
  test("a recycling pickup weighed at 12.5 kg earns 125 points: 'Your Points' opens the ledger", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const client = await signUpNewClient(request);
      // Booked 12.5 kg: more than booked is collected only once the client paid for it (docs/lifecycle.md).
      const task = await paidRecycling(request, client, 12.5);
      await assignNewDriver(request, task._id);
      await moveTaskTo(request, task._id, 'on-going');
      // `npm run ops -- complete <taskId> --kg 12.5`
      await moveTaskTo(request, task._id, 'completed', 12.5);

      await signInWithToken(page, client.token);
      const home = await new DashboardPage(page).goto();
      await expect(home.balanceCard).toContainText('125.00');
      await home.balanceCard.click();
      await expect(page).toHaveURL(/\/client\/points$/);
      await expect(page.getByRole('heading', { name: 'Your Points' })).toBeVisible();
      await expect(page.getByText(/you earn 10 for every kg of recycling/)).toBeVisible();
      const ledger = page.getByRole('list', { name: 'Points history' });
      await expect(ledger.getByRole('listitem')).toHaveCount(1);
      await expect(ledger.getByRole('listitem')).toContainText('Earned - Recycling Collection');
      await expect(ledger.getByRole('listitem')).toContainText('+125.00');

      // The points pay part of the next booking; the card pays the rest.
      await page.goto('/client/home');
      await home.service('Household Waste Pickup').click();
      const booking = new CreateTaskPage(page);
      await booking.expectShown('Household Waste Pickup');
      await booking.chooseAddress('Ikeja', /^Ikeja/);
      await booking.openSummary();
      await page.getByRole('checkbox', { name: /Use 125\.00 points/ }).check();
      await expect(booking.summary).toContainText('pay ₦1,375.00 by card');
      const checkout = await booking.proceed();
      await checkout.pay('1,375.00');
      await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);
      await home.goto();
      await expect(home.balanceCard).toContainText('0.00');
    });
  });

  test("with Bronze a household pickup costs nothing: no checkout, 'Covered by your Bronze plan', then '19 of 20' left", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const client = await signUpNewClient(request);
      await subscribeClient(request, client, 'bronze');

      await signInWithToken(page, client.token);
      const home = await new DashboardPage(page).goto();
      await expect(home.planCard).toContainText('20 of 20 pickups left this month');
      await home.service('Household Waste Pickup').click();
      const booking = new CreateTaskPage(page);
      await booking.expectShown('Household Waste Pickup');
      await booking.chooseAddress('Ikeja', /^Ikeja/);
      await expect(booking.summary).toContainText('Covered by your Bronze plan');
      await expect(booking.summary).toContainText('₦0.00');
      // Nothing is paid: the button books, and the toast says so.
      await expect(booking.proceedButton).toHaveText('Book (covered by your plan)');
      await booking.proceedButton.click();
      await expect(page.locator('.Toastify').getByText('Booked!')).toBeVisible();
      // No checkout: straight to the new task's page.
      await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);
      await expect(page.getByRole('dialog', { name: 'Task Details' })).toBeVisible();
      await expect(page.getByRole('dialog', { name: /Test payment/ })).toHaveCount(0);
      await home.goto();
      await expect(home.planCard).toContainText('19 of 20 pickups left this month');
    });
  });
});
