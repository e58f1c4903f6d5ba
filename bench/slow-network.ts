/**
 * First visits on a slow mobile network (Chromium's network emulation, a fresh browser each
 * run): the time to first paint and to a usable form on the login and booking screens, read
 * from the page's own clock on every frame (docs/performance.md, 'Slow network').
 */
import type { Page } from '@playwright/test';
import { launchChromium, loopbackContext } from './browser';
import { INSTALL_DISMISSED_KEY } from './lighthouse-runs';
import type { Row } from './report';
import { BOOKING_STATE_SCRIPT } from './screens';

export const SLOW_NETWORK = { kbps: 400, rttMs: 400 };
const RUNS = 3;
const USABLE_TIMEOUT_MS = 30_000;

export interface SlowVisit {
  /** null when it was not measured (no paint, or the form never became usable in 30 s). */
  firstPaintMs: number | null;
  formUsableMs: number | null;
  /**
   * When the app had taken over the prerendered form (its own form in #root, the prerendered
   * copy gone); before, what is typed or chosen is kept (and on the login screen a submit waits).
   */
  appReadyMs?: number | null;
}

export interface SlowVisits {
  login: SlowVisit & { runs: SlowVisit[] };
  create: SlowVisit & { runs: SlowVisit[] };
  driverLogin: SlowVisit & { runs: SlowVisit[] };
}

type FormName = 'login' | 'create' | 'driverLogin';

/**
 * Evaluated in the page on every frame: the time when the form is usable, else false. Plain
 * JavaScript in a string, so that no helper the TypeScript transpiler adds (e.g. `__name`)
 * is needed in the page.
 */
const RENDERED = `(element) => element instanceof HTMLElement && element.getBoundingClientRect().width > 0 && element.getBoundingClientRect().height > 0`;
const USABLE_CHECKS: Record<FormName, string> = {
  login: `(() => {
    const rendered = ${RENDERED};
    const enabled = (element) => rendered(element) && !element.disabled;
    const email = document.querySelector('input[name="email"]');
    const password = document.querySelector('input[name="password"]');
    const submit = email && email.closest('form') && email.closest('form').querySelector('button[type="submit"]');
    return enabled(email) && enabled(password) && enabled(submit) ? performance.now() : false;
  })()`,
  driverLogin: `(() => {
    const rendered = ${RENDERED};
    const enabled = (element) => rendered(element) && !element.disabled;
    // The code sign-in's phone field (the password form is folded below it) and its button.
    const phone = [...document.querySelectorAll('input[name="phone"]')].find(rendered);
    const submit = phone && phone.closest('form') && phone.closest('form').querySelector('button[type="submit"]');
    return enabled(phone) && enabled(submit) ? performance.now() : false;
  })()`,
  create: `(() => {
    const rendered = ${RENDERED};
    const search = document.querySelector('input[role="combobox"]');
    const proceed = [...document.querySelectorAll('button')].find((button) => button.textContent.trim() === 'Proceed to Payment');
    // The price: in the Task Summary's open body, or (on a phone, the sheet collapsed) on its one line.
    const term = [...document.querySelectorAll('dt')].find((candidate) => candidate.textContent.trim() === 'Price');
    const naira = (element) => rendered(element) && /₦\\s?\\d/.test(element.textContent);
    const priceShown = naira(term && term.nextElementSibling) || naira(document.querySelector('[data-testid="sheet-amount"]'));
    return rendered(search) && !search.disabled && rendered(proceed) && priceShown ? performance.now() : false;
  })()`,
};

/** The app has taken over the prerendered form (src/lib/prerender-handoff.ts). */
const APP_READY: Record<FormName, string> = {
  login: `document.getElementById('prerendered') === null && document.querySelector('#root form') !== null
  ? performance.now() : false`,
  create: `document.getElementById('prerendered') === null && document.querySelector('#root .create-task-layout') !== null
  ? performance.now() : false`,
  driverLogin: `document.getElementById('prerendered') === null && document.querySelector('#root form') !== null
  ? performance.now() : false`,
};

/**
 * Installed before any of the page's code (an init script): runs the checks on every frame
 * from the document's start and records, in the page, the time of the first frame each held.
 * Playwright's own polling would start only once it has injected its helpers into the page,
 * which on a loaded machine is a few hundred milliseconds after a prerendered form is there.
 */
function frameWatch(checks: Record<string, string>): string {
  const entries = Object.entries(checks).map(([name, check]) => `${JSON.stringify(name)}: () => (${check})`);
  return `(() => {
    const checks = { ${entries.join(', ')} };
    const seen = (window.__benchSeen = {});
    const tick = () => {
      for (const [name, check] of Object.entries(checks)) {
        if (name in seen) continue;
        const at = check();
        if (at !== false) seen[name] = at;
      }
      if (Object.keys(seen).length < Object.keys(checks).length) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`;
}

/** Resolves with the time the frame watch recorded for `name`. */
async function firstFrame(page: Page, name: string): Promise<number> {
  const seen = await page.waitForFunction(
    `(window.__benchSeen && window.__benchSeen[${JSON.stringify(name)}]) || false`,
    undefined,
    {
      polling: 100,
      timeout: USABLE_TIMEOUT_MS,
    },
  );
  return Math.round((await seen.jsonValue()) as number);
}

const FIRST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (entry) resolve(entry.startTime);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(() => resolve(null), 5000);
})`;

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const bytesPerSecond = (SLOW_NETWORK.kbps * 1000) / 8;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_NETWORK.rttMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

async function visitOnce(baseURL: string, path: string, form: FormName, token?: string): Promise<SlowVisit> {
  const browser = await launchChromium();
  try {
    // bypassCSP: the checks below are evaluated from strings, which the app's policy (no eval) would refuse.
    const context = await loopbackContext(browser, baseURL, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    const page = await context.newPage();
    if (token) {
      // A blank page of the server's origin, answered by the bench itself: nothing is cached by it.
      await page.route('**/__bench-blank', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
      );
      await page.goto('/__bench-blank');
      await page.evaluate(
        ([value, dismissedKey]) => {
          localStorage.setItem('token', value);
          localStorage.setItem(dismissedKey, '1');
        },
        [token, INSTALL_DISMISSED_KEY] as const,
      );
    }
    // The booking form of a service, not the service picker (bench/screens.ts).
    if (form === 'create') await page.addInitScript(BOOKING_STATE_SCRIPT);
    await page.addInitScript(frameWatch({ usable: USABLE_CHECKS[form], appReady: APP_READY[form] }));
    await throttle(page);
    await page.goto(path, { waitUntil: 'commit' });
    let formUsableMs: number | null = null;
    try {
      formUsableMs = await firstFrame(page, 'usable');
    } catch (error) {
      process.stderr.write(
        `bench: ${path}: the form was not usable within ${USABLE_TIMEOUT_MS / 1000} s (${error instanceof Error ? error.message.split('\n')[0] : String(error)})\n`,
      );
      formUsableMs = null;
    }
    let appReadyMs: number | null;
    try {
      appReadyMs = await firstFrame(page, 'appReady');
    } catch {
      appReadyMs = null;
    }
    // The paint entry is queued after the frame that painted: wait for it (a few seconds at most).
    const paint = await page.evaluate(FIRST_CONTENTFUL_PAINT);
    await context.close();
    const firstPaintMs = typeof paint === 'number' ? Math.round(paint) : null;
    // The check runs just before the frame that shows the form is painted: nothing is usable before the first paint.
    return {
      firstPaintMs,
      formUsableMs:
        formUsableMs !== null && firstPaintMs !== null ? Math.max(formUsableMs, firstPaintMs) : formUsableMs,
      appReadyMs,
    };
  } finally {
    await browser.close();
  }
}

/** The median, with a run that was not measured counting as the slowest. */
function median(values: (number | null)[]): number | null {
  const sorted = values.toSorted((a, b) => (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY));
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

async function medianVisit(
  baseURL: string,
  path: string,
  form: FormName,
  token?: string,
): Promise<SlowVisit & { runs: SlowVisit[] }> {
  const runs: SlowVisit[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const visit = await visitOnce(baseURL, path, form, token);
    process.stderr.write(
      `bench: slow network ${path} run ${run + 1}: first paint ${visit.firstPaintMs ?? 'n/a'} ms, form usable ${visit.formUsableMs ?? 'n/a'} ms${visit.appReadyMs === undefined ? '' : `, app ready ${visit.appReadyMs ?? 'n/a'} ms`}\n`,
    );
    runs.push(visit);
  }
  const appReady = runs.some((run) => run.appReadyMs !== undefined)
    ? { appReadyMs: median(runs.map((run) => run.appReadyMs ?? null)) }
    : {};
  return {
    firstPaintMs: median(runs.map((run) => run.firstPaintMs)),
    formUsableMs: median(runs.map((run) => run.formUsableMs)),
    ...appReady,
    runs,
  };
}

export async function measureSlowVisits(baseURL: string, token: string): Promise<SlowVisits> {
  return {
    login: await medianVisit(baseURL, '/', 'login'),
    create: await medianVisit(baseURL, '/client/create', 'create', token),
    driverLogin: await medianVisit(baseURL, '/driver/login', 'driverLogin'),
  };
}

/**
 * The login form, prerendered, is visible and typable in about the time its 4 kB page takes
 * (issue 49's target: 1.3 s); the booking form, prerendered too, within issue 49's 3 s.
 */
export const SLOW_BUDGETS = { firstPaintMs: 2000, formUsableMs: 3000, loginTypableMs: 1300, driverSignInMs: 800 };

export function slowVisitRows(visits: SlowVisits): Row[] {
  const network = `${SLOW_NETWORK.kbps} kbps, ${SLOW_NETWORK.rttMs} ms RTT`;
  const rows = (label: string, visit: SlowVisit, usable: string, usableBudget: number): Row[] => [
    {
      figure: `${label} (${network}): first paint`,
      value: visit.firstPaintMs,
      unit: 'ms',
      budget: { op: '<=', limit: SLOW_BUDGETS.firstPaintMs },
    },
    {
      figure: `${label} (${network}): ${usable}`,
      value: visit.formUsableMs,
      unit: 'ms',
      budget: { op: '<=', limit: usableBudget },
    },
  ];
  return [
    ...rows('slow first visit to /', visits.login, 'login form visible and typable', SLOW_BUDGETS.loginTypableMs),
    // What was typed before is kept, and a submit waits for this (no budget: the form works before).
    { figure: `slow first visit to / (${network}): app ready`, value: visits.login.appReadyMs ?? null, unit: 'ms' },
    ...rows('slow signed-in first visit to /client/create', visits.create, 'form usable', SLOW_BUDGETS.formUsableMs),
    // What was typed or chosen before is kept (no budget: the form is usable before).
    {
      figure: `slow signed-in first visit to /client/create (${network}): app ready`,
      value: visits.create.appReadyMs ?? null,
      unit: 'ms',
    },
    // The driver's sign-in, prerendered too (issue 64: at most 800 ms on a 375 px phone).
    ...rows(
      'slow first visit to /driver/login',
      visits.driverLogin,
      'sign-in form usable',
      SLOW_BUDGETS.driverSignInMs,
    ),
    {
      figure: `slow first visit to /driver/login (${network}): app ready`,
      value: visits.driverLogin.appReadyMs ?? null,
      unit: 'ms',
    },
  ];
}
