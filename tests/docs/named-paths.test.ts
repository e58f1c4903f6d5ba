/**
 * The README and docs/ cannot drift silently: every repository path they name in backticks
 * or as a link, and every `npm run` script, must exist. A doc that names a file that was
 * renamed or deleted fails here rather than misleading the next reader.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((name) => `docs/${name}`)].filter((file) =>
  file.endsWith('.md'),
);
const SCRIPTS = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);
const TOP_FOLDERS = ['src', 'server', 'sw', 'tests', 'e2e', 'scripts', 'bench', 'docs', 'public', '.ci'];
const FILE_ENDINGS = /\.(ts|tsx|md|json|jsonc|sql|html|webmanifest|js|mjs|css|yml)$/;

/** Paths git ignores (build output such as `bench/.dist/`) are made by a command, not kept. */
function isIgnored(path: string): boolean {
  try {
    // As a file and as a folder (`bench/.dist/` is ignored only as a folder): exit 0 when either is.
    execFileSync('git', ['check-ignore', path, `${path}/`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The repository paths a Markdown text names: in backticks (whole) or as a relative link. */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const path = code!.trim().replace(/[#:].*$/, '');
    if (/\s|[*<>{}$]|\.\.\./.test(path) || path.startsWith('/')) continue;
    const top = path.split('/')[0]!;
    if (TOP_FOLDERS.includes(top) && path.includes('/')) found.add(path.replace(/\/$/, ''));
    else if (!path.includes('/') && FILE_ENDINGS.test(path) && existsSync(join(ROOT, path))) found.add(path);
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    // A web address, an anchor, or no path at all (a pattern's brackets in prose).
    if (/^[a-z]+:|^#/.test(target!) || !/^[\w./-]+(#[\w-]*)?$/.test(target!)) continue;
    found.add(target!.replace(/#.*$/, ''));
  }
  return [...found];
}

/** The scripts a Markdown text runs: `npm run <name>`. */
function namedScripts(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1]!))];
}

describe('what README.md and docs/ name exists', () => {
  it.each(DOCS)('%s: every path it names', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const base = dirname(join(ROOT, file));
    const missing = namedPaths(text).filter(
      (path) =>
        !existsSync(join(ROOT, path)) &&
        !existsSync(join(base, path)) &&
        !existsSync(join(ROOT, `${path}.ts`)) &&
        !isIgnored(path),
    );
    expect(missing).toEqual([]);
  });

  it.each(DOCS)('%s: every npm script it runs', (file) => {
    const missing = namedScripts(readFileSync(join(ROOT, file), 'utf8')).filter((name) => !SCRIPTS.includes(name));
    expect(missing).toEqual([]);
  });

  it('the checks see a missing path and a missing script', () => {
    const text = 'See `server/db/gone.ts`, [the guide](docs/nowhere.md) and run `npm run vanish`.';
    expect(namedPaths(text)).toEqual(['server/db/gone.ts', 'docs/nowhere.md']);
    expect(namedScripts(text)).toEqual(['vanish']);
  });
});
