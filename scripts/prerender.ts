/**
 * The build's prerender step (after `vite build`, in `npm run build` and the bench's build): the
 * signed-out screens (`/`, `/login`, `/signup`, `/forgot`) rendered to HTML by React through
 * Vite's `ssrLoadModule` (no browser, no network), each written to `prerendered/<name>.html`
 * with the CSS it needs inline, so that the form shows and takes typing before any JavaScript
 * has arrived. The server sends these for those paths (server/http/static.ts); the app takes
 * over when it starts (src/lib/prerender-handoff.ts). docs/performance.md, 'The first screen'.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { PRERENDERED_DIR, PRERENDERED_INDEX, type PrerenderedIndex } from '../server/http/prerendered.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Page path → file name under prerendered/. */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index.html',
  '/login': 'login.html',
  '/signup': 'signup.html',
  '/forgot': 'forgot.html',
};

/** The route module whose chunk holds each page's screen (its CSS is inlined with the entry's). */
const SCREEN_MODULE: Record<string, string | undefined> = {
  '/signup': 'src/routes/signup.tsx?tsr-split=component',
  '/forgot': 'src/routes/forgot.tsx?tsr-split=component',
};

/**
 * The one inline script: a form submitted before the app has started is held (the app submits
 * it once, when it has taken over), and its button disabled so that it is not sent twice.
 * Its hash goes into the page's Content-Security-Policy (no 'unsafe-inline').
 */
export const HOLD_SUBMIT_SCRIPT =
  'document.addEventListener("submit",function(e){var f=e.target;if(f.closest&&f.closest("#prerendered")){' +
  'e.preventDefault();window.__greenpickSubmit=f;var b=f.querySelector("[type=submit]");if(b)b.disabled=true}},true)';

export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The inline scripts of the built index.html itself (the booking form's early reads): every
 * page, prerendered or the shell, carries them, so their hashes join the policy too.
 */
export function shellScripts(shell: string): string[] {
  return [...shell.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The CSS files a chunk and the chunks it imports statically load (Vite's manifest). */
function cssOf(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((child) => cssOf(manifest, child, seen))];
}

/**
 * index.html with the screen's markup in `#prerendered` (beside an empty `#root`, which the app
 * renders into), the entry's stylesheet link replaced by the page's CSS inline, and the script.
 */
export function composePage(shell: string, markup: string, css: string, entryCssHref: string): string {
  // React hoists resource hints (the logo's preload) to the front of its output: they go in the head.
  const hints = markup.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
  // Should the inline script not run, a form must not fall back to a GET, which would put the
  // password in the address: a POST to the page is refused by the server, and nothing leaks.
  const body = markup.slice(hints.length).replaceAll('<form ', '<form method="post" ');
  const link = new RegExp(
    `<link rel="stylesheet"[^>]*href="${entryCssHref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
  );
  if (!link.test(shell)) throw new Error(`prerender: index.html has no stylesheet link for ${entryCssHref}`);
  if (!shell.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  return shell
    .replace(link, () => `<style>${css}</style>${hints}<script>${HOLD_SUBMIT_SCRIPT}</script>`)
    .replace('<div id="root"></div>', () => `<div id="prerendered">${body}</div><div id="root"></div>`);
}

export async function prerender(distDir: string): Promise<void> {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['index.html'];
  if (!entry?.css?.[0]) throw new Error('prerender: the build manifest has no entry CSS');
  const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
  const readCss = (files: string[]) =>
    [...new Set(files)].map((file) => readFileSync(join(distDir, file), 'utf8').trim()).join('');

  // Only React's own plugin: the route tree's modules load as they are (no code splitting),
  // and the router plugin would regenerate src/routeTree.gen.ts.
  const vite = await createServer({
    configFile: false,
    root: ROOT,
    plugins: [react()],
    appType: 'custom',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const pages: PrerenderedIndex['pages'] = {};
  try {
    const { renderScreen } = (await vite.ssrLoadModule('/scripts/prerender-app.tsx')) as {
      renderScreen: (path: string) => Promise<string>;
    };
    mkdirSync(join(distDir, PRERENDERED_DIR), { recursive: true });
    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
      const markup = await renderScreen(path);
      if (!markup.includes('<main')) throw new Error(`prerender: ${path} rendered no <main>`);
      const screen = SCREEN_MODULE[path];
      const css = readCss([...entry.css, ...(screen ? cssOf(manifest, screen) : [])]);
      writeFileSync(join(distDir, PRERENDERED_DIR, file), composePage(shell, markup, css, `/${entry.css[0]}`));
      pages[path] = file;
    }
  } finally {
    await vite.close();
  }
  const scriptHashes = [HOLD_SUBMIT_SCRIPT, ...shellScripts(shell)].map(scriptHash);
  const index: PrerenderedIndex = { pages, scriptHashes };
  writeFileSync(join(distDir, PRERENDERED_DIR, PRERENDERED_INDEX), JSON.stringify(index, null, 2));
  // The manifest was only for this step: not served, not precached.
  rmSync(join(distDir, '.vite'), { recursive: true, force: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = resolve(process.argv[2] ?? join(ROOT, 'dist'));
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`prerender: no build in ${distDir}`);
  await prerender(distDir);
  console.log(`[build] signed-out screens prerendered into ${join(distDir, PRERENDERED_DIR)}`);
}
