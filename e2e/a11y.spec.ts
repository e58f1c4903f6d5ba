import { expect, test, type Page } from '@playwright/test';
import { STOPS, VIEWPORTS, animationsDone, showAt } from './support/screen-tour';
import { smallTouchTargets } from './support/touch-targets';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { axeViolations, seriousViolations } from './support/axe';

test.use(WITHOUT_SERVICE_WORKER);

/**
 * axe on every screen and modal, on a phone (375px) and a desktop (1280px): nothing serious
 * or critical, and none of the rules named below at any impact (unique landmarks, scrollable
 * regions reachable by keyboard). Each stop is opened once, on the phone, then checked again
 * after widening the window. The report names each rule and the elements it found. On the
 * phone every control is also at least 44 by 44 px.
 */
const ALWAYS_REPORTED = new Set([
  'landmark-unique',
  'scrollable-region-focusable',
  'region',
  'landmark-no-duplicate-main',
  'landmark-one-main',
]);

/** Transitions and animations jump to their end, as `animations: 'disabled'` does for screenshots. */
const SETTLED_STYLE =
  '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';

async function violationsShown(page: Page): Promise<string[]> {
  // axe must read the colours a person sees once the screen is still: a toast sliding in (the
  // first visit's 'Ready to work offline') or a code box's focus ring changing colour, caught
  // halfway on a busy machine, reads as too little contrast. Every transition that starts
  // from now on ends at once, and those already running are waited for.
  const settled = await page.addStyleTag({ content: SETTLED_STYLE });
  await animationsDone(page);
  const violations = await axeViolations(page);
  await settled.evaluate((style) => (style as Element).remove());
  return seriousViolations(violations, ALWAYS_REPORTED);
}

test.describe('accessibility (axe)', () => {
  test.use({ viewport: VIEWPORTS[0] });
  // Some stops first sign a client up and pay for a task (password hashes on a shared server).

  for (const stop of STOPS) {
    test(`${stop.name}: no serious or critical violations at 375px and 1280px, touch targets of 44px on the phone`, async ({
      page,
      request,
    }) => {
      await stop.open(page, request);
      for (const viewport of VIEWPORTS) {
        await showAt(page, viewport);
        const serious = await violationsShown(page);
        expect(serious, `at ${viewport.width}px:\n${serious.join('\n')}`).toEqual([]);
        if (viewport.width < 768) {
          const small = await smallTouchTargets(page);
          expect(small, `controls under 44x44 px at ${viewport.width}px:\n${small.join('\n')}`).toEqual([]);
        }
      }
    });
  }
});

test('the check itself finds what it looks for: a nameless button and faint text', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>Probe</title><main><h1>Probe</h1><button></button><p style="color:#c8c8c8;background:#fff">Faint text</p></main></html>',
  );
  const found = seriousViolations(await axeViolations(page)).map((line) => line.split(' ')[0]);
  expect(found.sort()).toEqual(['button-name', 'color-contrast']);
});
