import { expect, test } from '@playwright/test';

/**
 * index.html paints a branded splash before the app's code has arrived (a first visit on
 * slow 3G waits seconds for it), and the splash leaves without moving anything and without
 * being the largest contentful paint. The signed-out screens (/, /login, /signup, /forgot) come
 * prerendered, with no splash (e2e/prerender.spec.ts): this opens a signed-in path, which the
 * app sends to the login screen.
 */
test.describe('the splash of a first visit', () => {
  test.use({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });

  test('shows while the app loads, then gives way to the login screen', async ({ page }) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The app's scripts are held back: what shows meanwhile is index.html (and its CSS) alone.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/client/home', { waitUntil: 'commit' });
    const splash = page.locator('.splash');
    await expect(splash).toBeVisible();
    await expect(splash.locator('svg')).toBeVisible();
    const box = (await splash.boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: 375, height: 812 });

    release();
    await expect(page.getByRole('heading', { name: 'Welcome Back', level: 1 })).toBeVisible();
    await expect(splash).toBeHidden();

    // The entries so far, read at once: observe() with `buffered` puts them in the observer's own buffer.
    const { shifts, lcpInSplash } = await page.evaluate(() => {
      const recorded = (type: string) => {
        const observer = new PerformanceObserver(() => undefined);
        observer.observe({ type, buffered: true });
        const entries = observer.takeRecords();
        observer.disconnect();
        return entries;
      };
      const shifts = recorded('layout-shift').reduce(
        (sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value,
        0,
      );
      const last = recorded('largest-contentful-paint').at(-1) as
        | (PerformanceEntry & { element: Element | null })
        | undefined;
      return { shifts, lcpInSplash: last?.element ? Boolean(last.element.closest('.splash')) : null };
    });
    expect(shifts).toBe(0);
    expect(lcpInSplash).toBe(false);
  });
});
