import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench/browser';

const isCI = Boolean(process.env.CI);

// The journeys sign up and in about four hundred times on a server that shares the two cores:
// password hashes at a sixteenth of production's cost (PASSWORD_HASH_COST, docs/security.md),
// as in the server tests. Set here, before the global setup imports the server, and read by
// the workers' own servers too (refund-paystack.spec.ts).
process.env.PASSWORD_HASH_COST ??= '10';

/**
 * Debian's Chromium (156) builds the address bar's WebUI popups in a renderer of its own for
 * every window, headless too, busy for a second or more per test: without them the suite
 * takes about 8 % less time. Chromium keeps only the last --disable-features, so Playwright's
 * own list is repeated here before ours.
 */
const DISABLED_FEATURES = [
  // Playwright's defaults (playwright-core's chromiumSwitches).
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // The address bar's popups.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      // Debian's Chromium, headless, never reaching the network (shared with the bench).
      ...CHROMIUM_ARGS,
      // One renderer process per browser context, not three: with site isolation a new
      // context's first page and Chromium's spare renderer are processes of their own,
      // each a fresh address space, and on these machines every new page of memory is
      // dear (docs/architecture.md, 'The suite's time'). The app has no frames.
      '--disable-site-isolation-trials',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
    ],
  },
};

/**
 * Files about a screen's rules that run without the service worker and change nothing of the
 * browser context but its storage: their tests share one browser context per worker
 * (Playwright's `reuseContext`, which clears cookies, storage, IndexedDB, routes and the clock
 * between tests). A new context's page and first document cost about 1.5 s of CPU here, most of
 * a short test (docs/architecture.md, 'The suite's time', 'One context for the screens').
 * A file that grants permissions or goes offline during a test, or lets the service worker in,
 * stays out: Playwright does not undo those between tests. `E2E_NO_REUSE=1` gives every test a
 * context of its own again, to rule a leak out when one of these fails.
 */
const SCREEN_FILES = [
  'a11y',
  'auth-guards',
  'auth-layouts',
  'auth-login',
  'auth-signup',
  'booking-phone',
  'booking-when',
  'dashboard',
  'focus',
  'history',
  'money',
  'narrow-screens',
  'ops-console',
  'plans-points',
  'precise-location',
  'profile-edit',
  'profile',
  'referral',
  'smoke',
  'subscribe',
  'task-details',
].map((name) => `${name}.spec.ts`);

/**
 * End-to-end journeys against the real built app served by the real reference server
 * (started by e2e/global-setup.ts on a free port with a fresh in-memory database).
 * Run `npm run build` first. Uses Debian's Chromium; it never downloads a browser.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // Guards against a hang, not speed checks: on two cores shared with the rest of \`npm test\`
  // a step may take several times its idle duration (the console's axe run, 24 s idle, passed
  // 90 s beside two other suites). One guard for every test, set nowhere else. A passing check
  // returns at once.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  forbidOnly: isCI,
  // No retries, here or in CI: a journey that fails once is a defect to fix.
  retries: 0,
  // One browser per core. On 28 Nov's machine the journeys mostly waited and a third worker
  // filled the idle core; on these machines, where every process switch and fresh page costs
  // more, they keep both cores busy, and a third browser only added work: the e2e leg alone,
  // idle machine, 1,129 s of CPU in 579 s with three workers, 1,024 s in 562 s with two
  // (docs/architecture.md, 'The suite's time').
  workers: availableParallelism(),
  // The list, and a failed test's page snapshot printed with it (CI keeps only the output).
  reporter: [['list'], ['./e2e/support/failure-context-reporter.ts']],
  use: {
    // Set by the global setup; workers read this config after it ran.
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace costs about a fifth of the suite's CPU even when it is thrown away:
    // none is recorded; rerun a failure with `--trace on`.
    trace: 'off',
  },
  projects: [
    // Journeys first: the longest tests start early and the short screen tests fill the end.
    { name: 'journeys', testIgnore: SCREEN_FILES, use: CHROMIUM },
    {
      name: 'screens',
      testMatch: SCREEN_FILES,
      use: { ...CHROMIUM, reuseContext: !process.env.E2E_NO_REUSE },
    },
  ],
});
