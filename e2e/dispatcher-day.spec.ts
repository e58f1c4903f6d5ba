/**
 * The dispatcher's day (issue 63): a task nobody accepts lands in the board's Needs attention
 * lane and its client gets the three choices; a dispatcher finds one task among 2,000 by the
 * client's phone; support's refund above its limit goes to an admin, who approves it, the
 * client reading 'Refund awaiting approval' meanwhile. Each of the first two on a server of its
 * own: a 1-minute DISPATCH_ATTENTION_MIN, and a database seeded with 2,000 open tasks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { openDb } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { seedOpenTasks } from '../tests/server/ops-fixtures';
import type { Task } from '../src/shared/contract';
import { OpsConsole } from './page-models/ops-console';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { storeToken } from './support/demo-client';
import { DESK, atTheDesk, refuseTiles } from './support/console-desk';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { signUpNewClient, type NewClient } from './support/new-client';
import { OPERATOR_PASSWORD, addOperator, paidRecycling } from './support/operators';
import { startOwnServer } from './support/own-server';
import { tasksOnServer } from './support/paid-task';

test.use(WITHOUT_SERVICE_WORKER);

atTheDesk();

/** The client's own browser on their task's page (at `origin`: the suite's server unless given). */
async function clientTaskPage(
  browser: Browser,
  client: NewClient,
  taskId: string,
  origin = test.info().project.use.baseURL!,
): Promise<{ page: Page; details: TaskDetailsModal }> {
  const context = await browser.newContext({ viewport: DESK, baseURL: origin, serviceWorkers: 'block' });
  await refuseTiles(context);
  const page = await context.newPage();
  await page.goto('/icon.svg');
  await storeToken(page, client.token);
  await page.goto(`/client/tasks/${taskId}`);
  return { page, details: await new TaskDetailsModal(page).waitForOpen() };
}

/** A console of the server at `origin`, in a browser context of its own, its operator signed in (the board shows). */
async function consoleAt(browser: Browser, origin: string, operator: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: DESK, baseURL: origin, serviceWorkers: 'block' });
  await refuseTiles(context);
  const page = await context.newPage();
  const ops = await new OpsConsole(page).firstSignIn(operator.email, operator.password, OPERATOR_PASSWORD);
  return { page, ops };
}

const taskOf = async (api: Parameters<typeof tasksOnServer>[0], client: NewClient, id: string): Promise<Task> =>
  (await tasksOnServer(api, client)).find((task) => task._id === id)!;

test('a task nobody accepts shows in Needs attention, and its client gets Keep waiting, another time or a full refund', async ({
  browser,
}) => {
  // A minute without a driver is 'too long' here (DISPATCH_ATTENTION_MIN=1; 10 by default):
  // no driver is online on this server, so nobody can accept.
  const server = await startOwnServer({ ...process.env, DISPATCH_ATTENTION_MIN: '1' });
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    const client = await signUpNewClient(api, { lastname: `Waiting${Date.now()}` });
    // As soon as possible: dispatch starts offering it at once.
    const task = await paidRecycling(api, client, 2);
    const { page } = await consoleAt(browser, server.url, await addOperator(api, 'dispatcher'));
    const lane = page.getByRole('list', { name: 'Needs attention' });
    // Not yet: it has waited less than a minute.
    await expect(page.getByText('Nothing needs attention.')).toBeVisible();
    // The board refreshes itself; after the minute the task is in the lane with its reason and action.
    const item = lane.getByRole('listitem').filter({ has: page.locator(`a[href="/ops/console/tasks/${task._id}"]`) });
    await expect(item).toContainText('No driver accepted it: dispatch keeps offering it further away.', {
      timeout: 120_000,
    });
    await expect(item).toContainText('Assign one, or call the client.');
    await expect(item).toContainText(/\(waiting (1|2) min\)/);
    await expect(page.getByRole('heading', { name: /Needs attention/ }).locator('.ops-count')).toHaveText('1');

    // Dispatch told the client (once, at its next round): their task page offers the three choices.
    await expect.poll(async () => (await taskOf(api, client, task._id)).driversBusy, { timeout: 30_000 }).toBe(true);
    const { page: clientPage, details } = await clientTaskPage(browser, client, task._id, server.url);
    const busy = details.dialog.getByRole('region', { name: 'Drivers are busy near you' });
    await expect(busy).toContainText('No driver has taken your pickup yet.');
    await expect(busy.getByRole('button')).toHaveText([
      'Keep waiting',
      'Choose another time',
      'Cancel for a full refund',
    ]);
    await busy.getByRole('button', { name: 'Keep waiting' }).click();
    await expect(busy).toHaveCount(0);
    expect((await taskOf(api, client, task._id)).driversBusy).toBe(false);
    // Still in the dispatcher's lane: keeping the client waiting does not make it anyone else's.
    await expect(item).toBeVisible();
    await clientPage.context().close();
    await page.context().close();
  } finally {
    await api.dispose();
    await server.close();
  }
});

test("a dispatcher finds one task among 2,000 open ones by the client's phone", async ({ browser }) => {
  // 2,000 open tasks, each of its own client (phones +23480100xxxxx), written in one statement
  // into a data folder the server then opens.
  const dataDir = mkdtempSync(join(tmpdir(), 'greenpick-board-'));
  const seeding = await openDb({ dataDir });
  await migrate(seeding);
  const clients = await seedOpenTasks(seeding, 2000);
  await seeding.close();
  const server = await startOwnServer(undefined, undefined, { dataDir });
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    const { page, ops } = await consoleAt(browser, server.url, await addOperator(api, 'dispatcher'));

    const caption = page.locator('.ops-board-table caption');
    await expect(caption).toHaveText('2,000 tasks, due first · page 1 of 40');
    await expect(page.locator('.ops-board-table tbody tr')).toHaveCount(50);

    // Client 1234's phone, as a person reads it out.
    await ops.searchBoard('0801 000 1234');
    await expect(caption).toHaveText('1 task, due first · page 1 of 1');
    const rows = page.locator('.ops-board-table tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Client 1234');
    await expect(rows.first()).toContainText('1234 Herbert Macaulay Way, Yaba, Lagos');
    // Its page is the client's task.
    await rows.first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /^Household Waste Pickup/, level: 1 })).toBeVisible();
    await expect(page.locator('.ops-facts')).toContainText('Client 1234');
    expect(clients).toHaveLength(2000);
    await page.context().close();
  } finally {
    await api.dispose();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("support's refund above its limit goes to an admin, who approves it; the client reads 'Refund awaiting approval' meanwhile", async ({
  page,
  request,
  browser,
}) => {
  const client = await signUpNewClient(request);
  // 14 kg at ₦1,500: ₦21,000, above support's default limit of ₦20,000.
  const task = await paidRecycling(request, client, 14, { later: true });
  const agent = await addOperator(request, 'support');
  const ops = await new OpsConsole(page).firstSignIn(agent.email, agent.password, OPERATOR_PASSWORD);
  await page.goto(`/ops/console/tasks/${task._id}`);
  await expect(page.getByText('Your refund limit: ₦20,000.00')).toBeVisible();
  await page.getByLabel('Reason').fill('The client asked to cancel by phone');
  await page.getByRole('button', { name: 'Cancel task and refund' }).click();
  await expect(page.getByRole('alert')).toHaveText('Above your refund limit of ₦20,000.00');
  await page.getByRole('button', { name: 'Send to an admin for approval' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "Sent to the admins for approval; the client reads 'Refund awaiting approval'.",
  );
  await expect(ops.nav).toBeVisible();

  // The client, meanwhile: the task is open, its refund awaits an admin.
  const { page: clientPage, details } = await clientTaskPage(browser, client, task._id);
  await expect(details.dialog.getByText('Refund awaiting approval')).toBeVisible();

  // An admin, at a desk of their own: the Refunds screen holds the request; approved with a note.
  const { page: adminPage, ops: adminOps } = await consoleAt(
    browser,
    test.info().project.use.baseURL!,
    await addOperator(request, 'admin'),
  );
  await adminOps.open('Refunds');
  const card = adminPage
    .getByRole('listitem')
    .filter({ has: adminPage.locator(`a[href="/ops/console/tasks/${task._id}"]`) });
  await expect(card).toContainText('₦21,000.00');
  await expect(card).toContainText('The client asked to cancel by phone');
  await expect(card.locator('.ops-badge')).toHaveText('waiting');
  await card.getByLabel('Note (required)').fill('Missed twice: a full refund');
  await card.getByRole('button', { name: 'Approve and refund' }).click();
  await expect(card).toContainText(/Approved by .* Missed twice: a full refund/);
  await adminPage.context().close();

  // The client: cancelled, refunded in full, nothing awaiting any more.
  await clientPage.reload();
  const after = await new TaskDetailsModal(clientPage).waitForOpen();
  await expect(after.dialog).toContainText('Your task was cancelled');
  await expect(after.dialog).toContainText('₦21,000.00');
  await expect(after.dialog.getByText('Refund awaiting approval')).toHaveCount(0);
  await clientPage.context().close();
});
