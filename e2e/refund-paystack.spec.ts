/**
 * A cancelled card payment refunded through Paystack as in production: a server of its own
 * with a Paystack secret key whose API (verify, refund) and webhook are the local fake's
 * (tests/server/fake-paystack.ts). The client sees 'Refund of ... started', and 'Refunded' once
 * the fake sends refund.processed, on the task, in History and in the bell.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import type { RunningServer } from '../server/index';
import type { CreateTaskRequest, CreateTaskResponse, Task } from '../src/shared/contract';
import { startFakePaystack, type FakePaystack } from '../tests/server/fake-paystack';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { storeToken } from './support/demo-client';
import { signUpNewClient, type NewClient } from './support/new-client';
import { startOwnServer } from './support/own-server';
import { LAYOUTS } from './support/viewports';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

// Both layouts in one worker, one after the other: the file's own server (a PGlite made and
// migrated in beforeAll) then starts once per run rather than once in each worker.
test.describe.configure({ mode: 'default' });

let fake: FakePaystack;
let server: RunningServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  fake = await startFakePaystack();
  server = await startOwnServer({ PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_API_URL: fake.url });
  api = await playwrightRequest.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.close();
  await fake?.close();
});

let counter = 0;

/** A household pickup paid by card: Paystack (the fake) holds the charge the server verifies. */
async function paidByCard(client: NewClient): Promise<Task> {
  counter += 1;
  const reference = `${Date.now()}-refund${process.pid}${counter}`;
  fake.charge({ reference, status: 'success', amount: 150_000, email: client.email, paidAt: new Date().toISOString() });
  const body: CreateTaskRequest = {
    address: 'Ikeja, Lagos State, Nigeria',
    location: { type: 'Point', coordinates: [3.3421, 6.5965] },
    amount: 1500,
    user: client.user._id,
    reference,
    type: 'household',
    serviceName: 'Household Waste Pickup',
    unit: 'per pickup',
  };
  const created = await api.post('/client/create', {
    headers: { Authorization: `Bearer ${client.token}` },
    data: body,
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as CreateTaskResponse).data;
}

for (const [layout, viewport] of LAYOUTS) {
  test(`cancelled, the card is refunded through Paystack: 'started', then 'Refunded' after its webhook (${layout})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const client = await signUpNewClient(api);
    const task = await paidByCard(client);
    await page.goto(`${server.url}/`);
    await storeToken(page, client.token);
    await page.goto(`${server.url}/client/tasks/${task._id}`);
    const details = await new TaskDetailsModal(page).waitForOpen();

    await details.dialog.getByRole('button', { name: 'Cancel task' }).click();
    await details.dialog.getByRole('radio', { name: 'I booked by mistake' }).check();
    await details.dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(details.dialog).toContainText('Refund of ₦1,500.00 started - usually 3-5 working days');
    // Paystack was asked for the whole charge.
    expect(fake.refunds.filter((refund) => refund.transaction === task.reference)).toEqual([
      { transaction: task.reference, amount: 150_000 },
    ]);

    const { body, signature } = fake.webhook(fake.refundEvent('refund.processed', task.reference, 150_000));
    const delivered = await api.post('/paystack/webhook', {
      headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
      data: body,
    });
    expect(delivered.status()).toBe(200);

    await page.reload();
    const refreshed = await new TaskDetailsModal(page).waitForOpen();
    await expect(refreshed.dialog.getByRole('status').filter({ hasText: 'Refunded ₦1,500' })).toBeVisible();
    await expect(refreshed.dialog).not.toContainText('started - usually 3-5 working days');
  });
}
