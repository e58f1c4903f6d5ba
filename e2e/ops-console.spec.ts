/**
 * The operators' console (/ops/) at a desk's 1280 x 800: each journey adds its own operators,
 * client, task and driver (workers share one server), signs its operator in with the one-time
 * password and replaces it, and checks what the client sees in a browser of its own.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { OpsConsole } from './page-models/ops-console';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient, type NewClient } from './support/new-client';
import {
  OPERATOR_PASSWORD,
  addOperator,
  onlineDriver,
  opsTask,
  operatorToken,
  paidRecycling,
  reportProblem,
} from './support/operators';
import { DESK, atTheDesk, refuseTiles } from './support/console-desk';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { axeViolations, seriousViolations } from './support/axe';

test.use(WITHOUT_SERVICE_WORKER);

atTheDesk();

/** The client's own browser: Home, then Task Details of their newest task. */
async function clientTaskDetails(
  browser: Browser,
  client: NewClient,
): Promise<{ page: Page; details: TaskDetailsModal }> {
  const context = await browser.newContext({ viewport: DESK, baseURL: test.info().project.use.baseURL });
  await refuseTiles(context);
  const page = await context.newPage();
  await signInWithToken(page, client.token);
  const home = await new DashboardPage(page).goto();
  await expect(home.task(0).locator('.status-badge')).toHaveText('driver assigned');
  await home.task(0).getByRole('button', { name: 'View Task' }).click();
  return { page, details: await new TaskDetailsModal(page).waitForOpen() };
}

/** The board's markers whose centre lies outside the map's box (a marker out of view is still in the page). */
async function markersOutOfView(page: Page): Promise<string[]> {
  return page.locator('.ops-map').evaluate((map) => {
    const box = map.getBoundingClientRect();
    return [...map.querySelectorAll<HTMLElement>('.ops-pin')]
      .filter((pin) => {
        const { left, top, width, height } = pin.getBoundingClientRect();
        const [x, y] = [left + width / 2, top + height / 2];
        return x < box.left || x > box.right || y < box.top || y > box.bottom;
      })
      .map((pin) => pin.title);
  });
}

test("a dispatcher assigns a waiting task on the board, and the client's Home shows the driver", async ({
  page,
  request,
  browser,
}) => {
  // One surname for this test's clients: the board's search finds their tasks among everyone's.
  const surname = `Board${Date.now()}`;
  const client = await signUpNewClient(request, { lastname: surname });
  const task = await paidRecycling(request, client, 2, { later: true });
  // In Epe, 60 km east of the tasks in Surulere: the map must widen to show both.
  const driver = await onlineDriver(request, 'Tunde', { lat: 6.5841, lng: 3.9834 });
  const dispatcher = await addOperator(request, 'dispatcher');

  const ops = await new OpsConsole(page).firstSignIn(dispatcher.email, dispatcher.password, OPERATOR_PASSWORD);
  // A dispatcher's nav: the board and the drivers, nothing else.
  await expect(ops.navLinks()).toHaveText(['Board', 'Drivers']);

  await ops.searchBoard(surname);
  const waiting = ops.row(task._id);
  await expect(waiting).toContainText('Recycling Collection');
  // A future window says its day.
  await expect(waiting).toContainText(/[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{2}:00-\d{2}:00/);
  await expect(waiting).toContainText(/Waiting \d+ (s|min)/);
  // The map shows every online driver and open task, this driver far east included.
  await expect(page.locator(`.ops-pin-driver[title="${driver.name}"]`)).toHaveCount(1);
  await expect.poll(() => markersOutOfView(page)).toEqual([]);
  // A task booked while the board is open (by another client: this one's Home shows its newest) shows up without a reload.
  const booked = await paidRecycling(request, await signUpNewClient(request, { lastname: surname }), 3, {
    later: true,
  });
  await expect(ops.row(booked._id)).toBeVisible();

  await waiting.getByRole('combobox').selectOption({ label: `${driver.name} (Tricycle)` });
  await waiting.getByRole('button', { name: 'Assign' }).click();
  // The board refreshes itself: the row says Assigned, with its driver.
  const assigned = ops.row(task._id);
  await expect(assigned).toContainText('Assigned');
  await expect(assigned).toContainText(`Driver: ${driver.name}`);

  // Past its promise (its window's end) the card turns amber, and red 30 minutes later.
  const promise = Date.parse((await opsTask(request, task._id)).promiseAt);
  await page.clock.setFixedTime(promise + 60_000);
  await expect(assigned).toHaveClass(/ops-late-amber/);
  await expect(assigned.locator('.ops-badge')).toHaveText('Late');
  await page.clock.setFixedTime(promise + 31 * 60_000);
  await expect(assigned).toHaveClass(/ops-late-red/);
  await expect(assigned.locator('.ops-badge')).toHaveText('Very late');

  const { page: clientPage, details } = await clientTaskDetails(browser, client);
  await expect(details.dialog).toContainText(driver.name);
  await clientPage.context().close();
});

test('a dispatcher adds a driver with a photo, edits one, resets a password and deactivates a driver', async ({
  page,
  request,
}) => {
  const driver = await onlineDriver(request, 'Kemi');
  const dispatcher = await addOperator(request, 'dispatcher');
  const ops = await new OpsConsole(page).firstSignIn(dispatcher.email, dispatcher.password, OPERATOR_PASSWORD);
  await ops.open('Drivers');
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

  await expect(row(driver.name)).toContainText('Online, free');
  // Today's tasks, rating and acceptance rate: none yet for a new driver.
  await expect(row(driver.name).getByRole('cell')).toHaveText([
    'Tricycle · LAG 123 XY',
    'Online, free',
    '0',
    '—',
    '—',
    /Edit/,
  ]);

  const lastname = `Photo${Date.now()}`;
  await page.getByText('Add a driver').click();
  await page.getByLabel('First name').fill('Sade');
  await page.getByLabel('Last name').fill(lastname);
  await page.getByLabel('Phone').fill(`+23481${String(Date.now()).slice(-8)}`);
  await page.getByLabel('Vehicle').fill('Pickup truck');
  await page.getByLabel('Plate').fill('LAG 47 PH');
  await page.getByLabel(/^Photo/).fill('https://photos.greenpick.test/sade.jpg');
  await page.getByRole('button', { name: 'Add driver' }).click();
  await expect(page.getByRole('status')).toContainText(`One-time password for Sade ${lastname}`);
  await expect(row(`Sade ${lastname}`)).toContainText('Pickup truck · LAG 47 PH');
  await page.getByRole('button', { name: 'I have passed it on' }).click();

  // A driver with the server's initials as photo (added without one) saves an edit.
  await page.getByRole('button', { name: `Edit ${driver.name}` }).click();
  await row(driver.name).getByLabel('Plate').fill('LAG 999 ED');
  await row(driver.name).getByRole('button', { name: 'Save' }).click();
  await expect(row(driver.name)).toContainText('Tricycle · LAG 999 ED');

  await page.getByRole('button', { name: `Reset the password of ${driver.name}` }).click();
  await expect(page.getByRole('status')).toContainText(`One-time password for ${driver.name}`);
  await page.getByRole('button', { name: `Deactivate ${driver.name}` }).click();
  // It asks why and to confirm; reactivating is there once deactivated.
  const confirm = page.getByRole('form', { name: `Deactivate ${driver.name}` });
  await confirm.getByLabel('Reason').fill('Licence expired');
  await confirm.getByRole('button', { name: 'Confirm: deactivate' }).click();
  await expect(row(driver.name)).toContainText('Deactivated');
  await expect(page.getByRole('button', { name: `Reactivate ${driver.name}` })).toBeVisible();
});

test('a support agent answers a request, and the client sees the answer on the task', async ({
  page,
  request,
  browser,
}) => {
  const client = await signUpNewClient(request);
  const task = await paidRecycling(request, client, 2, { later: true });
  const driver = await onlineDriver(request, 'Bola');
  const dispatcher = await operatorToken(request, 'dispatcher');
  const assigned = await request.post(`/ops/tasks/${task._id}/assign`, {
    headers: { Authorization: `Bearer ${dispatcher.token}` },
    data: { driverId: driver.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const problem = await reportProblem(request, client, task._id);
  const agent = await addOperator(request, 'support');

  const ops = await new OpsConsole(page).firstSignIn(agent.email, agent.password, OPERATOR_PASSWORD);
  await expect(ops.navLinks()).toHaveText(['Board', 'Support', 'Clients']);
  await ops.open('Support');
  const request_ = page.getByRole('listitem').filter({ hasText: problem });
  await expect(request_).toContainText('Unanswered');
  const answer = 'Sorry about that: a driver comes tomorrow morning.';
  await request_.getByRole('textbox', { name: /^Reply to / }).fill(answer);
  await request_.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Reply sent to /);
  // Answered, it leaves the open requests; the answered ones show it with its reply.
  await expect(request_).toHaveCount(0);
  await page.getByLabel('Show answered and closed requests').check();
  await expect(request_).toContainText(`Reply: ${answer}`);
  await expect(request_).toContainText('Answered');

  const { page: clientPage, details } = await clientTaskDetails(browser, client);
  await expect(details.dialog.getByText(answer)).toBeVisible();
  await clientPage.context().close();
});

test("a support agent's cancel above the refund limit is refused, and the task stays open", async ({
  page,
  request,
}) => {
  const client = await signUpNewClient(request);
  // 14 kg at ₦1,500: ₦21,000, above support's default limit of ₦20,000.
  const task = await paidRecycling(request, client, 14, { later: true });
  const agent = await addOperator(request, 'support');

  const ops = await new OpsConsole(page).firstSignIn(agent.email, agent.password, OPERATOR_PASSWORD);
  await page.goto(`/ops/console/tasks/${task._id}`);
  await expect(page.getByRole('heading', { name: /^Recycling Collection/, level: 1 })).toBeVisible();
  await expect(page.getByText('Your refund limit: ₦20,000.00')).toBeVisible();
  await expect(page.getByText('₦21,000.00').first()).toBeVisible();
  await page.getByLabel('Reason').fill('The client asked to cancel by phone');
  await page.getByRole('button', { name: 'Cancel task and refund' }).click();
  await expect(page.getByRole('alert')).toHaveText('Above your refund limit of ₦20,000.00');
  await expect(ops.nav).toBeVisible();

  const admin = await operatorToken(request, 'admin');
  const stored = await request.get(`/ops/tasks/${task._id}`, { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(stored.status(), await stored.text()).toBe(200);
  expect(((await stored.json()) as { data: { status: string } }).data.status).toBe('pending');
});

test("an admin reads a dispatcher's assignment and a support agent's reply in the audit", async ({ page, request }) => {
  const client = await signUpNewClient(request);
  const task = await paidRecycling(request, client, 2, { later: true });
  const driver = await onlineDriver(request, 'Femi');
  const dispatcher = await operatorToken(request, 'dispatcher');
  const agent = await operatorToken(request, 'support');

  const assigned = await request.post(`/ops/tasks/${task._id}/assign`, {
    headers: { Authorization: `Bearer ${dispatcher.token}` },
    data: { driverId: driver.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const problem = await reportProblem(request, client, task._id);
  const inbox = await request.get('/ops/support', { headers: { Authorization: `Bearer ${agent.token}` } });
  expect(inbox.status(), await inbox.text()).toBe(200);
  const supportRequest = ((await inbox.json()) as { data: { id: string; text: string }[] }).data.find(
    (entry) => entry.text === problem,
  );
  expect(supportRequest).toBeDefined();
  const replied = await request.post(`/ops/support/${supportRequest!.id}/reply`, {
    headers: { Authorization: `Bearer ${agent.token}` },
    data: { reply: 'We are on it.' },
  });
  expect(replied.status(), await replied.text()).toBe(200);

  const admin = await addOperator(request, 'admin');
  const ops = await new OpsConsole(page).firstSignIn(admin.email, admin.password, OPERATOR_PASSWORD);
  await expect(ops.navLinks()).toHaveText([
    'Board',
    'Support',
    'Payments',
    'Refunds',
    'Reports',
    'Payouts',
    'Services',
    'Plans',
    'Drivers',
    'Clients',
    'Operators',
    'Audit',
  ]);
  await ops.open('Audit');
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: dispatcher.email }).filter({ hasText: task._id })).toHaveCount(1);
  await expect(rows.filter({ hasText: agent.email }).filter({ hasText: supportRequest!.id })).toHaveCount(1);
});

test("the client's first visit loads nothing of the console, nor precaches it; the console loads only its own files", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  expect(asked.filter((path) => path.startsWith('/assets/ops-') || path.startsWith('/ops'))).toEqual([]);
  expect(asked.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(0);
  // Nor does the client's worker precache any of it.
  const worker = await page.request.get('/sw.js');
  expect(await worker.text()).not.toMatch(/assets\/ops-|ops\/index\.html/);

  asked.length = 0;
  await page.goto('/ops/console/board');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const consoleFiles = asked.filter((path) => path.startsWith('/assets/'));
  expect(consoleFiles.length).toBeGreaterThan(0);
  expect(consoleFiles.filter((path) => !path.startsWith('/assets/ops-'))).toEqual([]);
});

// One test per width, so that the two run side by side: as one test (15 axe runs) it came
// near its time-out on a busy machine.
for (const width of [1280, 768]) {
  test(`axe finds nothing serious on the console's screens at ${width}px (${width === 1280 ? "a desk's width" : "a tablet's"})`, async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const task = await paidRecycling(request, client, 2, { later: true });
    await reportProblem(request, client, task._id);
    const admin = await addOperator(request, 'admin');
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/ops/');
    const serious = async () => seriousViolations(await axeViolations(page));
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await serious(), `sign-in at ${width}px`).toEqual([]);
    await new OpsConsole(page).firstSignIn(admin.email, admin.password, OPERATOR_PASSWORD);
    for (const screen of [
      'board',
      `tasks/${task._id}`,
      'support',
      'drivers',
      'payments',
      'refunds',
      'reports',
      'plans',
      'operators',
      'audit',
    ]) {
      await page.goto(`/ops/console/${screen}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      if (screen === 'board') await expect(page.locator('.maplibregl-canvas')).toBeVisible();
      expect(await serious(), `${screen} at ${width}px`).toEqual([]);
    }
  });
}
