/**
 * Once per vitest run, before the server test files: one PGlite made and migrated, its data
 * folder dumped to a temp file (and once before the migrations, for createTestDatabase). Each test server loads a copy of its own
 * (test-database.ts), which skips initdb, the slow part of starting a PGlite; a server started
 * as a process copies its folder (test-database.ts, preparedDataDir). Nothing to do
 * on PostgreSQL (TEST_DATABASE_URL), where a new database and its migrations are quick.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Db } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { TEST_DATABASE_URL } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite `dumpDataDir()` tarball of a migrated database (none on PostgreSQL). */
    migratedPgliteFile?: string;
    /** The same database as a PGlite data folder, for a server started as a process (none on PostgreSQL). */
    migratedPgliteDir?: string;
    /** A `dumpDataDir()` tarball of the same PGlite before its migrations: initdb's empty database. */
    emptyPgliteFile?: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (TEST_DATABASE_URL) return undefined;
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = mkdtempSync(join(tmpdir(), 'greenpick-tests-'));
  // On disk rather than in memory: a server started as a process can then begin from a copy.
  const dataDir = join(dir, 'migrated-pglite');
  const pglite = await PGlite.create(dataDir);
  try {
    // Before the migrations, for the tests of a first start (createTestDatabase): initdb is not theirs to pay for.
    const emptyFile = join(dir, 'empty-pglite.tar');
    writeFileSync(emptyFile, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    project.provide('emptyPgliteFile', emptyFile);
    // The statements the server's own PGlite connection runs (server/db/connection.ts).
    const db: Db = {
      kind: 'pglite',
      async query<T>(sql: string, params: unknown[] = []) {
        return (await pglite.query<T>(sql, params)).rows;
      },
      async exec(sql: string) {
        await pglite.exec(sql);
      },
      transaction: (work) =>
        pglite.transaction((tx) =>
          work({ query: async <R>(sql: string, params: unknown[] = []) => (await tx.query<R>(sql, params)).rows }),
        ),
      close: () => pglite.close(),
      listen: () => Promise.reject(new Error('migrations do not listen')),
    };
    await migrate(db);
    const file = join(dir, 'migrated-pglite.tar');
    writeFileSync(file, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    project.provide('migratedPgliteFile', file);
    project.provide('migratedPgliteDir', dataDir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await pglite.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
