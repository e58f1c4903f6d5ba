import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { STOPS, VIEWPORTS, showAt } from './support/screen-tour';

/**
 * axe on every screen and modal, on a phone (375px) and a desktop (1280px): nothing serious
 * or critical. Each stop is opened once, on the phone, then checked again after widening the
 * window. The report names each rule and the elements it found.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('accessibility (axe)', () => {
  test.use({ viewport: VIEWPORTS[0] });
  // Some stops first sign a client up and pay for a task (password hashes on a shared server).
  test.describe.configure({ timeout: 60_000 });

  for (const stop of STOPS) {
    test(`${stop.name}: no serious or critical violations at 375px and 1280px`, async ({ page, request }) => {
      await stop.open(page, request);
      for (const viewport of VIEWPORTS) {
        await showAt(page, viewport);
        const serious = await seriousViolations(page);
        expect(serious, `at ${viewport.width}px:\n${serious.join('\n')}`).toEqual([]);
      }
    });
  }
});
