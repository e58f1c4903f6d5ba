/** The PGlite data folder holds e-mails, password hashes and keys: nobody but its owner reads it. */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDb } from '../../server/db/connection';
import { preparedDataDir } from './test-database';

const root = mkdtempSync(join(tmpdir(), 'greenpick-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` (itself included) that its group or others may use. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

describe('DATA_DIR permissions', () => {
  it('a new data folder and everything PGlite writes in it are private to the owner', async () => {
    const dir = join(root, 'fresh', 'data');
    const db = await openDb({ dataDir: dir });
    try {
      expect(openToOthers(dir)).toEqual([]);
      await db.exec("create table secrets (v text); insert into secrets values ('hash'); checkpoint;");
      // What PGlite writes meanwhile is inside a folder nobody else may enter.
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    } finally {
      await db.close();
    }
    expect(openToOthers(dir)).toEqual([]);
  });

  it('an existing folder left readable (755, files 666) is tightened when opened', async () => {
    // A migrated folder where the global setup made one (initdb is the first test's), else an empty one.
    const prepared = preparedDataDir();
    onTestFinished(() => prepared?.remove());
    const dir = prepared?.dir ?? join(root, 'old');
    if (prepared) chmodSync(join(dir, 'PG_VERSION'), 0o666);
    mkdirSync(join(dir, 'base'), { recursive: true });
    writeFileSync(join(dir, 'base', 'leftover'), 'x');
    chmodSync(join(dir, 'base', 'leftover'), 0o666);
    chmodSync(join(dir, 'base'), 0o755);
    chmodSync(dir, 0o755);
    const db = await openDb({ dataDir: dir });
    try {
      expect(openToOthers(dir)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
