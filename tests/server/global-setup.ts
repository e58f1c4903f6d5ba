/**
 * Once per vitest run, before the server test files: one database made and migrated, which
 * each test server then gets a copy of of its own (test-database.ts) instead of making and
 * migrating a new one. In-memory PGlite: a dump of its data folder in a temp file (loading it
 * skips initdb, the slow part). PostgreSQL (TEST_DATABASE_URL): a template database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Db } from '../../server/db/connection';
import { openDb } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { databaseUrlFor, TEST_DATABASE_URL, withAdmin } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite `dumpDataDir()` tarball of a migrated database (in-memory PGlite runs). */
    migratedPgliteFile?: string;
    /** A migrated database to copy with `create database … template` (PostgreSQL runs). */
    migratedTemplateDatabase?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (TEST_DATABASE_URL) {
    const name = `greenpick_template_${randomBytes(6).toString('hex')}`;
    await withAdmin((client) => client.query(`create database ${name}`));
    const db = await openDb({ databaseUrl: databaseUrlFor(name), dataDir: 'memory://', log: () => {} });
    try {
      await migrate(db);
    } finally {
      // No connection may stay open: PostgreSQL copies a template only while nobody is in it.
      await db.close();
    }
    project.provide('migratedTemplateDatabase', name);
    return async () => {
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create('memory://');
  const dir = mkdtempSync(join(tmpdir(), 'greenpick-tests-'));
  try {
    // The statements the server's own PGlite connection would run (connection.ts).
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
    };
    await migrate(db);
    const file = join(dir, 'migrated-pglite.tar');
    writeFileSync(file, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    project.provide('migratedPgliteFile', file);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await pglite.close();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}
