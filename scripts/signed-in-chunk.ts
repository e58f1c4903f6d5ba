/**
 * One chunk for the signed-in shell and the dashboard, so a phone fetches what they share in
 * one request rather than in many small chunks, without growing the login screen
 * (docs/architecture.md, 'The first paint').
 */
import type { Rolldown } from 'vite';

export const SIGNED_IN_CHUNK = 'signed-in';

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

export interface ChunkRoots {
  signedIn: readonly RegExp[];
  firstVisitLazy: readonly RegExp[];
}

const DEFAULT_ROOTS: ChunkRoots = { signedIn: SIGNED_IN_ROOTS, firstVisitLazy: FIRST_VISIT_LAZY };

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

/** The module ids of the signed-in chunk, for the app whose entry module is `entry`. */
export function signedInModules(graph: ModuleGraph, entry: string, roots: ChunkRoots = DEFAULT_ROOTS): Set<string> {
  const edges = (id: string, pick: (info: ModuleEdges) => readonly string[]) => {
    const info = graph.getModuleInfo(id);
    return info ? pick(info) : [];
  };
  const anyImports = (id: string) => edges(id, (info) => [...info.importedIds, ...info.dynamicallyImportedIds]);
  const staticImports = (id: string) => edges(id, (info) => info.importedIds);
  const everything = [...reach([entry], anyImports)];
  const matching = (patterns: readonly RegExp[]) => {
    const ids = everything.filter((id) => patterns.some((pattern) => pattern.test(id)));
    const missing = patterns.filter((pattern) => !ids.some((id) => pattern.test(id)));
    // A renamed file must not quietly bring the twenty small chunks, or a bigger first visit, back.
    if (missing.length > 0) throw new Error(`signed-in chunk: no module matches ${missing.join(', ')}`);
    return ids;
  };
  const stays = reach([entry, ...matching(roots.firstVisitLazy)], staticImports);
  const members = reach(matching(roots.signedIn), staticImports);
  return new Set([...members].filter((id) => !stays.has(id)));
}

/**
 * The group for `build.rolldownOptions.output.codeSplitting.groups`. Its members' own
 * dependencies are members or in the entry already, so the group must not pull them in
 * (`includeDependenciesRecursively` would move React out of the entry).
 */
export function signedInChunkGroup(entry: string): Rolldown.CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    name: (id, graph) => {
      members ??= signedInModules(graph, entry);
      return members.has(id) ? SIGNED_IN_CHUNK : null;
    },
    debugName: SIGNED_IN_CHUNK,
    includeDependenciesRecursively: false,
  };
}
