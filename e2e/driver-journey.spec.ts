/**
 * The driver's app (issue 46) with a client in another browser: the client books 3.5 kg of
 * recycling and pays; a driver added by the operator signs in with the one-time password,
 * chooses their own, goes online in Lagos with the phone's position, declines the offer of a
 * pickup booked earlier, gets the offer of the client's, accepts,
 * goes on the way (the client's task page shows where the phone is), arrives, chats both ways
 * and completes with the client's code and 3.5 kg; the client's points and receipt follow.
 * Again with the driver's network dropped between arrival and completion: a wrong code and
 * then the right one wait on the phone, are sent when the network is back, and the server's
 * answer shows (refused, then completed); the task screen opens offline with its age.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { formatDistance, haversineMeters, offsetByMeters } from '../src/shared/geo';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { DriverApp } from './page-models/driver-app';
import { axeViolations, seriousViolations } from './support/axe';
import { signInWithToken } from './support/demo-client';
import { addDriver, driverLocationSeenByClient } from './support/driver';
import { signUpNewClient, type NewClient } from './support/new-client';
import { createPaidTask, messagesOnServer, tasksOnServer } from './support/paid-task';
import { test as onOwnServer } from './support/own-server';
import { MOBILE, shot } from './support/viewports';

test.use({ viewport: MOBILE });

/** No serious or critical axe violation (contrast AA among them) on what the screen shows now. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(seriousViolations(await axeViolations(page)), what).toEqual([]);
}

interface Booked {
  client: NewClient;
  taskId: string;
  pickup: { lat: number; lng: number };
  address: string;
}

/** The client books 3.5 kg of recycling at `place` on the booking screen and pays; the task's page opens. */
async function bookRecycling(
  page: Page,
  request: Parameters<typeof signUpNewClient>[0],
  place: string,
): Promise<Booked> {
  const client = await signUpNewClient(request);
  await signInWithToken(page, client.token);
  const home = await new DashboardPage(page).goto();
  await home.service('Recycling Services').click();
  const booking = new CreateTaskPage(page);
  await expect(page.getByRole('heading', { name: /^Recycling .*Task$/, level: 1 })).toBeVisible();
  await booking.chooseAddress(place, new RegExp(`^${place}`));
  await booking.openSummary();
  await page.getByLabel('How many kg?').fill('3.5');
  await expect(booking.fact('Total')).toHaveText('₦1,500.00 x 3.5 kg = ₦5,250.00');
  const checkout = await booking.proceed();
  await checkout.pay('5,250');
  await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);
  const taskId = page.url().split('/').pop()!;
  const task = (await tasksOnServer(request, client)).find((one) => one._id === taskId)!;
  expect(task).toMatchObject({ type: 'recycling', quantity: 3.5, amount: 5250 });
  const [lng, lat] = task.location.coordinates;
  return { client, taskId, pickup: { lat: lat!, lng: lng! }, address: task.address };
}

/** The driver's phone: its own browser context, allowed its position, which the test sets. */
async function driverPhone(
  browser: Browser,
  at: { lat: number; lng: number },
  baseURL: string,
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: MOBILE,
    hasTouch: true,
    isMobile: true,
    permissions: ['geolocation'],
    geolocation: { latitude: at.lat, longitude: at.lng, accuracy: 15 },
    baseURL,
  });
}

/** The client's task page, read again: its state line and the distance badge. */
async function clientTaskPage(page: Page, taskId: string) {
  await page.goto(`/client/tasks/${taskId}`);
  const details = page.getByRole('dialog', { name: 'Task Details' });
  await expect(details).toBeVisible();
  return details;
}

/**
 * Up to the driver at the door: signed in, online at `start` (1.5 km north of the pickup),
 * the offer accepted, on the way, the client seeing the phone's position, arrived, and the
 * chat both ways. Answers the driver's page.
 */
async function driveToTheDoor(
  browser: Browser,
  page: Page,
  request: Parameters<typeof signUpNewClient>[0],
  booked: Booked,
  baseURL: string,
  /** A task booked before the journey's: offered first, and declined. */
  olderTaskId?: string,
): Promise<{ driverPage: Page; driverContext: BrowserContext; driverId: string }> {
  const start = offsetByMeters(booked.pickup, 1500, 0);
  // The operator registers the driver 4 km away: what the client sees later is the phone's position, not this.
  const driver = await addDriver(request, offsetByMeters(booked.pickup, 4000, 0));
  const driverContext = await driverPhone(browser, start, baseURL);
  const driverPage = await driverContext.newPage();
  const app = new DriverApp(driverPage);
  await app.signIn(driver.phone, driver.password, `road-${driver.password}`);
  await shot(driverPage, 'driver-tasks-empty');
  await app.goOnline();
  if (olderTaskId) await app.declineOffer(olderTaskId);
  await app.acceptOffer(booked.taskId, booked.address, async () => {
    await shot(driverPage, 'driver-offer');
    await expectAccessible(driverPage, 'the offer');
  });
  await expect(driverPage).toHaveURL(new RegExp(`/driver/tasks/${booked.taskId}$`));
  await expect(driverPage.getByRole('heading', { name: 'Recycling Collection' })).toBeVisible();
  await expect(driverPage.getByTestId('task-status')).toHaveText('Accepted');
  // Navigate asks once which maps app, opens it at the pin and remembers the choice.
  // The maps app stands in as a page of the test's own (no network beyond the server here).
  await driverContext.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Maps</title>' }),
  );
  await driverPage.getByRole('button', { name: 'Navigate' }).click();
  const handOff = driverContext.waitForEvent('page');
  await driverPage.getByRole('radio', { name: 'Google Maps' }).click();
  const maps = await handOff;
  await maps.waitForLoadState();
  expect(maps.url()).toBe(
    `https://www.google.com/maps/dir/?api=1&destination=${booked.pickup.lat},${booked.pickup.lng}&travelmode=driving`,
  );
  await maps.close();
  const navigate = driverPage.getByRole('link', { name: 'Navigate' });
  await expect(navigate).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${booked.pickup.lat},${booked.pickup.lng}&travelmode=driving`,
  );
  await expect(driverPage.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+234\d{10}$/);

  // On the way: the client's page names the assigned driver, then shows where the phone is.
  await driverPage.getByRole('button', { name: "I'm on my way" }).click();
  await expect(driverPage.getByTestId('task-status')).toHaveText('On the way');
  await shot(driverPage, 'driver-task-on-the-way');
  await expect
    .poll(async () => driverLocationSeenByClient(request, booked.client, driver.id))
    .toEqual({ lat: expect.closeTo(start.lat, 5), lng: expect.closeTo(start.lng, 5) });
  let details = await clientTaskPage(page, booked.taskId);
  const distance = formatDistance(haversineMeters(start, booked.pickup));
  await expect(details.getByRole('listitem').filter({ hasText: 'Distance' })).toContainText(distance);

  // The phone moves nearer: moving, its points (every 5 s) go in a batch every 30 s and move the driver for the client.
  const nearer = offsetByMeters(booked.pickup, 700, 0);
  await driverContext.setGeolocation({ latitude: nearer.lat, longitude: nearer.lng, accuracy: 10 });
  await expect
    .poll(async () => driverLocationSeenByClient(request, booked.client, driver.id), { timeout: 45_000 })
    .toEqual({ lat: expect.closeTo(nearer.lat, 5), lng: expect.closeTo(nearer.lng, 5) });
  details = await clientTaskPage(page, booked.taskId);
  await expect(details.getByRole('listitem').filter({ hasText: 'Distance' })).toContainText(
    formatDistance(haversineMeters(nearer, booked.pickup)),
  );

  // At the gate, 120 m from the pin: 'I've arrived' counts within 150 m of the driver's newest
  // stored point (docs/lifecycle.md), and a point is stored once it implies at most 150 km/h
  // from the one before, so the phone's next samples bring it there.
  const gate = offsetByMeters(booked.pickup, 120, 0);
  await driverContext.setGeolocation({ latitude: gate.lat, longitude: gate.lng, accuracy: 10 });
  await expect
    .poll(async () => driverLocationSeenByClient(request, booked.client, driver.id), { timeout: 60_000 })
    .toEqual({ lat: expect.closeTo(gate.lat, 5), lng: expect.closeTo(gate.lng, 5) });
  // Arrived: the client reads it.
  await driverPage.getByRole('button', { name: "I've arrived" }).click();
  await expect(driverPage.getByTestId('task-status')).toHaveText('Arrived');
  details = await clientTaskPage(page, booked.taskId);
  await expect(details.locator('.progress-plain')).toHaveText('Your driver has arrived');

  // The chat, both ways.
  await driverPage.getByRole('link', { name: 'Chat' }).click();
  await driverPage.getByRole('textbox', { name: 'Message' }).fill('I am at the gate');
  await driverPage.getByRole('button', { name: 'Send' }).click();
  const driverThread = driverPage.getByRole('list', { name: 'Messages' });
  await expect(driverThread).toContainText('I am at the gate');
  await details.getByRole('button', { name: 'Open Chat' }).click();
  const clientChat = page.getByRole('dialog', { name: /^Chat with / });
  await expect(clientChat).toContainText('I am at the gate');
  await clientChat.getByPlaceholder('Type your message...').fill('Coming down now');
  await clientChat.getByRole('button', { name: 'Send' }).click();
  await expect(driverThread).toContainText('Coming down now');
  await shot(driverPage, 'driver-chat');
  await driverPage.getByRole('link', { name: 'Back to the task' }).click();
  return { driverPage, driverContext, driverId: driver.id };
}

/** The client's code, as their task page shows it. */
async function confirmationCode(page: Page, taskId: string): Promise<string> {
  const details = await clientTaskPage(page, taskId);
  const code = (
    await details
      .getByText(/^Confirmation code:/)
      .locator('strong')
      .textContent()
  )?.trim();
  expect(code).toMatch(/^\S+$/);
  return code!;
}

/** After completion: 'done', 35 points (10 a weighed kg) on the client's home, and the receipt's line. */
async function expectClientSeesCompletion(page: Page, taskId: string): Promise<void> {
  const details = await clientTaskPage(page, taskId);
  await expect(details.locator('.progress-plain')).toHaveText('Your task is done');
  await page.getByRole('link', { name: 'View receipt' }).click();
  const receipt = page.getByRole('article', { name: /^Receipt #/ });
  await expect(receipt.getByTestId('receipt-line')).toHaveText('3.5 kg x ₦1,500.00 (per kg) = ₦5,250.00');
  const home = await new DashboardPage(page).goto();
  await expect(home.balanceCard).toContainText('35.00');
}

onOwnServer(
  'a client books and pays; a driver declines an earlier pickup, accepts this one, drives there, arrives, chats and completes with the code and 3.5 kg',
  async ({ browser, page, request, baseURL }) => {
    // Another client's pickup, booked first: dispatch offers it to the driver first, who declines it.
    const older = await createPaidTask(request, await signUpNewClient(request));
    const booked = await bookRecycling(page, request, 'Ikeja');
    const { driverPage, driverContext } = await driveToTheDoor(browser, page, request, booked, baseURL!, older._id);
    const code = await confirmationCode(page, booked.taskId);

    await driverPage.getByLabel("Client's confirmation code").fill(code);
    await expect(driverPage.getByLabel('Weight collected (kg)')).toHaveValue('3.5');
    await shot(driverPage, 'driver-task-complete-form');
    await expectAccessible(driverPage, 'the task, arrived');
    await driverPage.getByRole('button', { name: 'Complete pickup' }).click();
    await expect(driverPage.getByRole('heading', { name: 'Pickup completed' })).toBeVisible();
    await expect(driverPage.getByRole('status')).toContainText('The client earned 35 points');
    await expectClientSeesCompletion(page, booked.taskId);

    // Earnings: 70% of ₦5,250.00 today.
    await driverPage.getByRole('link', { name: 'Earnings' }).click();
    await expect(driverPage.getByTestId('earnings-today')).toHaveText('₦3,675.00');
    await expect(driverPage.getByRole('region', { name: 'Today' })).toContainText('1 task');
    await shot(driverPage, 'driver-earnings');
    await expectAccessible(driverPage, 'earnings');
    await new DriverApp(driverPage).goOffline();
    await driverContext.close();
  },
);

onOwnServer(
  "the driver's network drops after arrival: a wrong code and the right one wait, are judged when it returns",
  async ({ browser, page, request, baseURL }) => {
    const booked = await bookRecycling(page, request, 'Yaba');
    const { driverPage, driverContext } = await driveToTheDoor(browser, page, request, booked, baseURL!);
    const code = await confirmationCode(page, booked.taskId);
    const app = new DriverApp(driverPage);
    await app.waitForWorker();

    await driverContext.setOffline(true);
    // The task screen opens offline, with its age.
    await driverPage.reload();
    await expect(driverPage.getByRole('heading', { name: 'Recycling Collection' })).toBeVisible();
    await expect(driverPage.getByTestId('screen-age')).toHaveText(/^Offline\. Updated (just now|\d+ min ago)$/);
    await expect(driverPage.getByTestId('task-status')).toHaveText('Arrived');

    // A chat message written offline waits on the phone.
    await driverPage.getByRole('link', { name: 'Chat' }).click();
    await driverPage.getByRole('textbox', { name: 'Message' }).fill('Weighing your bags now');
    await driverPage.getByRole('button', { name: 'Send' }).click();
    await expect(driverPage.getByRole('list', { name: 'Messages' }).getByRole('listitem').last()).toContainText(
      'Weighing your bags nowWaiting for the network',
    );
    await driverPage.getByRole('link', { name: 'Back to the task' }).click();

    // A wrong code, offline: it waits, and the server judges it once the network is back.
    await driverPage.getByLabel("Client's confirmation code").fill(`9${code}`);
    await driverPage.getByRole('button', { name: 'Complete pickup' }).click();
    await expect(driverPage.getByRole('status').filter({ hasText: 'Waiting for the network' })).toContainText(
      'Completing the pickup',
    );
    await shot(driverPage, 'driver-offline-waiting');
    await driverContext.setOffline(false);
    await expect(driverPage.getByRole('alert')).toContainText(
      'Refused (Completing the pickup): Wrong confirmation code',
    );
    // The message went first, once.
    await expect
      .poll(async () =>
        (await messagesOnServer(request, booked.client, booked.taskId))
          .filter((message) => message.sender === 'driver')
          .map((message) => message.content),
      )
      .toEqual(['I am at the gate', 'Weighing your bags now']);
    expect((await tasksOnServer(request, booked.client)).find((one) => one._id === booked.taskId)?.status).not.toBe(
      'completed',
    );

    // The right one, offline again: it waits, then lands.
    await driverContext.setOffline(true);
    await driverPage.getByLabel("Client's confirmation code").fill(code);
    await driverPage.getByRole('button', { name: 'Complete pickup' }).click();
    await expect(driverPage.getByRole('status').filter({ hasText: 'Waiting for the network' })).toBeVisible();
    expect((await tasksOnServer(request, booked.client)).find((one) => one._id === booked.taskId)?.status).not.toBe(
      'completed',
    );
    await driverContext.setOffline(false);
    await expect(driverPage.getByRole('heading', { name: 'Pickup completed' })).toBeVisible();
    await expectClientSeesCompletion(page, booked.taskId);

    // Every screen seen once online opens offline, with its age.
    await driverPage.getByRole('link', { name: 'Earnings' }).click();
    await expect(driverPage.getByTestId('earnings-today')).toHaveText('₦3,675.00');
    await driverContext.setOffline(true);
    for (const [path, heading] of [
      ['/driver/earnings', 'Earnings'],
      ['/driver/', "Today's tasks"],
      [`/driver/tasks/${booked.taskId}/chat`, 'Chat with the client'],
    ] as const) {
      await driverPage.goto(path);
      await expect(driverPage.getByRole('heading', { name: heading, level: 1 }), path).toBeVisible();
      await expect(driverPage.getByTestId('screen-age'), path).toHaveText(/^Offline\. Updated /);
    }
    await expect(driverPage.getByRole('list', { name: 'Messages' })).toContainText('Coming down now');
    await driverContext.setOffline(false);
    await app.goOffline();
    await driverContext.close();
  },
);

test("the driver's app installs on its own: its manifest, a worker scoped to /driver/, and it opens offline", async ({
  playwright,
  baseURL,
}, testInfo) => {
  // Chromium never offers installing in an incognito profile (every Playwright context is one): a real profile here.
  const userDataDir = await mkdtemp(join(tmpdir(), 'greenpick-driver-install-'));
  const context = await playwright.chromium.launchPersistentContext(userDataDir, {
    ...testInfo.project.use.launchOptions,
    viewport: MOBILE,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/driver/');
    await expect(page).toHaveURL(/\/driver\/login$/);
    await expect(page.getByRole('heading', { name: 'GreenPick Driver', level: 1 })).toBeVisible();
    await new DriverApp(page).waitForWorker();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(
      `${baseURL}/driver/`,
    );
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseURL}/driver/manifest.webmanifest`);
    expect(errors).toEqual([]);
    expect(JSON.parse(data ?? '{}')).toMatchObject({
      name: 'GreenPick Driver',
      start_url: '/driver/',
      scope: '/driver/',
    });
    await shot(page, 'driver-sign-in');

    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto('/driver/earnings');
    // Signed out, a screen leads to the sign-in: the app itself opened without network.
    await expect(offline).toHaveURL(/\/driver\/login$/);
    await expect(offline.getByRole('button', { name: 'Send me a code' })).toBeVisible();
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
});
