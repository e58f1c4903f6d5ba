/**
 * Where server tests keep their data: a fresh in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (`npm run test:server:pg`), a fresh database
 * on it for each test server, dropped when that server closes. Either way no two test
 * servers (and so no two test files) share data. Test servers start from a copy of one
 * database migrated once per run (global-setup.ts); createTestDatabase() is an empty one.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase {
  /** For the server's config: a PostgreSQL URL, or undefined for in-memory PGlite. */
  databaseUrl: string | undefined;
  /** In-memory PGlite only: the data to start from (DbOptions.pgliteData); none for an empty database. */
  pgliteData?: Blob;
  drop(): Promise<void>;
}

export async function withAdmin<T>(work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
export function databaseUrlFor(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.href;
}

/** An empty database, as a server meets it on its first start. */
export function createTestDatabase(): Promise<TestDatabase> {
  return newDatabase(undefined);
}

/** A database of its own with every migration applied: a copy of the run's migrated one. */
export function createMigratedTestDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) return newDatabase(inject('migratedTemplateDatabase'));
  const file = inject('migratedPgliteFile');
  return Promise.resolve({
    databaseUrl: undefined,
    pgliteData: file ? new Blob([readFileSync(file)]) : undefined,
    drop: async () => undefined,
  });
}

async function newDatabase(template: string | undefined): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) return { databaseUrl: undefined, drop: async () => undefined };
  const name = `greenpick_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  let dropped = false;
  return {
    databaseUrl: databaseUrlFor(name),
    async drop() {
      if (dropped) return;
      dropped = true;
      // A pool that was just closed may still be saying goodbye: wait for it rather than cut
      // it off (a forced drop kills its connections, which the pool reports as an error).
      await withAdmin(async (client) => {
        for (let attempt = 0; attempt < 50; attempt += 1) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}
