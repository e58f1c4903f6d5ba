import { expect, test } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { assignNewDriver, setTaskStatus } from './support/assigned-task';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { IKEJA, RECYCLING, createPaidTask } from './support/paid-task';
import { LAYOUTS } from './support/viewports';

for (const [layout, viewport] of LAYOUTS) {
  test.describe(`plans and points, ${layout}`, () => {
    test.use({ viewport });

    test("a recycling pickup weighed at 12.5 kg earns 125 points: 'Your Points' opens the ledger", async ({
      page,
      request,
    }) => {
      const client = await signUpNewClient(request);
      const task = await createPaidTask(request, client, IKEJA, RECYCLING);
      await assignNewDriver(request, task._id);
      await setTaskStatus(request, task._id, 'on-going');
      // `npm run ops -- complete <taskId> --kg 12.5`
      await setTaskStatus(request, task._id, 'completed', 12.5);

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
    });
  });
}
