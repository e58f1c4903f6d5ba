/**
 * Which chunk the app's modules go to, so that a phone opening a screen fetches a few files
 * rather than many small ones (on a slow network, more files than connections cost round
 * trips), without growing the login screen (docs/architecture.md, 'The first paint').
 */
import type { Rolldown } from 'vite';

/** The entry's chunk: the first screen and what it imports. */
export const FIRST_SCREEN_CHUNK = 'first-screen';
export const SIGNED_IN_CHUNK = 'signed-in';
/** What several lazily loaded screens import: signed-out ones too, and signed-in ones only. */
export const SHARED_CHUNK = 'shared';
export const CLIENT_SHARED_CHUNK = 'client-shared';

export type ChunkName =
  | typeof FIRST_SCREEN_CHUNK
  | typeof SIGNED_IN_CHUNK
  | typeof SHARED_CHUNK
  | typeof CLIENT_SHARED_CHUNK;

/**
 * The /client layout (with the paid-task replay it starts), the dashboard, and the query
 * client with what the route loaders start, which the /client route loads before them.
 */
export const SIGNED_IN_ROOTS: readonly RegExp[] = [
  /[\\/]src[\\/]routes[\\/]client[\\/]route\.tsx\?tsr-split=component$/,
  /[\\/]src[\\/]routes[\\/]client[\\/]home\.tsx\?tsr-split=component$/,
  /[\\/]src[\\/]lib[\\/]navigation-queries\.ts$/,
];

/** Loaded lazily by every screen (src/main.tsx): the toasts after the first paint, the worker bridge once a worker controls the page. */
export const FIRST_VISIT_LAZY: readonly RegExp[] = [
  /[\\/]src[\\/]lib[\\/]sw-bridge\.ts$/,
  /[\\/]node_modules[\\/]react-toastify[\\/]/,
];

/** A screen: a route's component, as TanStack Router's `autoCodeSplitting` names it. */
export const SCREEN: RegExp = /[\\/]src[\\/]routes[\\/].*\?tsr-split=component$/;

/** A signed-in screen (under /client): what it loads, only a signed-in client loads. */
export const CLIENT_SCREEN: RegExp = /[\\/]src[\\/]routes[\\/]client[\\/].*\?tsr-split=component$/;

/** Our own modules (the shared chunks take no library: a library a screen needs stays with it or in a chunk of its own). */
const OURS = /^(?!.*[\\/]node_modules[\\/])(.*[\\/])?src[\\/]/;

export interface ChunkRoots {
  signedIn: readonly RegExp[];
  firstVisitLazy: readonly RegExp[];
  screen: RegExp;
  clientScreen: RegExp;
}

const DEFAULT_ROOTS: ChunkRoots = {
  signedIn: SIGNED_IN_ROOTS,
  firstVisitLazy: FIRST_VISIT_LAZY,
  screen: SCREEN,
  clientScreen: CLIENT_SCREEN,
};

type ModuleEdges = Pick<Rolldown.ModuleInfo, 'importedIds' | 'dynamicallyImportedIds'>;

export interface ModuleGraph {
  getModuleInfo(id: string): ModuleEdges | null;
}

/** Everything reachable from `starts` through `next` (modules through imports, chunks through their imports). */
export function reach(starts: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...next(id));
  }
  return seen;
}

/**
 * The chunk of each module that must not go where Rolldown would put it, for the app whose
 * entry module is `entry` (modules not in the map are left to Rolldown):
 * - first-screen: what the entry imports statically, and what both the lazily loaded worker
 *   bridge and the signed-in chunk import (else a chunk of its own, fetched by both);
 * - signed-in: what the signed-in roots import statically, minus the above and what every
 *   screen loads after its first paint (the bridge, the toasts);
 * - client-shared: our modules that two or more lazily loaded parts (at least one of them a
 *   screen) import statically, when only signed-in screens load those parts;
 * - shared: the same, when signed-out screens (sign-up, the legal pages) load some of them, so
 *   a signed-in screen's modules do not weigh on them; one that needs the signed-in chunk is
 *   left out, so a signed-out screen does not load that chunk for it.
 * A module that would bring a lazily loaded part (the map library, the toasts) before the
 * first paint is left out of both.
 */
export function chunkPlan(
  graph: ModuleGraph,
  entry: string,
  roots: ChunkRoots = DEFAULT_ROOTS,
): Map<string, ChunkName> {
  const edges = (id: string, pick: (info: ModuleEdges) => readonly string[]) => {
    const info = graph.getModuleInfo(id);
    return info ? pick(info) : [];
  };
  const staticImports = (id: string) => edges(id, (info) => info.importedIds);
  const lazyImports = (id: string) => edges(id, (info) => info.dynamicallyImportedIds);
  const everything = [...reach([entry], (id) => [...staticImports(id), ...lazyImports(id)])];
  const matching = (patterns: readonly RegExp[]) => {
    const ids = everything.filter((id) => patterns.some((pattern) => pattern.test(id)));
    const missing = patterns.filter((pattern) => !ids.some((id) => pattern.test(id)));
    // A renamed file must not quietly bring the small chunks, or a bigger first visit, back.
    if (missing.length > 0) throw new Error(`chunks: no module matches ${missing.join(', ')}`);
    return ids;
  };

  const initial = reach([entry], staticImports);
  const deferred = reach(matching(roots.firstVisitLazy), staticImports);
  const shell = reach(matching(roots.signedIn), staticImports);
  const plan = new Map<string, ChunkName>();
  for (const id of initial) plan.set(id, FIRST_SCREEN_CHUNK);
  for (const id of deferred) if (shell.has(id) && !initial.has(id)) plan.set(id, FIRST_SCREEN_CHUNK);
  for (const id of shell) if (!plan.has(id) && !deferred.has(id)) plan.set(id, SIGNED_IN_CHUNK);

  // Lazily loaded parts not placed yet (screens, modals, maps), and which need each module.
  const lazy = new Set(everything.flatMap(lazyImports));
  const parts = [...lazy].filter((id) => !plan.has(id) && !deferred.has(id));
  // What a signed-out visitor can load: everything but what only signed-in screens reach.
  const isClient = (id: string) => roots.clientScreen.test(id) || roots.signedIn.some((pattern) => pattern.test(id));
  const publicParts = new Set(
    [...reach([entry], (id) => (isClient(id) ? [] : [...staticImports(id), ...lazyImports(id)]))].filter(
      (id) => !isClient(id),
    ),
  );
  const needs = (start: string) => reach([start], (id) => (plan.has(id) ? [] : staticImports(id)));
  const users = new Map<string, { parts: number; screens: number; public: number }>();
  for (const part of parts) {
    for (const id of needs(part)) {
      if (id === part) continue;
      const count = users.get(id) ?? { parts: 0, screens: 0, public: 0 };
      users.set(id, {
        parts: count.parts + 1,
        screens: count.screens + (roots.screen.test(part) ? 1 : 0),
        public: count.public + (publicParts.has(part) ? 1 : 0),
      });
    }
  }
  for (const [id, count] of users) {
    if (count.parts < 2 || count.screens === 0 || !OURS.test(id) || plan.has(id) || lazy.has(id)) continue;
    const closure = [...reach([id], (dep) => (plan.get(dep) === FIRST_SCREEN_CHUNK ? [] : staticImports(dep)))];
    const later = (dep: string) => (lazy.has(dep) || deferred.has(dep)) && plan.get(dep) !== FIRST_SCREEN_CHUNK;
    if (closure.some((dep) => dep !== id && later(dep) && plan.get(dep) !== SIGNED_IN_CHUNK)) continue;
    if (count.public === 0) plan.set(id, CLIENT_SHARED_CHUNK);
    else if (!closure.some((dep) => plan.get(dep) === SIGNED_IN_CHUNK)) plan.set(id, SHARED_CHUNK);
  }
  return plan;
}

/**
 * The group for `build.rolldownOptions.output.codeSplitting.groups`. The plan places every
 * dependency already, so the group must not pull them in (`includeDependenciesRecursively`
 * would move React out of the entry).
 */
export function chunkGroup(entry: string): Rolldown.CodeSplittingGroup {
  let plan: Map<string, ChunkName> | undefined;
  return {
    name: (id, graph) => {
      plan ??= chunkPlan(graph, entry);
      return plan.get(id) ?? null;
    },
    debugName: 'chunk-plan',
    includeDependenciesRecursively: false,
  };
}
