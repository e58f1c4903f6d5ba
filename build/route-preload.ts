/**
 * A Vite build plugin: a signed-in visit that opens on a guarded screen (say /client/home
 * from the home-screen icon) should not wait for the entry script to run before it asks for
 * that screen's code. The plugin writes `route-preload.js`, a tiny script index.html loads
 * with `async` beside the entry: for the path being opened it adds `modulepreload` links for
 * the screen's chunks (those the entry does not already load), so they download in parallel
 * with the entry instead of after it. Other paths (/ and /login) preload nothing, so the
 * first visit costs only this script.
 */
import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

export interface RoutePreload {
  /** Paths (location.pathname) this rule preloads for; the first rule that matches wins. */
  path: RegExp;
  /** The route modules whose lazily loaded code the path needs (relative to the project root). */
  modules: string[];
}

export const ROUTE_PRELOAD_FILE = 'route-preload.js';

/** The file names a chunk loads, itself included, through its static imports. */
function staticClosure(start: Rollup.OutputChunk[], byFile: Map<string, Rollup.OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const chunk = stack.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) stack.push(next);
    }
  }
  return seen;
}

/** The script's source: pure ES5 so it runs before anything else is parsed. */
export function preloadScript(base: string, rules: [pattern: string, files: string[]][]): string {
  return `(function(){var r=${JSON.stringify(rules)},p=location.pathname;for(var i=0;i<r.length;i++){if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(base)}+f;document.head.appendChild(l)});return}}})();\n`;
}

export function routePreload(routes: RoutePreload[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'greenpick-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const loadedByEntry = staticClosure(chunks.filter((chunk) => chunk.isEntry), byFile);
      const rules = routes.map(({ path, modules }): [string, string[]] => {
        const starts = modules.flatMap((module) => {
          const id = resolve(root, module);
          const found = chunks.filter((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.split('?')[0] === id);
          if (found.length === 0) this.error(`route-preload: no lazily loaded chunk for ${module}`);
          return found;
        });
        return [path.source, [...staticClosure(starts, byFile)].filter((file) => !loadedByEntry.has(file)).sort()];
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOAD_FILE, source: preloadScript(base, rules) });
      const tag = `<script async src="${base}${ROUTE_PRELOAD_FILE}"></script>\n    `;
      html.source = String(html.source).replace('<script type="module"', `${tag}<script type="module"`);
    },
  };
}
