/**
 * Writes preload-hints.json at build time: for each signed-in route, the files its page needs
 * before it can paint that the entry does not load, which the server names in `Link` headers
 * so a phone fetches them beside the entry (docs/architecture.md, 'The first paint').
 */
import type { Plugin } from 'vite';
import { SIGNED_IN_CHUNK, reach } from './chunks.ts';

export const PRELOAD_HINTS_FILE = 'preload-hints.json';
export const SIGNED_IN_PATH_PREFIX = '/client';

/**
 * A signed-in route's component, as TanStack Router's `autoCodeSplitting` names it: a file
 * directly under src/routes/client (files whose name starts with '-' are not routes).
 */
const ROUTE_COMPONENT = /[\\/]src[\\/]routes[\\/]client[\\/]([a-z0-9][a-z0-9-]*)\.tsx\?tsr-split=component$/;

export interface PreloadLink {
  href: string;
  as: 'script' | 'style';
}

export type PreloadHints = Record<string, PreloadLink[]>;

/** The parts of Rolldown's output chunks (with Vite's CSS metadata) that the hints need. */
export interface BundleFile {
  type: 'chunk' | 'asset';
  fileName: string;
  name?: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  moduleIds?: string[];
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> } | null;
}

/** The page path of a signed-in route component module (`index` and `route` are the /client page itself); null for other modules. */
export function routePathOf(moduleId: string): string | null {
  const name = ROUTE_COMPONENT.exec(moduleId)?.[1];
  if (!name) return null;
  return name === 'index' || name === 'route' ? SIGNED_IN_PATH_PREFIX : `${SIGNED_IN_PATH_PREFIX}/${name}`;
}

export function preloadHints(bundle: Record<string, BundleFile>, base = '/'): PreloadHints {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (starts: readonly string[]) => reach(starts, (file) => byFile.get(file)?.imports ?? []);
  const signedIn = chunks.find((chunk) => chunk.name === SIGNED_IN_CHUNK);
  if (!signedIn) throw new Error(`preload hints: the build has no '${SIGNED_IN_CHUNK}' chunk`);
  const entryFiles = [...closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))];
  const loadedByEntry = new Set(entryFiles);
  const stylesOf = (files: readonly string[]) => [
    ...new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
  ];
  const link =
    (as: PreloadLink['as']) =>
    (file: string): PreloadLink => ({ href: `${base}${file}`, as });
  // The entry and its styles lead: the page can neither paint nor run without them, and named
  // first they are not queued behind the page's own files (a browser opens few connections at once).
  const entryLinks = [...entryFiles.map(link('script')), ...stylesOf(entryFiles).map(link('style'))];

  /** The entry, then the shell, then the page's chunks; scripts, then their styles; each file once. */
  const linksFor = (routeChunks: readonly string[]): PreloadLink[] => {
    const scripts = [...new Set([...closure([signedIn.fileName]), ...closure(routeChunks)])].filter(
      (file) => !loadedByEntry.has(file),
    );
    return [...entryLinks, ...scripts.map(link('script')), ...stylesOf(scripts).map(link('style'))];
  };

  // Page path → the chunks holding its route components (the layout and the index route are both /client).
  const pages = new Map<string, Set<string>>([[SIGNED_IN_PATH_PREFIX, new Set()]]);
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds ?? []) {
      const path = routePathOf(id);
      if (path) pages.set(path, (pages.get(path) ?? new Set<string>()).add(chunk.fileName));
    }
  }
  return Object.fromEntries([...pages].map(([path, routeChunks]) => [path, linksFor([...routeChunks])]));
}

/** Writes `preload-hints.json` for the app's build (the service worker's own build has no signed-in chunk and is skipped). */
export function preloadHintsPlugin(): Plugin {
  return {
    name: 'greenpick:preload-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, BundleFile>;
      if (!Object.values(files).some((file) => file.isEntry && file.facadeModuleId?.endsWith('index.html'))) return;
      this.emitFile({
        type: 'asset',
        fileName: PRELOAD_HINTS_FILE,
        source: `${JSON.stringify(preloadHints(files), null, 2)}\n`,
      });
    },
  };
}
