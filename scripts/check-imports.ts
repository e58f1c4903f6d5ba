/**
 * The folder rules, checked on the resolved import graph, since Biome sees only an import's
 * text (docs/architecture.md, 'Guardrails'). Part of `npm run lint`; exits 1 and lists each
 * break.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

/** Packages that need React or a page (DOM): not for code the worker and the server run. */
const UI_PACKAGES =
  /^(react|react-dom|react-map-gl|react-toastify|maplibre-gl|workbox-window|zustand|@tanstack\/react-[^/]+|@paystack\/inline-js|@googlemaps\/js-api-loader)(\/|$)/;

const SOURCE_FILE = /\.(ts|tsx|mts|cts)$/;
const CHECKED_FOLDERS = ['src', 'sw', 'server'];

/** Repository-relative path with forward slashes, e.g. `src/features/chat/chat-send.ts`. */
function toPosix(path: string): string {
  return path.split(sep).join('/');
}

function listSourceFiles(root: string, folder: string): string[] {
  if (!existsSync(join(root, folder))) return [];
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => toPosix(relative(root, join(entry.parentPath, entry.name))));
}

/** Every module the file names: static imports, re-exports and string-literal dynamic imports. */
export function importSpecifiers(fileName: string, source: string): string[] {
  const { module } = parseSync(fileName, source);
  const specifiers = module.staticImports.map((entry) => entry.moduleRequest.value);
  for (const entry of module.staticExports) {
    for (const item of entry.entries) if (item.moduleRequest) specifiers.push(item.moduleRequest.value);
  }
  for (const entry of module.dynamicImports) {
    const text = source.slice(entry.moduleRequest.start, entry.moduleRequest.end);
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(text);
    if (literal) specifiers.push(literal[2]);
  }
  return [...new Set(specifiers)];
}

/** A relative specifier as a repository-relative path; a package specifier as it is. */
function target(root: string, file: string, specifier: string): { path?: string; pkg?: string } {
  const bare = specifier.split('?')[0];
  if (!bare.startsWith('.')) return { pkg: bare };
  return { path: toPosix(relative(root, resolve(root, dirname(file), bare))) };
}

/**
 * The app's layers, top first; src/main.tsx and the generated route tree belong with the routes.
 * The driver's app (src/driver-app, its own build) sits on top beside the client's routes: it
 * may import src/ui, src/lib and src/shared, and nothing imports it.
 */
const LAYERS = [
  { name: 'src/driver-app', test: /^src\/driver-app\// },
  { name: 'src/routes', test: /^src\/(routes\/|main(\.tsx)?$|routeTree\.gen(\.ts)?$)/ },
  { name: 'src/features', test: /^src\/features\// },
  { name: 'src/ui', test: /^src\/ui\// },
  { name: 'src/lib', test: /^src\/lib\// },
] as const;

function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.test.test(path));
}

function featureOf(path: string): string | undefined {
  return /^src\/features\/([^/]+)\//.exec(`${path}/`)?.[1];
}

/** The operators' console: a page of its own beside the client's app (its own entry and routes). */
const CONSOLE = /^src\/ops-console(\/|$)/;

/**
 * The console may use src/ui, src/lib and src/shared, never the client's features or routes;
 * nothing of the client's app imports the console (its code stays out of the client's chunks).
 */
function consoleRule(file: string, path: string | undefined): string | undefined {
  if (!path) return undefined;
  const fromConsole = CONSOLE.test(file);
  // Every layer above src/ui: the client's routes and features, and the driver's app.
  const layer = layerOf(path);
  if (fromConsole && layer !== -1 && layer < LAYERS.findIndex((each) => each.name === 'src/ui'))
    return "src/ops-console imports only src/ui, src/lib and src/shared (not the client's features or routes)";
  if (!fromConsole && CONSOLE.test(path)) return 'nothing outside src/ops-console imports the console';
  return undefined;
}

/**
 * The server's rooms (docs/architecture.md, 'The rule of each folder'): `server/ops` is the
 * command line, which nothing else in the server imports; a route file (`*.routes.ts`) is the
 * HTTP edge, imported only by the app that mounts it and the entry, so the commands, jobs,
 * rules and queries of a room never lean on a route, and what two routes share is a rule of its room.
 */
const SERVER_ROUTE = /^server\/.+\.routes(\.ts)?$/;
const SERVER_EDGE = /^server\/(app|index)\.ts$/;

function serverRoomRule(file: string, path: string | undefined): string | undefined {
  if (!path || !file.startsWith('server/')) return undefined;
  if (/^server\/ops(\/|$)/.test(path) && !file.startsWith('server/ops/'))
    return 'server/ops is the command line: nothing else in server/ imports it';
  if (SERVER_ROUTE.test(path) && !SERVER_EDGE.test(file))
    return 'a route file (*.routes.ts) is imported only by server/app.ts and server/index.ts';
  return undefined;
}

/** The rule a file breaks by importing `specifier`, or undefined when the import is allowed. */
export function brokenRule(root: string, file: string, specifier: string): string | undefined {
  const { path, pkg } = target(root, file, specifier);
  const consoleBreak = consoleRule(file, path);
  if (consoleBreak) return consoleBreak;
  const serverBreak = serverRoomRule(file, path);
  if (serverBreak) return serverBreak;
  const fromLayer = layerOf(file);
  const toLayer = path ? layerOf(path) : -1;
  if (file.startsWith('src/driver-app/') && path && /^src\/(routes|features|main|routeTree)/.test(path))
    return "the driver's app imports no client screen or feature (src/routes, src/features): shared code moves to src/ui or src/lib";
  if (fromLayer > 0 && toLayer !== -1 && toLayer < fromLayer)
    return `${LAYERS[fromLayer]!.name} imports nothing from a layer above it (${LAYERS[toLayer]!.name})`;
  const fromFeature = featureOf(file);
  if (fromFeature && path) {
    const toFeature = featureOf(path);
    if (toFeature && toFeature !== fromFeature)
      return `a feature never imports another feature (features meet in routes): ${fromFeature} -> ${toFeature}`;
  }
  const runtime = file.startsWith('src/shared/')
    ? 'src/shared'
    : file.startsWith('sw/')
      ? 'sw'
      : file.startsWith('server/')
        ? 'server'
        : undefined;
  if (runtime === undefined) return undefined;
  if (pkg && UI_PACKAGES.test(pkg)) return `${runtime} imports no React or DOM-only package (${pkg})`;
  if (path && (path === 'src' || path.startsWith('src/')) && !path.startsWith('src/shared/')) {
    return `${runtime} imports from src/ only what is in src/shared/`;
  }
  return undefined;
}

export function checkImports(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const file of CHECKED_FOLDERS.flatMap((folder) => listSourceFiles(root, folder)).sort()) {
    const source = readFileSync(join(root, file), 'utf8');
    for (const specifier of importSpecifiers(file, source)) {
      const rule = brokenRule(root, file, specifier);
      if (rule) violations.push({ file, specifier, rule });
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const violations = checkImports(root);
  for (const { file, specifier, rule } of violations) console.error(`${file}: import '${specifier}': ${rule}`);
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) break the folder rules (docs/architecture.md, "Guardrails").`);
    process.exit(1);
  }
  console.log('Folder rules: every import in src/, sw/ and server/ is allowed.');
}
