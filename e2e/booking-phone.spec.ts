/**
 * The booking screen on a 375x667 phone, built like a ride app: the address search above the
 * map, and a bottom sheet which, once opened, keeps the service, quantity, when, total and
 * 'Proceed to Payment' on screen while the page scrolls; the chosen address is never cut off,
 * and 'Map unavailable' never covers the pin (tiles never load in tests). The sheet's one line
 * while searching, pinning and typing details is e2e/client-journey.spec.ts's.
 *
 * Without the service worker: its first install shows 'Ready to work offline' at the top of this
 * screen for a few seconds, over whatever the open sheet holds there, at a moment set by the
 * install's speed (a run read it as Service Type covered). The toast's own rules are
 * e2e/toasts.spec.ts's.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CreateTaskPage } from './page-models/create-task-page';
import { signInWithToken } from './support/demo-client';
import { saveHomePlace, signUpNewClient } from './support/new-client';
import { appHasTakenOver, WITHOUT_SERVICE_WORKER } from './support/network';

test.use({ ...WITHOUT_SERVICE_WORKER, viewport: { width: 375, height: 667 } });

const LONG_ADDRESS =
  'Plot 1234, Block C, Oluwaseyifunmilayoadeyemiogunbanjo Crescent, off Admiralty Way, Lekki Phase 1, Eti-Osa, Lagos State, Nigeria';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Wholly between the top of the window and the tab bar, and not under anything else. */
async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what}: not rendered`).not.toBeNull();
  const tabBar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  expect(box!.y, `${what}: above the top of the window`).toBeGreaterThanOrEqual(-1);
  expect(box!.y + box!.height, `${what}: below the top of the tab bar`).toBeLessThanOrEqual(tabBar.y + 0.5);
  const isOnTop = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (element.contains(hit) || hit.contains(element));
  });
  expect(isOnTop, `${what}: covered by another element`).toBe(true);
}

async function expectSheetOnScreen(page: Page, booking: CreateTaskPage, quantity: Locator): Promise<void> {
  // The sheet holds it all without scrolling itself (what it scrolled away would be hidden).
  const overflow = await booking.summary.evaluate((sheet) => sheet.scrollHeight - sheet.clientHeight);
  expect(overflow, 'the sheet scrolls its own content').toBeLessThanOrEqual(0);
  await expectOnScreen(page, booking.fact('Service Type'), 'Service Type');
  await expectOnScreen(page, quantity, 'How many kg?');
  await expectOnScreen(page, page.getByRole('radio', { name: 'As soon as possible' }), 'When?');
  await expectOnScreen(page, booking.fact('Total'), 'Total');
  await expectOnScreen(page, booking.proceedButton, 'Proceed to Payment');
}

test("375x667: the sheet keeps the service, quantity, when, total and 'Proceed to Payment' on screen; the address whole; the pin uncovered", async ({
  page,
  request,
}) => {
  const client = await signUpNewClient(request);
  await saveHomePlace(request, client, { address: LONG_ADDRESS, lat: 6.4474, lng: 3.472, addressDetails: '' });
  await signInWithToken(page, client.token);
  await page.goto('/client/create');
  await appHasTakenOver(page);
  const booking = new CreateTaskPage(page);
  await booking.pickService('Laundry & Dry Cleaning');
  await booking.addressInput.focus();
  await page.getByRole('option', { name: /^Home/ }).click();
  await expect(booking.coordinates).toHaveText('6.447400, 3.472000');

  // The address search sits above the map.
  const search = (await booking.addressInput.boundingBox())!;
  const mapRegion = (await page.getByRole('region', { name: 'Location map' }).boundingBox())!;
  expect(search.y + search.height).toBeLessThanOrEqual(mapRegion.y);

  const quantity = page.getByRole('spinbutton', { name: 'How many kg?' });
  await booking.openSummary();
  for (const scroll of ['top', 'bottom'] as const) {
    await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight), scroll);
    await expectSheetOnScreen(page, booking, quantity);
  }

  // The chosen address whole, on screen: it wraps, nothing hidden.
  const address = page.getByTestId('summary-address');
  await expect(address).toHaveText(LONG_ADDRESS);
  await expectOnScreen(page, address, 'the chosen address');
  const clipped = await address.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );
  expect(clipped, 'the chosen address is cut off').toBe(false);

  // 3 kg for a chosen window: the pickers join the sheet, which still holds it all.
  await quantity.fill('3');
  await expect(booking.fact('Total')).toHaveText('₦1,000.00 x 3 kg = ₦3,000.00');
  await page.getByRole('radio', { name: 'Choose a time' }).check();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectSheetOnScreen(page, booking, quantity);
  await expectOnScreen(page, page.getByRole('combobox', { name: 'Pickup day' }), 'Pickup day');
  await expectOnScreen(page, page.getByRole('combobox', { name: 'Pickup window' }), 'Pickup window');

  // Closed to its one line, the map scrolls into view above the sheet; its notice sits under it, never over the pin.
  await booking.sheetToggle.click();
  await expect(booking.sheetToggle).toHaveAttribute('aria-expanded', 'false');
  await booking.waitForMap();
  await page
    .getByRole('region', { name: 'Location map' })
    .evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await expect(booking.mapUnavailable).toBeVisible();
  await expect(booking.mapUnavailable).toContainText(LONG_ADDRESS);
  const pin = (await booking.marker.boundingBox())!;
  expect(overlaps(pin, (await booking.mapUnavailable.boundingBox())!), "'Map unavailable' covers the pin").toBe(false);
  await expectOnScreen(page, booking.marker, 'the pin');

  // Everything else on the page can still be reached above the sheet (a click checks what it hits).
  await booking.addressDetails.click();
  await booking.addressDetails.fill('Blue gate opposite the mosque');
  await expectOnScreen(page, booking.addressDetails, 'Address details');

  const checkout = await booking.proceed();
  await expect(checkout.payButton('3,000.00')).toBeVisible();
  await checkout.cancel();
});
