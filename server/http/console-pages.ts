/**
 * The operators' console page (the build's ops/index.html, src/ops-console) on the server's
 * own origin. Its screens live at /ops/ and /ops/console/<screen>; the operator API's reads are
 * /ops/<resource>, and none of them starts with /ops/console, so a path tells the two apart
 * (docs/operations.md, "The console's page and screens").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../context';

/** The console's screens: a GET there is a page, not an API read. */
export const CONSOLE_SCREENS_PREFIX = '/ops/console/';

export function isConsolePage(path: string): boolean {
  return path === '/ops' || path === '/ops/' || path === '/ops/console' || path.startsWith(CONSOLE_SCREENS_PREFIX);
}

/**
 * Answers the console's page on GET /ops/ and /ops/console/*, mounted before the operator API
 * so that no authentication of /ops/* stands in front of a page (the page asks for nothing; the
 * API calls it then makes carry the operator's token). Without a built console, nothing is mounted.
 */
export function mountConsolePages(app: Hono<AppEnv>, distDir: string): void {
  const file = join(distDir, 'ops', 'index.html');
  if (!existsSync(file)) return;
  const page = readFileSync(file, 'utf8');
  const answer = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(page);
  };
  app.get('/ops', (c) => c.redirect('/ops/', 301));
  app.get('/ops/', answer);
  app.get('/ops/console', answer);
  app.get(`${CONSOLE_SCREENS_PREFIX}*`, answer);
}
