import { expect, test, type Locator } from '@playwright/test';
import { DashboardPage } from './page-models/dashboard-page';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { createAssignedTask } from './support/assigned-task';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { signUpNewClient } from './support/new-client';
import { countInStore } from './support/offline-store';

const LAST_UPDATED = /^Offline - last updated (\d{1,2} \w{3}, )?\d{2}:\d{2}$/;
const DRIVER_OFFLINE = "You're offline - the driver's location can't be updated";

async function expectAbove(upper: Locator, lower: Locator, what: string): Promise<void> {
  const [a, b] = [(await upper.boundingBox())!, (await lower.boundingBox())!];
  expect(a.y + a.height, what).toBeLessThanOrEqual(b.y + 0.5);
}

/** The offline note is a strip under the map: the map's + button and the pin stay uncovered. */
async function expectOfflineNoteUnderMap(details: TaskDetailsModal): Promise<void> {
  const note = details.dialog.getByText(DRIVER_OFFLINE);
  await note.scrollIntoViewIfNeeded();
  const map = (await details.dialog.locator('.route-map-canvas').boundingBox())!;
  expect((await note.boundingBox())!.y, 'the offline note lies under the map').toBeGreaterThanOrEqual(
    map.y + map.height - 0.5,
  );
  // ... and above the task's facts, not over them.
  await expectAbove(
    note,
    details.dialog.locator('.task-details-list').first(),
    'the offline note lies above the facts',
  );
  const zoomIn = details.dialog.getByRole('button', { name: 'Zoom in' });
  const isOnTop = await zoomIn.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (element.contains(hit) || hit.contains(element));
  });
  expect(isOnTop, "the map's + button is not covered").toBe(true);
}

test.describe('offline: the very first session', () => {
  test('signed in for the first time, the dashboard opens before the worker controls the page; offline, a reload still shows it', async ({
    page,
    request,
    context,
  }) => {
    const client = await signUpNewClient(request, { firstname: 'Zainab' });
    // The token is there before the first page runs: /client/home is the very first document,
    // its reads leave before any service worker is installed.
    await context.addInitScript((token) => localStorage.setItem('token', token), client.token);
    const home = new DashboardPage(page);
    await home.goto();
    await expect(home.greeting).toHaveText('Welcome, Zainab');
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    // The worker installs and takes control; the open screen reads again, through it, and is kept.
    await waitForServiceWorker(page);
    await expect.poll(() => countInStore(page, 'answers'), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    await goOffline(page);
    await page.reload();
    await expect(home.greeting).toHaveText('Welcome, Zainab');
    await expect(page.getByTestId('offline-marker')).toHaveText(LAST_UPDATED);
    await expect(home.recentTasks.getByText('No recent tasks found')).toBeVisible();
    await expect(page.getByText('Failed to load data')).toHaveCount(0);

    // Back online, the screen reads again by itself.
    await goOnline(page);
    await expect(page.getByTestId('offline-marker')).toHaveCount(0);
  });
});

test.describe("offline: Task Details says the driver's location cannot be updated", () => {
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 1280, height: 900 },
  ]) {
    test(`${viewport.width}px: open online, then offline; and opened offline`, async ({ page, request, context }) => {
      await page.setViewportSize(viewport);
      const assigned = await createAssignedTask(request);
      await context.addInitScript((token) => localStorage.setItem('token', token), assigned.client.token);
      const home = await new DashboardPage(page).goto();
      await waitForServiceWorker(page);
      await expect.poll(() => countInStore(page, 'answers'), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

      await home.task(0).getByRole('button', { name: 'View Task' }).click();
      const details = await new TaskDetailsModal(page).waitForOpen();
      await expect(details.driverMarker).toBeVisible();
      await expect(details.dialog.getByText(DRIVER_OFFLINE)).toHaveCount(0);

      // The network goes while it is open: the driver's last known place stays, and the note says why it will not move.
      await goOffline(page);
      await expect(details.dialog.getByText(DRIVER_OFFLINE)).toBeVisible();
      await expect(details.driverMarker).toBeVisible();
      await expectOfflineNoteUnderMap(details);
      await page.keyboard.press('Escape');
      await expect(details.dialog).toBeHidden();

      // Opened while offline: no location to wait for. ('Your open tasks' above push the card down to
      // where the desktop's floating offline notice sits: scrolled to the middle as a reader would.)
      const viewTask = home.task(0).getByRole('button', { name: 'View Task' });
      await viewTask.evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await viewTask.click();
      await details.waitForOpen();
      await expect(details.dialog.getByText(DRIVER_OFFLINE)).toBeVisible();
      await expect(details.dialog.getByText("Waiting for the driver's location")).toHaveCount(0);
      await expectOfflineNoteUnderMap(details);

      // Online again, the location is read and the note goes.
      await goOnline(page);
      await expect(details.dialog.getByText(DRIVER_OFFLINE)).toHaveCount(0);
      await expect(details.driverMarker).toBeVisible();
    });
  }
});
