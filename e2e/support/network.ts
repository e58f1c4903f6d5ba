/**
 * Cutting the network off for offline journeys, page AND service worker.
 *
 * `context.setOffline(true)` makes every request of the browser context fail as if the
 * device had no network: the page's own requests and, on this Chromium (checked by
 * e2e/offline-network.spec.ts), the requests the service worker makes (microsoft/playwright
 * issue 2311 says older versions did not). What the worker answers from its caches and
 * IndexedDB still arrives, as on a phone without data. `goOnline` undoes it; the page gets its
 * `online` event, as on a real device.
 */
import { expect, type Page } from '@playwright/test';

export async function goOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

export async function goOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
}

/**
 * `test.use(WITHOUT_SERVICE_WORKER)`: a file about a screen's rules rather than the worker runs
 * without it. The worker's install (69 files precached) costs about a second of CPU per browser
 * context, more than the rest of a short test; the journeys and the files about what the worker
 * does (offline, install and update, chat, push, logout, the task after payment) keep it
 * (docs/performance.md, 'The suite's time'). Its reads then always reach the server.
 */
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

/** Waits until a service worker controls the page (the first visit installs it and claims the page). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // The first install fetches the whole precache: on a loaded machine that took over 15 s, so
  // the test's own time-out is the guard here.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What the service worker itself gets when it fetches `url`: 'reached' or 'failed' (it answers a probe message). */
export async function serviceWorkerCanReach(page: Page, url: string): Promise<'reached' | 'failed'> {
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
  return worker.evaluate(async (target) => {
    try {
      await fetch(target, { cache: 'no-store' });
      return 'reached' as const;
    } catch {
      return 'failed' as const;
    }
  }, url);
}

/** Holds the app's scripts back until the returned function is called (a first screen before the JavaScript). */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the app has taken over a prerendered screen (its copy in #prerendered is gone):
 * before that, a link is a plain page load, not the app's navigation (no 'Back' on the page it
 * opens), which the tests of the app's own behaviour must not race.
 */
export async function appHasTakenOver(page: Page): Promise<void> {
  await expect(page.locator('#prerendered')).toHaveCount(0);
}
