import { expect, test, type Page } from '@playwright/test';
import type { SettleTestPaymentRequest, SettleTestPaymentResponse } from '../src/shared/contract';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { axeViolations } from './support/axe';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { pendingTaskReferences } from './support/offline-store';
import { tasksOnServer } from './support/paid-task';
import { MIN_TARGET_PX } from './support/touch-targets';
import { LAYOUTS } from './support/viewports';

/**
 * A booking paid by a bank transfer Paystack has not confirmed yet (docs/product.md, Payments):
 * the test checkout records it pending in the test ledger, the server answers 503 until
 * POST /dev/payments/settle (the stand-in for Paystack's charge.success) marks it paid. Home
 * says 'received' only then, and turns into the task by itself (the kept booking is sent every
 * 10 s while its payment is awaited: src/lib/pending-tasks.ts).
 */

const AWAITING = 'Waiting for your bank transfer';

function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text);
}

test.describe('a booking paid by bank transfer', () => {
  // No worker: every read reaches the server, so Home shows what the server has.
  test.use({ serviceWorkers: 'block' });

  for (const [layout, viewport] of LAYOUTS) {
    test(`${layout}: 'Waiting for your bank transfer' on Home and no task until the transfer is settled, then the real task without a reload`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const client = await signUpNewClient(request);
      await signInWithToken(page, client.token);
      const home = await new DashboardPage(page).goto();
      await home.service('Household Waste Pickup').click();
      const booking = await new CreateTaskPage(page).expectShown('Household Waste Pickup');
      await booking.chooseAddress('Ikeja', /^Ikeja/);

      const checkout = await booking.proceed();
      await expect(checkout.payButton('1,500.00')).toBeVisible();
      const transferBox = (await checkout.transferButton.boundingBox())!;
      expect(transferBox.height).toBeGreaterThanOrEqual(MIN_TARGET_PX);
      const violations = await axeViolations(page, '.test-checkout');
      expect(violations.map((violation) => violation.id)).toEqual([]);

      // The server's first answer: the transfer is still being processed.
      const firstCreate = page.waitForResponse(
        (answer) => answer.url().endsWith('/client/create') && answer.request().method() === 'POST',
      );
      await checkout.payByTransfer();
      const refused = await firstCreate;
      expect(refused.status()).toBe(503);
      expect(await refused.json()).toEqual({
        message: 'Your payment is still being processed. Please try again in a few minutes.',
      });
      // The reference is the one the app kept on the device with the paid booking.
      const kept = await pendingTaskReferences(page);
      expect(kept).toHaveLength(1);
      const reference = kept[0]!;

      await expect(toast(page, AWAITING)).toBeVisible();
      await expect(
        toast(
          page,
          'Your Household Waste Pickup task will be created as soon as your bank confirms the transfer: Home updates by itself.',
        ),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/client\/home$/);
      await expect(home.pendingBookings.getByRole('listitem')).toHaveCount(1);
      const card = home.pendingBooking(reference);
      await expect(card).toContainText(AWAITING);
      await expect(card).toContainText('Your booking is made as soon as your bank confirms the transfer.');
      await expect(card).toContainText(`Reference ${reference}`);
      // Nothing says the payment was received while the bank has not confirmed it.
      await expect(page.getByText(/Payment received/)).toHaveCount(0);
      await expect(card).toContainText('Household Waste Pickup · ₦1,500.00');
      await expect(card).toContainText('Ikeja, Lagos State, Nigeria');
      await expect(home.taskByReference(reference)).toHaveCount(0);
      expect(await tasksOnServer(request, client)).toHaveLength(0);

      // Paystack confirms the transfer; the app, still open on Home, sends the kept booking again within 10 s.
      const settled = await request.post('/dev/payments/settle', {
        headers: { Authorization: `Bearer ${client.token}` },
        data: { reference } satisfies SettleTestPaymentRequest,
      });
      expect(settled.status(), await settled.text()).toBe(200);
      expect(((await settled.json()) as SettleTestPaymentResponse).data).toEqual({ reference, status: 'success' });
      await expect(toast(page, 'Payment Successful!')).toBeVisible({ timeout: 25_000 });
      await expect(home.taskByReference(reference).locator('.status-badge')).toHaveText('pending');
      await expect(home.pendingBookings).toHaveCount(0);
      await expect(page.getByText(AWAITING)).toHaveCount(0);
      const tasks = await tasksOnServer(request, client);
      expect(tasks).toHaveLength(1);
      expect(tasks[0]).toMatchObject({
        reference,
        type: 'household',
        amount: 1500,
        address: 'Ikeja, Lagos State, Nigeria',
      });
    });
  }
});
