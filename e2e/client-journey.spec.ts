/**
 * A new client's whole journey on a 375x667 and a 320x568 phone (issue 48): booking with the
 * Task Summary as a bottom sheet (one line while searching, pinning and typing details; the
 * suggestions, the pin and the details never under it; opened by a tap, a drag or the keyboard),
 * paying, landing on the new task's page; 'Scheduled for' until a driver is assigned; who is
 * coming above the map; arrival; chat closed back to the task; completion and the rating asked
 * once. Positions are checked with bounding boxes and with what the centre of an element hits.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatLagosDay } from '../src/shared/display-format';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { Shell } from './page-models/shell';
import { atEachWidth } from './support/at-each-width';
import { assignNewDriver, moveDriver, moveTaskTo } from './support/assigned-task';
import { signInWithToken } from './support/demo-client';
import { saveHomePlace, signUpNewClient } from './support/new-client';
import { RECYCLING, createPaidTask, tasksOnServer } from './support/paid-task';
import { PHONES, shot } from './support/viewports';
import { appHasTakenOver, waitForServiceWorker } from './support/network';

const DAY_MS = 24 * 60 * 60 * 1000;
const LEKKI = { address: 'Admiralty Way, Lekki Phase 1, Lagos State, Nigeria', lat: 6.4474, lng: 3.4723 };
const YABA = { address: 'Yaba, Lagos State, Nigeria', lat: 6.5095, lng: 3.3711 };
const SURULERE = { address: 'Surulere, Lagos State, Nigeria', lat: 6.4926, lng: 3.3553 };

/** The top of the tab bar when it shows (not under an open dialog), else the window's bottom. */
async function bottomOfScreen(page: Page): Promise<number> {
  const tabBar = page.getByRole('navigation', { name: 'Main' });
  const top = (await tabBar.count())
    ? await tabBar.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return rect.y < window.innerHeight && hit !== null && element.contains(hit) ? rect.y : null;
      })
    : null;
  return top ?? page.viewportSize()!.height;
}

/** Wholly in the window above the tab bar (when there is one), and what its centre hits is itself. */
async function expectUncovered(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what}: not rendered`).not.toBeNull();
  const bottom = await bottomOfScreen(page);
  expect(box!.y, `${what}: above the window`).toBeGreaterThanOrEqual(-1);
  expect(box!.y + box!.height, `${what}: below the window or under the tab bar`).toBeLessThanOrEqual(bottom + 0.5);
  const isOnTop = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (element.contains(hit) || hit.contains(element));
  });
  expect(isOnTop, `${what}: covered by another element`).toBe(true);
}

/**
 * The first visit installs the service worker, and 'Ready to work offline' then shows at the top
 * of the booking screen for 3 s, over the suggestions or the pin at a moment set by how fast the
 * install went: it comes and goes before any position is checked.
 */
async function offlineReadyCameAndWent(page: Page): Promise<void> {
  await waitForServiceWorker(page);
  const toast = page.locator('.Toastify__toast', { hasText: 'Ready to work offline' });
  await expect(toast).toBeAttached();
  await expect(toast).toHaveCount(0);
}

async function expectAbove(upper: Locator, lower: Locator, what: string): Promise<void> {
  const [a, b] = [(await upper.boundingBox())!, (await lower.boundingBox())!];
  expect(a.y + a.height, what).toBeLessThanOrEqual(b.y + 0.5);
}

test('a new client books, pays and lands on the task page at 375x667 and 320x568', async ({ page, request }) => {
  await atEachWidth(page, PHONES, async (viewport) => {
    const client = await signUpNewClient(request);
    // Places used before: Home saved and two recycling pickups booked, offered on an empty search.
    await saveHomePlace(request, client, { ...LEKKI, addressDetails: 'Blue gate' });
    for (const place of [YABA, SURULERE]) await createPaidTask(request, client, place, RECYCLING);
    await signInWithToken(page, client.token);
    await page.goto('/client/create');
    await appHasTakenOver(page);
    if (viewport === PHONES[0]) await offlineReadyCameAndWent(page);
    const booking = new CreateTaskPage(page);
    await booking.pickService('Household Waste Pickup');
    const sheet = booking.summary;
    const toggle = sheet.getByRole('button', { name: /^(Show|Hide) details: Household Waste Pickup/ });

    // The saved and recent places open above the one-line sheet, the last one too.
    await booking.addressInput.focus();
    await expect(booking.options).toHaveCount(3);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectUncovered(page, booking.options.last(), 'the last saved or recent place');
    await shot(page, `booking-places-${viewport.width}`);

    // Searching: the sheet is one line and the suggestions lie above it, whole and uncovered.
    await booking.addressInput.fill('Ikeja');
    await expect(page.getByRole('listbox', { name: 'Suggested places' })).toHaveAttribute('aria-busy', 'false');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.height, 'the collapsed sheet is one row').toBeLessThanOrEqual(88);
    await expectUncovered(page, booking.proceedButton, "'Proceed to Payment' in the collapsed sheet");
    await expect(sheet.getByTestId('sheet-amount')).toHaveText('₦1,500.00');
    await expectUncovered(page, booking.options.first(), 'the first suggestion');
    await shot(page, `booking-search-${viewport.width}`);
    await booking.chooseAddress('Ikeja', /^Ikeja/);

    // Pinning and typing details: the pin and the details field are never under the sheet.
    await booking.waitForMap();
    await booking.marker.scrollIntoViewIfNeeded();
    await expectUncovered(page, booking.marker, 'the pin');
    await booking.addressDetails.click();
    await booking.addressDetails.fill('Blue gate, second floor');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expectUncovered(page, booking.addressDetails, 'the address details');
    await expectAbove(booking.addressDetails, sheet, 'the details field lies above the sheet');
    await shot(page, `booking-details-${viewport.width}`);

    // A tap opens it: the facts, 'per pickup' on one line (never broken inside a word).
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const unit = booking.fact('Pricing Unit');
    await expect(unit).toHaveText('per pickup');
    const unitLines = await unit.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(unitLines, "'per pickup' stays on one line").toBe(1);
    await expectUncovered(page, booking.proceedButton, "'Proceed to Payment' in the open sheet");
    await shot(page, `booking-sheet-open-${viewport.width}`);
    // Booked for tomorrow's last window.
    const tomorrow = formatLagosDay(Date.now() + DAY_MS);
    await page.getByRole('radio', { name: 'Choose a time' }).check();
    await page.getByLabel('Pickup day').selectOption({ label: tomorrow });
    await page.getByLabel('Pickup window').selectOption({ label: '16:00-18:00' });
    await expectUncovered(page, booking.proceedButton, "'Proceed to Payment' with the pickers open");

    // The keyboard closes it (Arrow Down) and a drag of the handle upwards opens it again.
    await toggle.focus();
    await page.keyboard.press('ArrowDown');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowUp');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const handle = (await toggle.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 60, { steps: 6 });
    await page.mouse.up();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Focus back in the search closes it again.
    await booking.addressInput.focus();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Paying from the one line lands on the new task's page.
    const checkout = await booking.proceed();
    await checkout.pay('1,500');
    await expect(page).toHaveURL(/\/client\/tasks\/[^/]+$/);
    const details = page.getByRole('dialog', { name: 'Task Details' });
    await expect(details).toBeVisible();
    const taskId = page.url().split('/').pop()!;
    const scheduled = `Scheduled for ${tomorrow}, 16:00-18:00`;
    await expect(details.locator('.progress-plain')).toHaveText(scheduled);
    await expect(details).not.toContainText('Finding your driver');
    // The notifications offer (this Chromium can push and was never asked) is on the first screen, not below the fold.
    const offer = details.getByRole('complementary', { name: 'Notifications' });
    await expect(offer).toBeVisible();
    await expectUncovered(
      page,
      offer.getByRole('button', { name: 'Get told when your driver is on the way' }),
      'the offer',
    );
    await expectUncovered(page, offer.getByRole('button', { name: 'Not now' }), "the offer's 'Not now'");
    await shot(page, `task-after-paying-${viewport.width}`);

    // Home says the same until a driver is assigned.
    await details.getByRole('button', { name: 'Close' }).click();
    const home = await new DashboardPage(page).goto();
    const openTask = page
      .getByRole('list', { name: 'Your open tasks' })
      .getByRole('listitem')
      .filter({ hasText: 'Household Waste Pickup' });
    await expect(openTask.locator('.progress-plain')).toHaveText(scheduled);
    // Each service tile says its price and unit; 'per pickup' stays whole.
    const tile = home.service('Household Waste Pickup');
    await expect(tile).toContainText('from ₦1,500.00 per pickup');
    const unitTops = await tile.locator('.dashboard-service-unit').evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(unitTops, "'per pickup' on one line").toBe(1);
    await shot(page, `home-scheduled-${viewport.width}`);

    // A driver: who is coming is the first screen, above the map; the phone grouped.
    await assignNewDriver(request, taskId, {
      firstname: 'Kunle',
      lastname: 'Adeyemi',
      phone: '+2348052140917',
      vehicle: 'Toyota Hiace, white',
      plate: 'KJA-123XY',
    });
    await page.goto(`/client/tasks/${taskId}`);
    await expect(details.locator('.progress-plain')).toHaveText('A driver is assigned to your task');
    const card = details.getByRole('region', { name: 'Who is coming' });
    // The photo (or initials) beside the name; then vehicle, plate, rating and the phone grouped, one under the other.
    const photo = card.getByRole('img', { name: "Kunle Adeyemi's avatar" });
    await expect(photo).toBeVisible();
    const [photoBox, nameBox] = [(await photo.boundingBox())!, (await card.getByText('Kunle Adeyemi').boundingBox())!];
    expect(photoBox.x + photoBox.width, 'the photo beside the name').toBeLessThanOrEqual(nameBox.x + 0.5);
    const facts = ['Kunle Adeyemi', 'Toyota Hiace, white', 'KJA-123XY', 'No ratings yet', '+234 805 214 0917'];
    for (const [upper, lower] of facts.slice(0, -1).map((fact, index) => [fact, facts[index + 1]!] as const))
      await expectAbove(card.getByText(upper), card.getByText(lower), `${upper} above ${lower}`);
    await expect(details.getByText('+2348052140917')).toHaveCount(0);
    const map = details.locator('.task-details-map');
    await expectAbove(card, map, 'who is coming lies above the map');
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.y + cardBox.height, 'who is coming is on the first screen').toBeLessThanOrEqual(viewport.height);
    await shot(page, `task-driver-assigned-${viewport.width}`);

    // Opening the chat and closing it comes back to the task page.
    await details.getByRole('button', { name: 'Open Chat' }).click();
    const chat = page.getByRole('dialog', { name: /Chat/ });
    await expect(chat).toBeVisible();
    await chat.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/client/tasks/${taskId}$`));

    // The driver reaches the pin: 'Your driver has arrived', never 'On the way' with a distance of 0 m.
    const [task] = (await tasksOnServer(request, client)).filter((one) => one._id === taskId);
    const [lng, lat] = task!.location.coordinates;
    await moveDriver(request, task!.driverId!, { lat: lat!, lng: lng! });
    await page.reload();
    await expect(details.locator('.progress-plain')).toHaveText('Your driver has arrived');
    await expect(details.getByRole('listitem').filter({ hasText: 'Distance' })).toHaveCount(0);
    await expect(details).not.toContainText('On the way');
    await shot(page, `task-arrived-${viewport.width}`);

    // Completed: the rating is asked once, first on the page; never 'Waiting for the driver's location'.
    await moveTaskTo(request, taskId, 'completed');
    await page.reload();
    await expect(details.locator('.progress-plain')).toHaveText('Your task is done');
    const prompt = details.getByRole('form', { name: 'How was your pickup? Rate Kunle Adeyemi' });
    await expect(prompt).toBeVisible();
    await expectAbove(prompt, map, 'the rating prompt lies above the map');
    await expect(details).not.toContainText("Waiting for the driver's location");
    await shot(page, `task-completed-rate-${viewport.width}`);
    if (viewport.width === 320) {
      // Skipped: not asked again, the form stays further down.
      await prompt.getByRole('button', { name: 'Skip' }).click();
      await expect(prompt).toHaveCount(0);
      await page.reload();
      await expect(details.getByRole('form', { name: 'Rate Kunle Adeyemi' })).toBeVisible();
      await expectAbove(map, details.getByRole('form', { name: 'Rate Kunle Adeyemi' }), 'after Skip, below the map');
    } else {
      await prompt.getByRole('group', { name: 'Stars' }).getByRole('radio', { name: '5 stars' }).check();
      await prompt.getByRole('button', { name: 'Send rating' }).click();
      await expect(details.getByText('You rated Kunle Adeyemi 5 stars out of 5')).toBeVisible();
    }

    // Settings, from Profile: with the plan, points, recurring pickups and help, above 'Log Out'.
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
    await new Shell(page).link('Profile').click();
    const menu = page.getByRole('navigation', { name: 'Your account' });
    for (const name of [/^Your plan/, /^Points/, /^Recurring pickups/, /^Help/, /^Settings/])
      await expect(menu.getByRole('link', { name })).toBeVisible();
    await expectAbove(
      menu,
      page.getByRole('button', { name: 'Log Out', exact: true }),
      "the menu lies above 'Log Out'",
    );
    const settingsLink = menu.getByRole('link', { name: /^Settings/ });
    await settingsLink.scrollIntoViewIfNeeded();
    await expectUncovered(page, settingsLink, 'the Settings link');
    expect((await settingsLink.boundingBox())!.height, 'a 48px row to touch').toBeGreaterThanOrEqual(44);
    await shot(page, `profile-menu-${viewport.width}`);
    await settingsLink.click();
    await expect(page).toHaveURL(/\/client\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await shot(page, `settings-${viewport.width}`);
  });
});
