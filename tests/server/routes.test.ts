/**
 * The route table of docs/routes.md is the app's: each route with the
 * role its middleware declares (`requireClient`, `requireRole`, server/http/roles.ts; an
 * operator route with the operators' roles it is for), and the rest open to anyone.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { declaredRole } from '../../server/http/roles';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';

function documentedRoutes(): string[] {
  const text = readFileSync(new URL('../../docs/routes.md', import.meta.url), 'utf8');
  const table = text.slice(text.indexOf(START) + START.length, text.indexOf(END));
  expect(text.indexOf(START)).toBeGreaterThan(-1);
  return table
    .split('\n')
    .filter((line) => /^\| `[A-Z]+` \|/.test(line))
    .map((line) => {
      const [method, path, role] = line
        .split('|')
        .slice(1, 4)
        .map((cell) => cell.trim().replaceAll('`', ''));
      return `${method} ${path} ${role}`;
    });
}

async function appRoutes(): Promise<string[]> {
  const app = createApp(server.deps);
  const roles = new Map<string, string>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const role = declaredRole(route.handler);
    if (role) roles.set(key, role);
    else if (!roles.has(key)) roles.set(key, 'anyone');
  }
  return [...roles].map(([key, role]) => `${key} ${role}`);
}

it('lists every route of the app with its role, and no other', async () => {
  expect((await appRoutes()).sort()).toEqual(documentedRoutes().sort());
});
