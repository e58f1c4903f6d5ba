import { test } from '@playwright/test';
import { STOPS, VIEWPORTS, showAt } from './support/screen-tour';

/**
 * A picture of every screen and modal at 375px and 1280px in e2e/screenshots/visual/
 * (git-ignored), for a person to look at: nothing is compared automatically. Each stop is
 * opened once, on the phone, and photographed again after widening the window.
 */
test.describe('screenshots', () => {
  test.use({ viewport: VIEWPORTS[0] });
  test.describe.configure({ timeout: 60_000 });

  for (const stop of STOPS) {
    test(`${stop.name} at 375px and 1280px`, async ({ page, request }) => {
      await stop.open(page, request);
      for (const viewport of VIEWPORTS) {
        await showAt(page, viewport);
        await page.screenshot({
          path: `e2e/screenshots/visual/${stop.name}-${viewport.width}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      }
    });
  }
});
