import { test } from '@playwright/test';
import { STOPS, VIEWPORTS } from './support/screen-tour';

/**
 * A picture of every screen and modal at 375px and 1280px in e2e/screenshots/ (git-ignored),
 * for a person to look at: nothing is compared automatically.
 */
for (const viewport of VIEWPORTS) {
  test.describe(`screenshots at ${viewport.width}px`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 60_000 });

    for (const stop of STOPS) {
      test(`${stop.name}`, async ({ page, request }) => {
        await stop.open(page, request);
        await page.screenshot({ path: `e2e/screenshots/visual/${stop.name}-${viewport.width}.png`, fullPage: true, animations: 'disabled' });
      });
    }
  });
}
