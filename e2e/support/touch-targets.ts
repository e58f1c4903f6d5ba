import type { Page } from '@playwright/test';

/** WCAG 2.5.5 (AAA) and the platform guidelines: a control a finger must hit is at least 44 by 44 CSS px. */
export const MIN_TARGET_PX = 44;

/**
 * Visible controls on the page smaller than 44 by 44 px, described for a failure message.
 * Controls: buttons and summary toggles, links styled as buttons, the navigation's tabs and
 * the map's buttons; links inside running text are exempt (WCAG's inline exception).
 */
export function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, summary, a.button, [role="button"], a.shell-link, input[type="submit"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // A hidden ancestor (display: none) leaves a zero box; sr-only content is 1px wide and not a control.
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        small.push(
          `${control.tagName.toLowerCase()}.${[...control.classList].join('.')} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, MIN_TARGET_PX);
}
