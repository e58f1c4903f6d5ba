import { expect, test } from '@playwright/test';
import { SURULERE_TASK, createAssignedTask, moveDriver, openAssignedTaskDetails } from './support/assigned-task';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

test.describe('Task Details modal (a driver-assigned task)', () => {
  test.use({ viewport: DESKTOP });

  test('shows the route map with marker A (driver) and marker B (task), distance and duration badges labelled approximate, and the task facts', async ({
    page,
    request,
  }) => {
    const assigned = await createAssignedTask(request);
    const details = await openAssignedTaskDetails(page, assigned);

    // Both markers are in view: the map opens on the two places. MapLibre's chunk (the largest
    // the app loads) is parsed first: on a loaded 2-core machine that takes more than 5 s.
    await expect.poll(() => details.isOnMap(details.driverMarker), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => details.isOnMap(details.taskMarker)).toBe(true);
    // Yaba to Surulere: about 3.4 km in a straight line; no Google key in this build, so the estimate is labelled approximate.
    await expect(details.distanceBadge).toHaveText(/Distance\s*≈\s*3\.\d km/);
    await expect(details.durationBadge).toHaveText(/Duration\s*≈\s*\d+ min/);
    await expect(details.dialog.getByText('Approximate', { exact: true })).toBeVisible();

    await expect(details.dialog.locator('.task-details-subtitle')).toContainText('Household Waste Pickup');
    // The reference is one tap away, under 'Payment details'.
    await expect(details.field('Reference')).toBeHidden();
    await details.dialog.getByText('Payment details').click();
    await expect(details.field('Reference')).toHaveText(`#${assigned.task.reference}`);
    await expect(details.field('Address')).toHaveText('10 Adeniran Ogunsanya Street, Surulere, Lagos');
    await expect(details.field('Time')).toHaveText(/^\d{2}:\d{2}$/);
    await expect(details.field('Date')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(details.field('Driver')).toHaveText('Kunle Adeyemi');
    await expect(details.field('Phone')).toHaveText('+234 803 111 2222');
    await expect(details.field('Amount')).toHaveText('₦1,500.00');
    await expect(details.dialog.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  });

  test("'Call Driver' dials the driver's phone (tel: link)", async ({ page, request }) => {
    const details = await openAssignedTaskDetails(page, await createAssignedTask(request));
    await expect(details.callDriver).toHaveAttribute('href', 'tel:+2348031112222');
  });

  test('the driver marker moves when the driver moves (location refreshed every 30 s)', async ({ page, request }) => {
    // Playwright's clock runs the 30 s refresh: the test waits for no real half minute.
    await page.clock.install();
    const assigned = await createAssignedTask(request);
    const details = await openAssignedTaskDetails(page, assigned);
    await expect(details.distanceBadge).toHaveText(/3\.\d km/);
    const locationQueries: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes(`/driver/location/${assigned.driverId}`)) locationQueries.push(sent.url());
    });
    // The map's code loads with the page: the marker shows once it has.
    await expect(details.driverMarker).toBeVisible();
    // The marker element can be replaced as the map settles: read its box once it has one.
    let before: { x: number; y: number } | null = null;
    await expect
      .poll(async () => {
        before = await details.driverMarker.boundingBox();
        return before;
      })
      .not.toBeNull();

    // `npm run ops -- move`: the driver is now a few hundred metres from the task.
    await moveDriver(request, assigned.driverId, { lat: SURULERE_TASK.lat + 0.004, lng: SURULERE_TASK.lng + 0.002 });
    await page.clock.runFor(20_000);
    await expect(details.distanceBadge).toHaveText(/3\.\d km/);
    expect(locationQueries).toHaveLength(0);

    await page.clock.runFor(11_000);
    await expect(details.distanceBadge).toHaveText(/Distance\s*≈\s*\d{3} m/);
    await expect
      .poll(async () => {
        const after = await details.driverMarker.boundingBox();
        return after ? Math.hypot(after.x - before!.x, after.y - before!.y) : 0;
      })
      .toBeGreaterThan(20);
    expect(locationQueries).toHaveLength(1);
  });

  test('Escape closes the modal and focus returns to View Task; Tab stays inside the modal', async ({
    page,
    request,
  }) => {
    const details = await openAssignedTaskDetails(page, await createAssignedTask(request));
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await details.dialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(details.dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'View Task' })).toBeFocused();
  });

  test.describe('mobile 375px', () => {
    test.use({ viewport: MOBILE });

    // The task list is rewritten by page.route, which a service worker's own fetches would bypass.
    test.use({ serviceWorkers: 'block' });

    test("a driver without a phone: 'Call Driver' alerts 'Driver phone number not available'", async ({
      page,
      request,
    }) => {
      const assigned = await createAssignedTask(request);
      // The driver's phone is absent from the task list answer.
      await page.route('**/client/task', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { driver: { phone: string } | null }[] };
        for (const task of body.data) if (task.driver) task.driver.phone = '';
        await route.fulfill({ response, json: body });
      });
      const details = await openAssignedTaskDetails(page, assigned);
      await expect(details.field('Phone')).toHaveText('Not available');
      await expect.poll(() => details.isOnMap(details.driverMarker), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => details.isOnMap(details.taskMarker)).toBe(true);
      const alerts: string[] = [];
      page.once('dialog', (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await details.callDriver.click();
      await expect.poll(() => alerts).toEqual(['alert: Driver phone number not available']);
    });
  });
});
