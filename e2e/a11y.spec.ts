import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { STOPS, VIEWPORTS, animationsDone, showAt } from './support/screen-tour';
import { smallTouchTargets } from './support/touch-targets';

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

async function seriousViolations(page: Page): Promise<string[]> {
  // A toast can slide in at any moment (the first visit's 'Ready to work offline'): half
  // transparent, axe would read its text as too little contrast.
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical' || ALWAYS_REPORTED.has(violation.id),
    )
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test.describe('accessibility (axe)', () => {
  test.use({ viewport: VIEWPORTS[0] });
  // Some stops first sign a client up and pay for a task (password hashes on a shared server).
  test.describe.configure({ timeout: 60_000 });

  for (const stop of STOPS) {
    test(`${stop.name}: no serious or critical violations at 375px and 1280px, touch targets of 44px on the phone`, async ({
      page,
      request,
    }) => {
      await stop.open(page, request);
      for (const viewport of VIEWPORTS) {
        await showAt(page, viewport);
        const serious = await seriousViolations(page);
        expect(serious, `at ${viewport.width}px:\n${serious.join('\n')}`).toEqual([]);
        if (viewport.width < 768) {
          const small = await smallTouchTargets(page);
          expect(small, `controls under 44x44 px at ${viewport.width}px:\n${small.join('\n')}`).toEqual([]);
        }
      }
    });
  }
});
