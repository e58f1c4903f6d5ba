import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * The minified build of the axe-core that @axe-core/playwright itself loads (same version): by
 * default it sends the page the unminified one, 1.3 MB, on every run, which the page parses
 * again (a quarter of a run's CPU here).
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's violations on what the page shows now (only inside `include`, a selector, when given).
 * Run in the page itself (legacy mode): by default axe also opens a blank page per run to merge
 * the results of frames, a renderer of its own, and the app has no frames. Only the violations
 * come back in full: the nodes that passed, a few hundred a screen, stay in the page.
 */
export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  return (await builder.analyze()).violations;
}

/**
 * The serious and critical violations, and those of the rules in `alsoReported` at any impact,
 * each as its rule, impact, help and the elements it found: a failed check's message.
 */
export function seriousViolations(violations: Violation[], alsoReported: ReadonlySet<string> = new Set()): string[] {
  return violations
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical' || alsoReported.has(violation.id),
    )
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} -> ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
