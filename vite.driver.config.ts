/**
 * The driver's app (docs/driver.md): a second, separate Vite build into dist/driver/, served
 * under /driver/. A build of its own rather than a second input of vite.config.ts, so that
 * nothing of it can reach the client's chunks (the client's first visit gains no byte and the
 * client's chunk plan, scripts/chunks.ts, sees only the client's modules), and so that it has
 * its own service worker (sw/driver/sw.ts, scope /driver/) and manifest (driver/public/).
 * `npm run build` runs it after the client's build, which empties dist/.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./driver', import.meta.url)),
  base: '/driver/',
  // driver/public/ becomes /driver/: the manifest (/driver/manifest.webmanifest) and the driver's own icons.
  publicDir: 'public',
  envDir: ROOT,
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../sw/driver',
      filename: 'sw.ts',
      injectRegister: false,
      // The manifest is a static file of its own (driver/public/): the plugin would write one at the client's place.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        // MapLibre is precached so that the task's map opens offline.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  // The app's sources live beside driver/, not under it.
  server: { fs: { allow: [ROOT] } },
  build: {
    outDir: '../dist/driver',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
  },
});
