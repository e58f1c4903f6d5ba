import { expect, test, type Page, type Route } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { HistoryPage } from './page-models/history-page';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { assignNewDriver, createAssignedTask, driverSays, moveTaskTo } from './support/assigned-task';
import { atEachWidth } from './support/at-each-width';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { createPaidTask } from './support/paid-task';

async function signIn(page: Page, token: string): Promise<DashboardPage> {
  await signInWithToken(page, token);
  return new DashboardPage(page).goto();
}

test.describe('after paying, on a phone and on a desktop', () => {
  test("a pending task is in 'Your open tasks'; its page cancels it free of charge and the task, History and the bell say it is refunded", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const client = await signUpNewClient(request);
      const task = await createPaidTask(request, client);
      const home = await signIn(page, client.token);

      const open = page.getByRole('region', { name: 'Your open tasks' });
      await expect(open).toContainText('Household Waste Pickup');
      await expect(open).toContainText('We are finding your driver');
      // First on Home: above the services.
      const openBox = await open.boundingBox();
      const servicesBox = await home.services.boundingBox();
      expect(openBox!.y).toBeLessThan(servicesBox!.y);

      await open.getByRole('button', { name: /Household Waste Pickup/ }).click();
      await expect(page).toHaveURL(new RegExp(`/client/tasks/${task._id}$`));
      const details = await new TaskDetailsModal(page).waitForOpen();
      await expect(details.dialog.getByRole('listitem').filter({ hasText: 'Finding your driver' })).toHaveAttribute(
        'aria-current',
        'step',
      );
      // No driver yet: nobody to call or chat with.
      await expect(details.callDriver).toHaveCount(0);
      await expect(details.openChatButton).toHaveCount(0);

      await details.dialog.getByRole('button', { name: 'Cancel task' }).click();
      await details.dialog.getByRole('radio', { name: 'I booked by mistake' }).check();
      await details.dialog.getByLabel('Anything to add? (optional)').fill('Wrong day');
      await details.dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
      // The test ledger refunds at once.
      await expect(details.dialog.getByRole('status').filter({ hasText: 'Refunded ₦1,500' })).toBeVisible();
      await expect(details.dialog.locator('.status-badge')).toHaveText('cancelled');
      await expect(details.dialog).toContainText('Your task was cancelled (I booked by mistake).');
      await expect(details.dialog.getByRole('button', { name: 'Cancel task' })).toHaveCount(0);

      // Back closes the page; the task is no longer open.
      await page.goBack();
      await expect(details.dialog).toBeHidden();
      await expect(page).toHaveURL(/\/client\/home$/);
      await expect(page.getByRole('region', { name: 'Your open tasks' })).toHaveCount(0);

      await home.bell.click();
      await expect(home.notifications).toContainText('Your Household Waste Pickup task: Refunded ₦1,500');

      const history = await new HistoryPage(page).goto();
      await expect(history.card(task.reference)).toContainText('Refunded ₦1,500');
    });
  });

  test('an entry of the bell opens its task; Back closes it and returns Home', async ({ page, request }) => {
    await atEachWidth(page, async () => {
      const assigned = await createAssignedTask(request);
      const home = await signIn(page, assigned.client.token);
      await home.bell.click();
      await home.notifications
        .getByRole('link', { name: 'Household Waste Pickup: A driver is assigned to your task' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/client/tasks/${assigned.task._id}$`));
      const details = await new TaskDetailsModal(page).waitForOpen();
      // Who is coming, and the code with what it is for.
      await expect(details.dialog.getByRole('region', { name: 'Who is coming' })).toContainText('Kunle Adeyemi');
      await expect(details.dialog).toContainText(`Confirmation code: ${assigned.task.confirmationCode}`);
      await expect(details.dialog).toContainText(
        'Give this code to your driver when they arrive, to confirm it is them',
      );
      await expect(details.callDriver).toBeVisible();
      await page.goBack();
      await expect(details.dialog).toBeHidden();
      await expect(home.greeting).toBeVisible();
    });
  });

  test('a task opened by its address (deep link) closes to Home; once completed, cancelling is refused with the server reason', async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const assigned = await createAssignedTask(request);
      await signInWithToken(page, assigned.client.token);
      await page.goto(`/client/tasks/${assigned.task._id}`);
      const details = await new TaskDetailsModal(page).waitForOpen();
      await details.dialog.getByRole('button', { name: 'Cancel task' }).click();
      await details.dialog.getByRole('radio', { name: 'My plans changed' }).check();
      // The task is completed while the client is choosing, before the app has heard of it (its
      // 30 s refresh of the task list is held back until the answer): the server is the judge.
      // A refresh that landed first would take the form away instead.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holdTaskList = async (route: Route) => {
        await held;
        await route.continue().catch(() => {});
      };
      await page.context().route('**/client/task', holdTaskList);
      await expect(details.dialog.getByText('Cancelling now is free; you get ₦1,500.00 back.')).toBeVisible();
      await moveTaskTo(request, assigned.task._id, 'completed');
      await details.dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
      await expect(details.dialog.getByRole('alert')).toHaveText('This task is already done');
      release();
      await page.context().unroute('**/client/task', holdTaskList);
      await details.closeButton.click();
      await expect(page).toHaveURL(/\/client\/home$/);
      await expect(new DashboardPage(page).greeting).toBeVisible();
    });
  });

  test('a completed task: rate the driver once, and its printable receipt with the VAT included', async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const assigned = await createAssignedTask(request);
      await moveTaskTo(request, assigned.task._id, 'completed');
      await signIn(page, assigned.client.token);
      await page.goto(`/client/tasks/${assigned.task._id}`);
      const details = await new TaskDetailsModal(page).waitForOpen();
      await expect(details.dialog).toContainText('Your task is done');
      // Nobody to call or chat with any more.
      await expect(details.callDriver).toHaveCount(0);
      await expect(details.openChatButton).toHaveCount(0);

      // The route map has come (its code loads lazily); the stars are where they will stay.
      await expect(details.taskMarker).toBeVisible();
      const stars = details.dialog.getByRole('group', { name: 'Stars' });
      await stars.getByRole('radio', { name: '4 stars' }).check();
      await details.dialog.getByLabel('Comment (optional)').fill('On time and polite');
      await details.dialog.getByRole('button', { name: 'Send rating' }).click();
      await expect(details.dialog).toContainText('You rated Kunle Adeyemi 4 stars out of 5');
      await expect(details.dialog).toContainText('On time and polite');
      await expect(details.dialog.getByRole('button', { name: 'Send rating' })).toHaveCount(0);

      await details.dialog.getByRole('link', { name: 'View receipt' }).click();
      await expect(page).toHaveURL(new RegExp(`/client/tasks/${assigned.task._id}/receipt$`));
      const receipt = page.getByRole('article', { name: `Receipt #${assigned.task.reference}` });
      await expect(receipt).toContainText('GreenPick');
      await expect(receipt).toContainText('support@greenpick.ng');
      await expect(receipt).toContainText('Household Waste Pickup');
      await expect(receipt).toContainText('1 x ₦1,500.00');
      // ₦1,500 includes 7.5% VAT: 1500 × 0.075 / 1.075 = ₦104.65.
      await expect(receipt).toContainText('VAT included (7.5%)');
      await expect(receipt).toContainText('₦104.65');
      await expect(receipt).toContainText('Card - test payment');
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
      await expect(receipt).toBeVisible();
    });
  });

  test("a driver change is shown in the chat: the note 'Your new driver is Emeka' and each message with its writer's name", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const assigned = await createAssignedTask(request);
      await driverSays(request, assigned.task._id, 'I am Kunle, coming soon.');
      await assignNewDriver(request, assigned.task._id, {
        firstname: 'Emeka',
        lastname: 'Obi',
        phone: '+2348035556666',
      });
      await driverSays(request, assigned.task._id, 'Emeka here, I took over.');
      await signIn(page, assigned.client.token);
      await page.goto(`/client/tasks/${assigned.task._id}`);
      const details = await new TaskDetailsModal(page).waitForOpen();
      const chat = await details.openChat();
      await expect(chat.message('I am Kunle, coming soon.')).toContainText('Kunle:');
      await expect(chat.messages.filter({ hasText: 'Your new driver is Emeka' })).toBeVisible();
      await expect(chat.message('Emeka here, I took over.')).toContainText('Emeka:');
      expect(await chat.texts()).toEqual([
        'I am Kunle, coming soon.',
        'Your new driver is Emeka',
        'Emeka here, I took over.',
      ]);
    });
  });
});
