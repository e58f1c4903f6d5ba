/**
 * A repeat visit while offline: the demo client opens the dashboard online (the service
 * worker installs and takes control, the API answers are stored), then the network goes
 * away and the page is reloaded. The figure is the time from the reload's navigation start
 * to the dashboard's greeting being visible, read from the page's own clock.
 */
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import { launchChromium, loopbackContext } from './browser';

export interface OfflineReload {
  /** null when the dashboard did not show while offline. */
  dashboardVisibleMs: number | null;
}

const GREETING = /^Welcome, /;

export async function measureOfflineReload(baseURL: string): Promise<OfflineReload> {
  const browser = await launchChromium();
  try {
    const context = await loopbackContext(browser, baseURL, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const login = await context.request.post('/client/login', { data: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const token = ((await login.json()) as { data: string }).data;
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Controlled from here on: the worker sees (and keeps) the dashboard's API answers.
    await page.goto('/client/home');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('heading', { name: GREETING }).waitFor();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.reload({ waitUntil: 'commit' });
    let dashboardVisibleMs: number | null = null;
    try {
      // Checked on every frame, in the page: the value is the page's clock at the first frame showing it.
      const shownAt = await page.waitForFunction(
        () => {
          const greeting = [...document.querySelectorAll('h1, h2')].find((heading) =>
            heading.textContent?.startsWith('Welcome, '),
          );
          return greeting && greeting.getBoundingClientRect().height > 0 ? performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: 15_000 },
      );
      dashboardVisibleMs = Math.round((await shownAt.jsonValue()) as number);
    } catch {
      dashboardVisibleMs = null;
    }
    await context.close();
    return { dashboardVisibleMs };
  } finally {
    await browser.close();
  }
}
