import { defineConfig, devices } from '@playwright/test';

const isCI = Boolean(process.env.CI);

/**
 * End-to-end journeys against the real built app served by the real reference server
 * (started by e2e/global-setup.ts on a free port with a fresh in-memory database).
 * Run `npm run build` first. Uses Debian's Chromium; it never downloads a browser.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  reporter: 'list',
  use: {
    // Set by the global setup; workers read this config after it ran.
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace costs about a fifth of the suite's CPU even when it is thrown away:
    // only a retried test (CI) records one; locally, rerun a failure with `--trace on`.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
