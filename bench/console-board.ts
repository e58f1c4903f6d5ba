/**
 * The console's board usable among 2,000 open tasks (issue 63; `BENCH_ONLY=board npm run
 * bench`, a row in docs/performance.md): a dispatcher already signed in opens the board in
 * headless Chromium at a desk's 1280 x 800, no CPU slowdown (a desk's computer); usable is the
 * first moment the table shows its first page of 50 rows, due first, read on the page's own
 * clock (from the navigation's start). Three runs, each a fresh
 * browser context (nothing cached), on the built app served by the reference server over a
 * PGlite folder seeded in one statement (tests/server/ops-fixtures.ts, seedOpenTasks). The
 * console must be built into `distDir` (bench/serve.ts, buildConsole).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { startServer } from '../server/index';
import { addOperator } from '../server/console/operator-commands';
import { seedOpenTasks } from '../tests/server/ops-fixtures';
import { launchChromium, loopbackContext } from './browser';
import type { Row } from './report';
import { benchDist, benchRateLimits } from './serve';

interface ConsoleBoard {
  tasks: number;
  /** Navigation start to the table's first page of rows, each run (ms). */
  usableMs: number[];
}

const BOARD_USABLE_BUDGET_MS = 1500;
const TASKS = 2000;
const RUNS = 3;
const EMAIL = 'bench-dispatcher@greenpick.ng';

export async function measureConsoleBoard(distDir = benchDist): Promise<ConsoleBoard> {
  const dataDir = mkdtempSync(join(tmpdir(), 'greenpick-bench-board-'));
  try {
    const seeding = await openDb({ dataDir });
    await migrate(seeding);
    await seedOpenTasks(seeding, TASKS);
    const { password, operator } = await addOperator(seeding, { email: EMAIL, role: 'dispatcher' }, new Date());
    await seeding.query('update operators set must_change_password = false where id = $1', [operator.id]);
    await seeding.close();

    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      demo: false,
      simulator: false,
      log: false,
      distDir,
      rateLimits: benchRateLimits,
    });
    const browser = await launchChromium();
    try {
      const login = await fetch(`${server.url}/ops/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password }),
      });
      if (login.status !== 200) throw new Error(`the dispatcher's sign-in answered ${login.status}`);
      const token = ((await login.json()) as { data: string }).data;
      const usableMs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await loopbackContext(browser, server.url, {
          viewport: { width: 1280, height: 800 },
          serviceWorkers: 'block',
        });
        // Signed in already: the console keeps its token in the tab's sessionStorage.
        await context.addInitScript((value) => sessionStorage.setItem('greenpick-ops-token', value), token);
        const page = await context.newPage();
        await page.goto('/ops/console/board', { waitUntil: 'commit' });
        const handle = await page
          .waitForFunction(
            () => (document.querySelectorAll('.ops-board-table tbody tr').length === 50 ? performance.now() : null),
            undefined,
            { polling: 'raf', timeout: 60_000 },
          )
          .catch(async (error: unknown) => {
            throw new Error(
              `the board did not show 50 rows: it showed '${(await page.locator('main, body').first().innerText()).slice(0, 300)}'`,
              { cause: error },
            );
          });
        usableMs.push(Math.round((await handle.jsonValue()) as number));
        if (process.env.BOARD_DEBUG)
          console.error(
            await page.evaluate(() =>
              performance
                .getEntriesByType('resource')
                .concat(performance.getEntriesByType('navigation'))
                .map((entry) => `${Math.round(entry.startTime)}+${Math.round(entry.duration)} ${entry.name.slice(-60)}`)
                .join('\n'),
            ),
          );
        await context.close();
      }
      return { tasks: TASKS, usableMs };
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function consoleBoardRows(board: ConsoleBoard): Row[] {
  const sorted = [...board.usableMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? null;
  return [
    {
      figure: `the console's board usable (its first page of 50 rows), ${board.tasks.toLocaleString('en')} open tasks, median of ${board.usableMs.length}`,
      value: median,
      unit: 'ms',
      budget: { op: '<', limit: BOARD_USABLE_BUDGET_MS },
    },
    {
      figure: `the console's board usable, ${board.tasks.toLocaleString('en')} open tasks, slowest run`,
      value: sorted.at(-1) ?? null,
      unit: 'ms',
    },
  ];
}
