/// <reference types="vitest/config" />
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { precompressPlugin } from './scripts/precompress.ts';
import { preloadHintsPlugin } from './scripts/preload-hints.ts';
import { chunkGroup } from './scripts/chunks.ts';

/** The web app manifest lives at the top level so that it reads as a file of its own. */
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

/**
 * Under vitest only React is needed: the router plugin would rewrite src/routeTree.gen.ts
 * while tests run, and the PWA plugin would build a service worker. Both stay out of tests
 * (server tests in tests/server run under this same config, in node).
 */
const isVitest = process.env.VITEST !== undefined;

/** The app's test files (not the server's), with their text; read under vitest only. */
const TESTS_DIR = fileURLToPath(new URL('./tests', import.meta.url));
const APP_TEST_FILES = (
  isVitest && existsSync(TESTS_DIR) ? (readdirSync(TESTS_DIR, { recursive: true }) as string[]) : []
)
  .map((file) => `tests/${file.replaceAll('\\', '/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('tests/server/'))
  .map((file) => ({ file, text: readFileSync(new URL(`./${file}`, import.meta.url), 'utf8') }));

/**
 * Test files that need a module graph of their own: those that replace modules (vi.mock and
 * its kin) and those that keep data in a fake IndexedDB (the next file of the worker would find it).
 */
const ISOLATED_FILES = APP_TEST_FILES.filter(({ text }) =>
  /\bvi\.(mock|doMock|unmock|doUnmock)\(|fake-indexeddb/.test(text),
).map(({ file }) => file);

/**
 * Component test files (`// @vitest-environment jsdom`) run in a project of their own: a worker
 * that goes from a jsdom file to a node file and back sets jsdom up again each time.
 */
const DOM_FILES = APP_TEST_FILES.filter(
  ({ file, text }) => text.includes('@vitest-environment jsdom') && !ISOLATED_FILES.includes(file),
).map(({ file }) => file);

function appPlugins(): PluginOption[] {
  if (isVitest) return [react()];
  return [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    preloadHintsPlugin(),
    precompressPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself, through src/lib/sw-bridge.ts.
      injectRegister: false,
      manifest,
      // The icons are in the precache glob already; listing them twice only doubles entries.
      includeManifestIcons: false,
      injectManifest: {
        // The app shell, every route chunk, the logo, the push notifications' icons and the
        // gazetteer (data/*.json); not what only an install reads, online: the install-sheet
        // screenshots and the home-screen icons (and the legacy favicon.ico: icon.svg stays).
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest}', 'data/*.json'],
        globIgnores: [
          'screenshots/**',
          'favicon.ico',
          'apple-touch-icon-180x180.png',
          'pwa-512x512.png',
          'maskable-icon-*.png',
          // The plugin adds the manifest itself.
          'manifest.webmanifest',
          // The operators' console (ops/vite.config.ts) is not the client's: never precached.
          'ops/**',
          'assets/ops-*',
          // The driver's app (vite.driver.config.ts, dist/driver/) has its own worker and precache.
          'driver/**',
        ],
        // MapLibre (and its worker) are precached so that maps open offline once installed.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ];
}

export default defineConfig({
  plugins: appPlugins(),
  resolve: {
    // The same libraries in the builds for the browsers the app targets anyway (Vite's build
    // target is newer than ES2017; React is 19): about 1.2 kB gzip less on every first visit.
    alias: [
      // The package's `module` field points at its ES5 build (2.3 kB gzip); this is its ES2017 build (1.4 kB).
      { find: /^workbox-window$/, replacement: 'workbox-window/build/workbox-window.prod.mjs' },
      // The router's store asks for the shim for React < 18; React 19 has the hook, which this entry uses as it is.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  build: {
    // The prerender step (scripts/prerender.ts) reads which CSS each signed-out screen's chunk
    // needs from .vite/manifest.json (it deletes the file once read).
    manifest: true,
    // Chrome, Firefox 115+ and Safari 17+ preload modules themselves; older browsers still
    // work, without preloading. The polyfill would add bytes to every first visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Left to itself, Rolldown gives every module that two chunks share a chunk of its own
            // (React, the router, a text field): many small files, each a round trip on a phone.
            // The plan puts the entry's modules in the entry, the signed-in shell and the dashboard
            // in one chunk, and what several screens share in one or two (scripts/chunks.ts).
            chunkGroup(fileURLToPath(new URL('./index.html', import.meta.url))),
          ],
        },
      },
    },
  },
  test: {
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` comment.
    environment: 'node',
    setupFiles: ['tests/setup-dom.ts'],
    // Guards against a hang, not speed checks (no test is timed): server test files each start
    // a server on an in-memory PGlite in beforeAll, and a server test sends real bodies (a 2 MB
    // picture) through a real server and database; beside the build and Playwright on two cores
    // (load average 15-20 when other work runs too) that takes many times its idle duration.
    // One setting for every test and hook (none sets its own): a PGlite made and migrated four
    // times took over a minute beside three other workloads.
    hookTimeout: 300_000,
    testTimeout: 300_000,
    // The same for expect.poll (vi.waitFor has no setting: its calls pass { timeout: 15_000 }).
    expect: { poll: { timeout: 15_000 } },
    // No retries, here or in CI: a test that fails once is a defect to fix (docs/architecture.md).
    retry: 0,
    // Vitest's default (one fewer than the cores) is a single worker on two cores, though many
    // test files mostly wait (child processes, sockets, timers): at least two run at once.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Two projects so that a run without server tests does not pay for their global setup.
    projects: [
      {
        extends: true,
        // Files of a worker share one module graph and environment: setting up jsdom and
        // importing React per file cost a third of the run. Each file cleans up after itself;
        // the project passes with its files in random order (--sequence.shuffle.files).
        test: {
          name: 'app',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/server/**', ...ISOLATED_FILES, ...DOM_FILES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app-dom',
          include: DOM_FILES.length > 0 ? DOM_FILES : ['-none-'],
          isolate: false,
        },
      },
      {
        extends: true,
        // A module mock applies only to a fresh module graph, and a database must start empty: these files keep theirs.
        test: { name: 'app-isolated', include: ISOLATED_FILES.length > 0 ? ISOLATED_FILES : ['-none-'] },
      },
      {
        extends: true,
        // One migrated database per run, which every test server gets a copy of.
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // As in 'app': one module graph per worker (no server test mocks a module).
          isolate: false,
          globalSetup: ['tests/server/global-setup.ts'],
          // Password hashes at a sixteenth of production's cost (2.5 ms of CPU rather than 40):
          // the suite signs up and logs in hundreds of times. tests/server/passwords.test.ts keeps
          // production's cost.
          env: { PASSWORD_HASH_COST: '10' },
          // Worker threads rather than child processes: cheaper to start. No server test
          // changes process-wide state (TZ, cwd).
          pool: 'threads',
        },
      },
    ],
  },
});
