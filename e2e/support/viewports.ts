import type { Page } from '@playwright/test';

/** The two widths every journey is checked at: a small phone and a laptop. */
export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** The journeys' layouts by name, desktop first, for `for (const [layout, viewport] of LAYOUTS)`. */
export const LAYOUTS = [
  ['desktop 1280px', DESKTOP],
  ['mobile 375px', MOBILE],
] as const;

/** The phones the client's journeys walk at: a common one and the narrowest we support. */
export const PHONES = [
  { width: 375, height: 667 },
  { width: 320, height: 568 },
] as const;

/** A screenshot for the reviewer when SHOTS_DIR is set (never asserted on). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}
