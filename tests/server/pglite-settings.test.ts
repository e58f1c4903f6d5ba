/**
 * PGlite starts with its shared memory sized for one embedded session (PGLITE_SETTINGS in
 * server/db/connection.ts; docs/performance.md, 'The server's memory'): the settings are in
 * force on a new data folder (made by initdb in a child process), on its next start and in
 * memory, and what was committed is still there after a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDb, PGLITE_SETTINGS } from '../../server/db/connection';

const root = mkdtempSync(join(tmpdir(), 'greenpick-pglite-settings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function settingsOf(db: Db): Promise<Record<string, string>> {
  const rows = await db.query<{ name: string; setting: string }>(
    'select name, current_setting(name) as setting from unnest($1::text[]) name',
    [Object.keys(PGLITE_SETTINGS)],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}

describe('PGlite settings', () => {
  it('are in force in memory', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      expect(await settingsOf(db)).toEqual(PGLITE_SETTINGS);
    } finally {
      await db.close();
    }
  });

  it('are in force on a new data folder and on its next start, which keeps what was committed', async () => {
    const dir = join(root, 'data');
    const first = await openDb({ dataDir: dir });
    try {
      expect(await settingsOf(first)).toEqual(PGLITE_SETTINGS);
      await first.exec("create table kept (v text); insert into kept values ('before the restart')");
    } finally {
      await first.close();
    }
    const second = await openDb({ dataDir: dir });
    try {
      expect(await settingsOf(second)).toEqual(PGLITE_SETTINGS);
      expect(await second.query('select v from kept')).toEqual([{ v: 'before the restart' }]);
    } finally {
      await second.close();
    }
  });
});
