/**
 * Lighthouse mobile performance for the screens of bench/screens.ts, a median of runs each in
 * a fresh browser profile; signed-in screens get the demo client's token first
 * (docs/performance.md, 'Running the bench').
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import type { LoginResponse } from '../src/shared/contract';
import { CHROMIUM_PATH } from './browser';
import { cpuSlowdown } from './cpu-slowdown';
import type { Screen, ScreenFigures } from './screens';

export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The largest contentful paint's element (a selector), when Lighthouse names it. */
  lcpElement?: string | undefined;
  /**
   * Lighthouse's measure of the machine's speed at the start of the run (about 1000 and more
   * on an idle desktop; a busy machine scores less, and its TBT and scores mean little).
   */
  benchmarkIndex?: number | undefined;
}

const RUNS = 3;
/** Read once, as the bench starts: a wrong `BENCH_CPU_SLOWDOWN` stops it before the build. */
export const CPU_SLOWDOWN = cpuSlowdown();
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Only the loopback server resolves: a run can never reach the internet.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/**
 * The install card's 'Not now' flag (src/ui/install-prompt.tsx). Headless Chromium offers
 * installing at once, so the card would paint late in every run and become the largest
 * contentful paint; real Chrome offers it only after the user has engaged with the page, and
 * LCP stops at the first input, so a real visit never counts it. The signed-in runs set the
 * flag to measure what such a visit paints. (The / run keeps Lighthouse's storage reset.)
 */
export const INSTALL_DISMISSED_KEY = 'greenpick-install-dismissed';

async function seedToken(port: number, origin: string, token: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/manifest.webmanifest`);
    await page.evaluate(
      ([value, dismissedKey]) => {
        localStorage.setItem('token', value);
        localStorage.setItem(dismissedKey, '1');
      },
      [token, INSTALL_DISMISSED_KEY] as const,
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** The largest paint's element as Lighthouse names it (a CSS selector), for the printed run. */
function lcpElementOf(details: unknown): string | undefined {
  type Node = { type?: string; selector?: string; snippet?: string };
  const found: Node[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      if ((value as Node).type === 'node') found.push(value as Node);
      else Object.values(value).forEach(visit);
    }
  };
  visit(details);
  return found[0]?.selector;
}

/**
 * Scripts to run before the page's own (`Screen.beforeScripts`) need a page of our own:
 * Lighthouse then runs in it (puppeteer's `evaluateOnNewDocument` stays with the page).
 */
async function runLighthouse(url: string, port: number, keepStorage: boolean, beforeScripts?: string) {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
  };
  if (!beforeScripts) return lighthouse(url, flags);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(beforeScripts);
    return await lighthouse(url, flags, undefined, page);
  } finally {
    await browser.disconnect();
  }
}

async function runOnce(url: string, token?: string, beforeScripts?: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    if (token) await seedToken(chrome.port, new URL(url).origin, token);
    const result = await runLighthouse(url, chrome.port, Boolean(token), beforeScripts);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART) and asks to be run again; on a busy machine twice in a row. */
const ATTEMPTS = 3;

async function runWithRetry(url: string, token?: string, beforeScripts?: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, token, beforeScripts);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`bench: ${error instanceof Error ? error.message : String(error)}; running it again`);
    }
  }
}

async function measureScreen(url: string, token?: string, beforeScripts?: string): Promise<ScreenFigures> {
  const runs: LighthouseFigures[] = [];
  const path = new URL(url).pathname;
  for (let run = 0; run < RUNS; run += 1) {
    const figures = await runWithRetry(url, token, beforeScripts);
    process.stderr.write(
      `bench: Lighthouse ${path} run ${run + 1}: score ${figures.score}, FCP ${figures.fcpMs} ms, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls}` +
        `${figures.lcpElement ? `, LCP element ${figures.lcpElement}` : ''}${figures.benchmarkIndex ? `, benchmark index ${Math.round(figures.benchmarkIndex)}` : ''}\n`,
    );
    runs.push(figures);
  }
  return {
    path,
    score: median(runs.map((run) => run.score)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    runs,
  };
}

export async function signInDemoClient(baseURL: string): Promise<string> {
  const response = await fetch(new URL('/client/login', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in the demo client: ${response.status}`);
  return ((await response.json()) as LoginResponse).data;
}

/** Median of 3 runs for each screen, in order. */
export async function measureLighthouse(baseURL: string, screens: readonly Screen[]): Promise<ScreenFigures[]> {
  const token = await signInDemoClient(baseURL);
  const measured: ScreenFigures[] = [];
  for (const screen of screens)
    measured.push(
      await measureScreen(
        new URL(screen.path, baseURL).href,
        screen.signedIn ? token : undefined,
        screen.beforeScripts,
      ),
    );
  return measured;
}
