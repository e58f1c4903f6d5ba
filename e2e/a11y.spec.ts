import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { STOPS, VIEWPORTS } from './support/screen-tour';

/**
 * axe on every screen and modal, on a phone (375px) and a desktop (1280px): nothing serious
 * or critical. The report names each rule and the elements it found.
 */
for (const viewport of VIEWPORTS) {
  test.describe(`accessibility at ${viewport.width}px`, () => {
    test.use({ viewport });
    // Some stops first sign a client up and pay for a task (password hashes on a shared server).
    test.describe.configure({ timeout: 60_000 });

    for (const stop of STOPS) {
      test(`${stop.name}: no serious or critical axe violations`, async ({ page, request }) => {
        await stop.open(page, request);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        expect(serious, serious.join('\n')).toEqual([]);
      });
    }
  });
}
