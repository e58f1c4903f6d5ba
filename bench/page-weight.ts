/**
 * What the pages download, measured in headless Chromium by summing the responses the page
 * received (not by reading file sizes): JS and CSS, transferred (gzip: the bench asks for
 * `Accept-Encoding: gzip` only) and raw (decoded). Service workers are blocked here, so the
 * figures are what the page itself needs; the precache is measured on its own.
 */
import type { Page, Response } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import { launchChromium, loopbackContext } from './browser';

export interface Weight {
  jsGzip: number;
  jsRaw: number;
  cssGzip: number;
  cssRaw: number;
  files: number;
  /** Path and transferred bytes of each file, largest first. */
  largest: { path: string; gzip: number }[];
}

export interface PageWeights {
  firstVisit: Weight;
  homeAfterLogin: Weight;
  mapScreen: Weight;
  /** Every response's content-encoding was gzip (the figures are gzip, not br or identity). */
  allGzip: boolean;
}

type Kind = 'js' | 'css';

function kindOf(response: Response): Kind | null {
  const type = response.headers()['content-type'] ?? '';
  const path = new URL(response.url()).pathname;
  if (type.includes('javascript') || /\.m?js$/.test(path)) return 'js';
  if (type.includes('text/css') || path.endsWith('.css')) return 'css';
  return null;
}

const emptyWeight = (): Weight => ({ jsGzip: 0, jsRaw: 0, cssGzip: 0, cssRaw: 0, files: 0, largest: [] });

/** Records JS/CSS responses into the current phase; waits for each to be fully read. */
class Recorder {
  phase = emptyWeight();
  allGzip = true;
  private pending = new Set<Promise<void>>();
  private inFlight = 0;
  private lastActivity = Date.now();

  constructor(page: Page) {
    page.on('request', () => {
      this.inFlight += 1;
      this.lastActivity = Date.now();
    });
    const settle = () => {
      this.inFlight -= 1;
      this.lastActivity = Date.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    page.on('response', (response) => {
      const kind = kindOf(response);
      if (!kind || response.status() !== 200) return;
      const target = this.phase;
      const done = this.measure(response, kind, target);
      this.pending.add(done);
      void done.finally(() => this.pending.delete(done));
    });
  }

  private async measure(response: Response, kind: Kind, target: Weight): Promise<void> {
    const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
    if (response.headers()['content-encoding'] !== 'gzip') this.allGzip = false;
    target.files += 1;
    target.largest.push({ path: new URL(response.url()).pathname, gzip: sizes.responseBodySize });
    target.largest.sort((a, b) => b.gzip - a.gzip);
    if (kind === 'js') {
      target.jsGzip += sizes.responseBodySize;
      target.jsRaw += body.length;
    } else {
      target.cssGzip += sizes.responseBodySize;
      target.cssRaw += body.length;
    }
  }

  /** Waits until no request has been in flight for `quietMs`, then closes the phase. */
  async endPhase(quietMs = 1_000, timeoutMs = 20_000): Promise<Weight> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (this.inFlight > 0 || Date.now() - this.lastActivity < quietMs)) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    await Promise.all(this.pending);
    const measured = this.phase;
    this.phase = emptyWeight();
    return measured;
  }
}

export async function measurePageWeights(baseURL: string): Promise<PageWeights> {
  const browser = await launchChromium();
  try {
    const context = await loopbackContext(browser, baseURL, {
      serviceWorkers: 'block',
      extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const recorder = new Recorder(page);

    await page.goto('/');
    await page.getByLabel('Email Address').waitFor();
    const firstVisit = await recorder.endPhase();

    await page.getByLabel('Email Address').fill(DEMO_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^(Login|Sign In)$/ }).click();
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    const homeAfterLogin = await recorder.endPhase();

    await page.getByRole('region', { name: 'Our Services' }).getByRole('button').first().click();
    await page.waitForURL('**/client/create');
    // Choosing a place shows the map, which starts MapLibre's worker.
    await page.getByRole('combobox', { name: 'Address' }).fill('Yaba');
    await page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option').first().click();
    await page.getByRole('img', { name: 'Your selected location' }).waitFor();
    const mapScreen = await recorder.endPhase(1_500);

    await context.close();
    return { firstVisit, homeAfterLogin, mapScreen, allGzip: recorder.allGzip };
  } finally {
    await browser.close();
  }
}
