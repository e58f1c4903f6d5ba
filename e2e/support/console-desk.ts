/**
 * The console's journeys run at a desk (1280 x 800). The board's map asks OpenStreetMap for
 * tiles: refused, so nothing leaves the machine (the markers show over the map's plain background).
 */
import { test, type BrowserContext } from '@playwright/test';

export const DESK = { width: 1280, height: 800 };

const TILES = /^https:\/\/([a-c]\.)?tile\.openstreetmap\.org\//;

/** Refuses map tiles in `context` (a browser of a test's own: a client's, a second operator's). */
export const refuseTiles = (context: BrowserContext) => context.route(TILES, (route) => route.abort());

/** The spec file's tests at a desk, their browser refusing map tiles. */
export function atTheDesk(): void {
  test.use({ viewport: DESK });
  test.beforeEach(({ context }) => refuseTiles(context));
}
