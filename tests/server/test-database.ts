/**
 * Where server tests keep their data: a fresh in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server (`npm run test:server:pg`), a fresh database
 * on it for each test server, dropped when that server closes. Either way no two test
 * servers (and so no two test files) share data.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase {
  /** For the server's config: a PostgreSQL URL, or undefined for in-memory PGlite. */
  databaseUrl: string | undefined;
  /** In-memory PGlite only: the data to start from (DbOptions.pgliteData); none for an empty database. */
  pgliteData?: Blob;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A test server's database. In-memory PGlite: a copy of the one migrated once per run
 * (global-setup.ts), as making and migrating one costs seconds. PostgreSQL: an empty one,
 * which the server migrates as on its first start (a tenth of a second there).
 */
export async function createServerDatabase(): Promise<TestDatabase> {
  const file = TEST_DATABASE_URL ? undefined : inject('migratedPgliteFile');
  if (!file) return createTestDatabase();
  return { databaseUrl: undefined, pgliteData: tarball(file), drop: async () => undefined };
}

/**
 * A dumped PGlite folder as PGlite reads it (`loadDataDir`, which calls only `arrayBuffer()`):
 * the file is read once per worker and its bytes handed over as they are. PGlite only reads
 * them (it copies each file out of the tarball), where Node's own Blob copied the 40 MB twice
 * more per test server, in fresh pages of memory (the server leg alone: 176 s of CPU and 3.6
 * million page faults before, 140 s and 2.2 million after; docs/performance.md, 'The suite's
 * time'). Its size, slice and stream are an empty Blob's: PGlite does not read them.
 */
class TarballBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

const tarballs = new Map<string, ArrayBuffer>();
function tarball(file: string): Blob {
  let bytes = tarballs.get(file);
  if (!bytes) {
    const read = readFileSync(file);
    bytes = read.buffer.slice(read.byteOffset, read.byteOffset + read.byteLength);
    tarballs.set(file, bytes);
  }
  return new TarballBlob(bytes);
}

/**
 * An empty database, as a server meets it on its first start. In-memory PGlite: initdb's
 * database as global-setup.ts dumped it before migrating (loading it costs a quarter of the CPU
 * of an initdb), or a fresh one outside the server project.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const file = inject('emptyPgliteFile');
    return {
      databaseUrl: undefined,
      pgliteData: file ? tarball(file) : undefined,
      drop: async () => undefined,
    };
  }
  const name = `greenpick_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    databaseUrl: url.href,
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

/**
 * A PGlite data folder of its own, already migrated (a copy of the one the server tests'
 * global setup made): a started server skips initdb and the migrations, the slow part of a
 * first start. `undefined` outside the server project's global setup (on PostgreSQL, say).
 */
export function preparedDataDir(): { dir: string; remove: () => void } | undefined {
  const source = inject('migratedPgliteDir');
  if (!source) return undefined;
  const parent = mkdtempSync(join(tmpdir(), 'greenpick-started-'));
  const dir = join(parent, 'data');
  cpSync(source, dir, { recursive: true });
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
