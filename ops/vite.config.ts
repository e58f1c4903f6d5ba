/**
 * The operators' console (ops/index.html, src/ops-console) is built on its own, after the
 * client's app, into the same dist/ (its page at dist/ops/index.html, its files as
 * assets/ops-*): a second entry of the app's build would share chunks with the client's entry
 * (React, the router), so the console would load the client's entry module and the client's
 * first visit would change. Two builds share nothing (docs/architecture.md, 'The console').
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  // The client's build copied public/ already (the console uses its icon and logo).
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: 'dist',
    // The client's build is already there.
    emptyOutDir: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: fileURLToPath(new URL('./index.html', import.meta.url)),
      output: {
        entryFileNames: 'assets/ops-[name]-[hash].js',
        chunkFileNames: 'assets/ops-[name]-[hash].js',
        assetFileNames: 'assets/ops-[name]-[hash][extname]',
      },
    },
  },
});
