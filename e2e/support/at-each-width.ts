import { test, type Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './viewports';

export interface Viewport {
  width: number;
  height: number;
}

type Journey = (viewport: Viewport) => Promise<void>;

/**
 * Runs a journey at each width in turn (by default the phone, then the desktop of
 * ./viewports) in one browser context, as a test step per width. Each run starts signed out
 * (the device's storage cleared), so the journey signs its own client in. One context for
 * both widths rather than one each: a context's start and its service worker's install cost
 * more CPU than most journeys.
 */
export async function atEachWidth(page: Page, journey: Journey): Promise<void>;
export async function atEachWidth(page: Page, viewports: readonly Viewport[], journey: Journey): Promise<void>;
export async function atEachWidth(page: Page, ...args: [Journey] | [readonly Viewport[], Journey]): Promise<void> {
  const [viewports, journey] = args.length === 1 ? [[MOBILE, DESKTOP], args[0]] : args;
  for (const [index, viewport] of viewports.entries()) {
    await test.step(`at ${viewport.width}px`, async () => {
      if (index > 0) {
        await page.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
      }
      await page.setViewportSize(viewport);
      await journey(viewport);
    });
  }
}
