import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './page-models/login-page';
import { storeToken } from './support/demo-client';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { signUpNewClient } from './support/new-client';
import { startNextBuildProxy, type NextBuildProxy } from './support/next-build-proxy';
import { countInStore } from './support/offline-store';
import { createPaidTask } from './support/paid-task';

let proxy: NextBuildProxy;

test.beforeEach(async ({ baseURL }) => {
  proxy = await startNextBuildProxy(baseURL!);
});
test.afterEach(async () => {
  await proxy.close();
});

function updateToast(page: Page) {
  return page.locator('.Toastify').locator('.update-available');
}

/** A mark that a reload would wipe. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}
function isSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
}

test.describe('updates', () => {
  test("a new build is detected when the network is back: 'Update available - Reload', never while chat waits, then the new version takes over", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const task = await createPaidTask(request, client);
    await page.goto(`${proxy.url}/`);
    await new LoginPage(page).expectShown();
    await waitForServiceWorker(page);
    await storeToken(page, client.token);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // A deploy while the phone is offline; coming back online checks for it.
    await goOffline(page);
    proxy.deployNextBuild();
    await goOnline(page);
    // The new worker first precaches the whole next build: seconds on a busy machine.
    await expect(updateToast(page)).toContainText('Update available', { timeout: 20_000 });
    await expect(updateToast(page).getByRole('button', { name: 'Reload' })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
    }

    // Unsent chat: Reload explains and waits.
    await goOffline(page);
    const queued = await page.evaluate(
      async ({ token, taskId }) =>
        (
          await fetch(`/client/sendingMessages`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
            body: JSON.stringify({ taskId, sender: 'user', content: 'On my way down', clientId: 'e2e-update-1' }),
          })
        ).status,
      { token: client.token, taskId: task._id },
    );
    expect(queued).toBe(202);
    await markPage(page);
    await updateToast(page).getByRole('button', { name: 'Reload' }).click();
    await expect(updateToast(page)).toContainText('Your messages are still waiting to be sent');
    expect(await isSamePage(page)).toBe(true);

    // Sent once online: now Reload activates the new worker and reloads.
    await goOnline(page);
    await expect.poll(() => countInStore(page, 'outbox'), { timeout: 15_000 }).toBe(0);
    await updateToast(page).getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => isSamePage(page).catch(() => false), { timeout: 15_000 }).toBe(false);
    await waitForServiceWorker(page);
    const registration = await page.evaluate(async () => {
      const current = await navigator.serviceWorker.getRegistration();
      return { waiting: current?.waiting !== null, active: current?.active?.scriptURL };
    });
    expect(registration).toEqual({ waiting: false, active: firstWorker });
    await expect(updateToast(page)).toHaveCount(0);
  });
});
