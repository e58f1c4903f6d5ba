import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { HistoryPage } from './page-models/history-page';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { assignNewDriver, opsTask } from './support/assigned-task';
import { atEachWidth } from './support/at-each-width';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient, type NewClient } from './support/new-client';
import { tasksOnServer } from './support/paid-task';
import { appHasTakenOver, WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

/** Yaba, Lagos: where the device says it is in the geolocation tests. */
const YABA = { latitude: 6.5095, longitude: 3.3711 };
/** A 1x1 PNG: a map tile served locally (the suite never reaches a tile server). */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A fresh client, signed in, on the create screen of a service chosen on the dashboard. */
async function openBooking(
  page: Page,
  request: APIRequestContext,
  service = 'Household Waste Pickup',
): Promise<{ client: NewClient; booking: CreateTaskPage }> {
  const client = await signUpNewClient(request);
  await signInWithToken(page, client.token);
  const home = await new DashboardPage(page).goto();
  await home.service(service).click();
  const booking = new CreateTaskPage(page);
  await booking.expectShown(service);
  return { client, booking };
}

const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);

test.describe('precise location, on a phone and on a desktop', () => {
  test.describe('with location shared', () => {
    test.use({ geolocation: YABA, permissions: ['geolocation'] });

    test("'Use my current location' puts the pin on the device, centres the map there and names the district", async ({
      page,
      request,
    }) => {
      await atEachWidth(page, VIEWPORTS, async () => {
        const { client, booking } = await openBooking(page, request);
        await expect(booking.mapPlaceholder).toBeVisible();
        await booking.currentLocationButton.click();
        await expect(booking.coordinates).toHaveText('6.509500, 3.371100');
        await expect(booking.addressInput).toHaveValue('Near Yaba, Lagos');
        await expect(booking.marker).toBeVisible();
        await booking.waitForMap();
        // The map opens on the point: the pin's tip is at its centre.
        await expect
          .poll(async () => Math.hypot(...Object.values(await booking.pinOffsetFromCentre())))
          .toBeLessThan(4);

        // 'Near Yaba' is only roughly where: the driver needs a gate or a house number first.
        await expect(booking.proceedButton).toBeDisabled();
        await expect(page.locator('.address-details-needed')).toHaveText(
          'Add a house number, gate or landmark so the driver can find you',
        );
        await booking.addressDetails.fill('12 Herbert Macaulay Way, green gate');
        // The chosen point is what the task carries.
        await (await booking.proceed()).pay('1,500.00');
        await expect(toast(page, 'Payment Successful!')).toBeVisible();
        const [task] = await tasksOnServer(request, client);
        expect(task).toMatchObject({ address: 'Near Yaba, Lagos', location: { coordinates: [3.3711, 6.5095] } });
      });
    });
  });

  test.describe('with location refused', () => {
    test.use({ permissions: [] });

    test('a refused location is told clearly beside the button, and no pin is placed', async ({ page, request }) => {
      await atEachWidth(page, VIEWPORTS, async () => {
        const { booking } = await openBooking(page, request);
        await booking.currentLocationButton.click();
        await expect(booking.locationError).toHaveText(
          'Location access is blocked. Allow location for this site in your browser settings, or search for your address.',
        );
        await expect(booking.currentLocationButton).toHaveText('Use my current location');
        await expect(booking.mapPlaceholder).toBeVisible();
        await expect(booking.proceedButton).toBeDisabled();
      });
    });
  });

  test('the pin moves by keyboard: an arrow key 10 m, with Shift 100 m, each announced', async ({ page, request }) => {
    await atEachWidth(page, VIEWPORTS, async () => {
      const { booking } = await openBooking(page, request);
      await booking.chooseAddress('Yaba', /^Yaba/);
      await expect(booking.coordinates).toHaveText('6.509500, 3.371100');
      await booking.waitForMap();
      const pin = page.getByRole('button', { name: 'Move the pin: arrow keys 10 m, with Shift 100 m' });
      await pin.focus();
      await page.keyboard.press('ArrowUp');
      await expect(page.getByText('Pin moved 10 m north')).toBeAttached();
      // 10 m is about 0.00009 degrees of latitude.
      await expect.poll(async () => (await booking.chosenPoint()).lat).toBeCloseTo(6.5095 + 0.00009, 5);
      expect((await booking.chosenPoint()).lng).toBeCloseTo(3.3711, 6);
      await page.keyboard.press('Shift+ArrowRight');
      await expect(page.getByText('Pin moved 100 m east')).toBeAttached();
      await expect.poll(async () => (await booking.chosenPoint()).lng).toBeCloseTo(3.3711 + 0.0009, 4);
      // The pin keeps focus for the next press, and the label follows the point.
      await expect(pin).toBeFocused();
      await expect(booking.addressInput).toHaveValue(/^Near [\w -]+, Lagos$/);
    });
  });

  test('the pin can be dragged and a tap on the map moves it; the point and its label follow', async ({
    page,
    request,
  }) => {
    await atEachWidth(page, VIEWPORTS, async () => {
      const { client, booking } = await openBooking(page, request);
      await booking.chooseAddress('Yaba', /^Yaba/);
      await expect(booking.coordinates).toHaveText('6.509500, 3.371100');
      await booking.waitForMap();
      await expect(page.getByText('Not the exact spot? Drag the pin or tap the map.')).toBeVisible();

      // East by 80 px: the longitude grows by about 0.0017 degrees (zoom 15: 360 / (512 x 2^15) degrees a pixel), the latitude stays.
      // The screen renders again while the pin is held (as when a read answers): the pin stays where it was dragged.
      await booking.dragPin(80, 0, () => booking.setAddressDetailsInPlace('Blue gate'));
      await expect(booking.addressDetails).toHaveValue('Blue gate');
      await expect.poll(async () => (await booking.chosenPoint()).lng).toBeGreaterThan(3.3711 + 0.0012);
      const dragged = await booking.chosenPoint();
      expect(dragged.lng).toBeLessThan(3.3711 + 0.0022);
      expect(Math.abs(dragged.lat - 6.5095)).toBeLessThan(0.0002);
      await expect(booking.addressInput).toHaveValue('Near Yaba, Lagos');

      // A tap up and to the left of the centre: north-west of the first point.
      await booking.tapMap(-60, -50);
      await expect.poll(async () => (await booking.chosenPoint()).lat).toBeGreaterThan(6.5095 + 0.0002);
      const tapped = await booking.chosenPoint();
      expect(tapped.lng).toBeLessThan(3.3711);
      await expect(booking.addressInput).toHaveValue(/^Near [\w -]+, Lagos$/);

      await (await booking.proceed()).pay('1,500.00');
      await expect(toast(page, 'Payment Successful!')).toBeVisible();
      const [task] = await tasksOnServer(request, client);
      expect(task!.location.coordinates[0]).toBeCloseTo(tapped.lng, 6);
      expect(task!.location.coordinates[1]).toBeCloseTo(tapped.lat, 6);
    });
  });

  test('address details reach the server, the driver (ops listing) and Task Details and History', async ({
    page,
    request,
  }) => {
    await atEachWidth(page, VIEWPORTS, async () => {
      const { client, booking } = await openBooking(page, request);
      await booking.chooseAddress('22 Awolowo Way, Ikeja', /^22 Awolowo Way/);
      await expect(booking.addressInput).toHaveValue('22 Awolowo Way, Ikeja, Lagos State, Nigeria');
      await expect(booking.coordinates).toHaveText('6.601800, 3.351500');
      await expect(booking.addressDetails).toHaveAttribute('maxlength', '200');
      await booking.addressDetails.fill('Flat 3, black gate\nopposite the mosque');
      await expect(page.getByText('38/200')).toBeVisible();

      await (await booking.proceed()).pay('1,500.00');
      await expect(toast(page, 'Payment Successful!')).toBeVisible();
      const [task] = await tasksOnServer(request, client);
      expect(task).toMatchObject({
        address: '22 Awolowo Way, Ikeja, Lagos State, Nigeria',
        addressDetails: 'Flat 3, black gate\nopposite the mosque',
      });
      expect(await opsTask(request, task!._id)).toMatchObject({
        addressDetails: 'Flat 3, black gate\nopposite the mosque',
      });

      await assignNewDriver(request, task!._id);
      const home = await new DashboardPage(page).goto();
      await home.task(0).getByRole('button', { name: 'View Task' }).click();
      const details = await new TaskDetailsModal(page).waitForOpen();
      await expect(details.field('Address')).toHaveText('22 Awolowo Way, Ikeja, Lagos State, Nigeria');
      await expect(details.field('Address details')).toHaveText('Flat 3, black gate\nopposite the mosque');
      await details.closeButton.click();

      const history = await new HistoryPage(page).goto();
      await expect(history.field(history.card(task!.reference), 'Address details')).toHaveText(
        'Flat 3, black gate\nopposite the mosque',
      );
    });
  });

  test("'No places found' is shown with what to do instead; streets, markets and landmarks are found", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, VIEWPORTS, async () => {
      const { booking } = await openBooking(page, request);
      await booking.addressInput.fill('Nowhere in particular');
      await expect(booking.noPlacesFound).toBeVisible();
      await expect(booking.noPlacesHint).toBeVisible();

      for (const [query, option] of [
        ['Allen Avenue', /^Allen AvenueIkeja, Lagos State/],
        ['Admiralty Way Lekki', /^Admiralty WayLekki Phase 1, Lagos State/],
        ['Shoprite Ikeja City Mall', /^Ikeja City Mall/],
      ] as const) {
        await booking.addressInput.fill(query);
        await expect(page.getByRole('listbox', { name: 'Suggested places' })).toHaveAttribute('aria-busy', 'false');
        await expect(booking.options.first()).toHaveText(option);
        await expect(booking.noPlacesFound).toBeHidden();
      }
      await booking.chooseAddress('Shoprite Ikeja City Mall', /^Ikeja City Mall/);
      await expect(booking.addressInput).toHaveValue('Ikeja City Mall, Alausa, Ikeja, Lagos State, Nigeria');
    });
  });

  test("tiles that cannot load: 'Map unavailable - showing approximate position' with the address", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, VIEWPORTS, async () => {
      // The suite reaches no tile server: every tile request fails, as offline or blocked.
      const { booking } = await openBooking(page, request);
      await booking.chooseAddress('Yaba', /^Yaba/);
      await expect(booking.mapUnavailable).toBeVisible();
      await expect(booking.mapUnavailable).toContainText('Yaba, Lagos State, Nigeria');
      await expect(booking.marker).toBeVisible();
    });
  });

  test.describe('with tiles served', () => {
    // Without the service worker the page's own requests reach the route below.
    test.use({ serviceWorkers: 'block' });

    test('tiles that load: no such message', async ({ page, request }) => {
      await atEachWidth(page, VIEWPORTS, async () => {
        let served = 0;
        await page.route(/^https:\/\/([a-c]\.)?tile\.openstreetmap\.org\//, (route) => {
          served += 1;
          return route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
        });
        const { booking } = await openBooking(page, request);
        await booking.chooseAddress('Yaba', /^Yaba/);
        await expect(booking.map.locator('[data-tile-status]')).toHaveAttribute('data-tile-status', 'loaded', {
          timeout: 15_000,
        });
        expect(served).toBeGreaterThan(0);
        await expect(booking.mapUnavailable).toHaveCount(0);
      });
    });
  });

  test('/client/create opened directly asks for a service instead of charging for Default Service', async ({
    page,
    request,
  }) => {
    await atEachWidth(page, VIEWPORTS, async () => {
      const client = await signUpNewClient(request);
      await signInWithToken(page, client.token);
      await page.goto('/client/create');
      await appHasTakenOver(page);
      const booking = new CreateTaskPage(page);
      await expect(booking.servicePickerHeading).toBeVisible();
      await expect(page.getByText('Default Service')).toHaveCount(0);
      await expect(booking.proceedButton).toHaveCount(0);
      await booking.pickService('Land Mowing & Garden');
      await expect(booking.fact('Price')).toHaveText('₦4,000.00');
      await expect(booking.fact('Pricing Unit')).toHaveText('per load');
      // A reload keeps the choice; Back returns to the picker.
      await page.reload();
      await booking.expectShown('Land Mowing & Garden');
      await page.goBack();
      await expect(booking.servicePickerHeading).toBeVisible();
    });
  });
});
