/**
 * What the docs claim about the code, read from the code: every server setting of
 * `server/env.ts` is in docs/operations.md, and production's required ones are exactly those
 * its opening table lists; every route a doc names is one the server registers (the table of
 * docs/routes.md, which tests/server/routes.test.ts holds to `app.routes` both ways);
 * the command list names every operator command; every doc says first what it is for; and
 * the folder table names every folder of `server/` and `src/`, and its server rooms are exactly
 * the folders of `server/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envVariables } from '../../server/env';
import { HELP } from '../../server/ops/cli';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const DOCS = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

/** The text between a heading (or marker) and the next heading of the same or a higher level. */
function section(text: string, start: string): string {
  const from = text.indexOf(start);
  expect(from, start).toBeGreaterThan(-1);
  const level = /^#+/.exec(start)?.[0].length ?? 6;
  const rest = text.slice(from + start.length);
  const next = rest.search(new RegExp(`\\n#{1,${level}} `));
  return next === -1 ? rest : rest.slice(0, next);
}

/** A route as `METHOD /path`, its parameters written `:x` whatever the doc calls them (`:id`, `<id>`). */
const normalRoute = (method: string, path: string) =>
  `${method} ${path.replace(/\/(:\w+|<\w+>)/g, '/:x').replace(/[.,;]+$/, '')}`;

function routesNamedIn(text: string): string[] {
  return [...text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[\w/:<>.-]*)/g)].map(([, method, path]) =>
    normalRoute(method!, path!),
  );
}

function tableRows(): string[] {
  const table = section(read('docs/routes.md'), '<!-- routes:start -->').split('<!-- routes:end -->')[0]!;
  return [...table.matchAll(/^\| `([A-Z]+)` \| `([^`]+)` \|/gm)].map(([, method, path]) => `${method} ${path}`);
}

function tableRoutes(): Set<string> {
  return new Set(tableRows().map((row) => normalRoute(...(row.split(' ') as [string, string]))));
}

describe('settings', () => {
  const operations = read('docs/operations.md');

  it('every setting of server/env.ts is documented in docs/operations.md', () => {
    const names = envVariables().map(([name]) => name);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });

  it("production's required settings are the ones 'Running in production' lists", () => {
    const required = envVariables()
      .filter(([, { production }]) => typeof production === 'object' && 'required' in production)
      .map(([name]) => name)
      .sort();
    const opening = section(operations, '## Running in production').split('\n\n').slice(0, 3).join('\n\n');
    const listed = [...opening.matchAll(/^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) \|/gm)]
      .flatMap(([, cell]) => cell!.split(', '))
      .map((name) => name.replaceAll('`', ''))
      .sort();
    expect(listed).toEqual(required);
    expect(required).toContain('VAPID_PRIVATE_KEY');
  });
});

describe('routes', () => {
  const known = tableRoutes();

  it('the route table has the routes, each once', () => {
    expect(known.size).toBeGreaterThan(50);
    const rows = tableRows();
    expect(rows.filter((row, at) => rows.indexOf(row) !== at)).toEqual([]);
    expect(known).toContain('POST /driver/earnings');
    expect(known).toContain('POST /driver/tasks/arrived');
  });

  it.each(['README.md', ...DOCS])('%s names only routes the server registers', (file) => {
    const unknown = routesNamedIn(read(file)).filter((route) => !known.has(route));
    expect(unknown).toEqual([]);
  });

  it('the check reads a route with its parameters and sees one that does not exist', () => {
    expect(routesNamedIn('`POST /ops/tasks/<id>/assign` and GET /driver/photo/:driverId.')).toEqual([
      'POST /ops/tasks/:x/assign',
      'GET /driver/photo/:x',
    ]);
    expect(known.has(normalRoute('POST', '/driver/vanished'))).toBe(false);
  });
});

describe('operator commands', () => {
  it("docs/operations.md's command list has every command of `npm run ops -- help`, and no other", () => {
    const commands = [...HELP.matchAll(/^ {2}([a-z][\w-]*)\b/gm)].map(([, name]) => name!).sort();
    expect(commands).toContain('complete');
    const listed = [
      ...new Set(
        [
          ...section(read('docs/operations.md'), '## Operator commands').matchAll(/^npm run ops -- ([a-z][\w-]*)/gm),
        ].map(([, name]) => name!),
      ),
    ].sort();
    expect(listed).toEqual(commands);
  });
});

describe('the docs as a map', () => {
  it.each(DOCS)('%s says first what it is for', (file) => {
    const [title, , purpose] = read(file).split('\n');
    expect(title).toMatch(/^# /);
    expect(purpose).toMatch(/^What this is for: /);
  });

  it.each([
    // 400 lines of map, and the route table's one row per route (issue 65 added 11).
    ['docs/architecture.md', 400],
    ['docs/performance.md', 250],
  ] as const)('%s is at most %i lines', (file, most) => {
    expect(read(file).split('\n').length).toBeLessThanOrEqual(most);
  });

  it('the folder table of docs/architecture.md names every folder of server/ and src/', () => {
    const table = section(read('docs/architecture.md'), '## The rule of each folder');
    const folders = ['server', 'src'].flatMap((top) =>
      readdirSync(join(ROOT, top), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${top}/${entry.name}/`),
    );
    const missing = folders.filter((folder) => !table.includes(`\`${folder}`));
    expect(missing).toEqual([]);
  });

  it("the folder table's server rooms are the folders of server/, no more (the room list matches the folders)", () => {
    const table = section(read('docs/architecture.md'), '## The rule of each folder');
    const named = [...table.matchAll(/^\| `(server\/[^`/]+\/)`/gm)].map((match) => match[1]);
    const folders = readdirSync(join(ROOT, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `server/${entry.name}/`);
    expect(named.sort()).toEqual(folders.sort());
  });
});
