/**
 * node-postgres (DATABASE_URL): an idle connection's failure is logged and does not end the
 * process; a transaction whose connection broke leaves the pool usable; the statement
 * time-out applies. These need a real PostgreSQL, given as TEST_DATABASE_URL (a throw-away
 * database: CI or a local cluster); without it they are skipped, since PGlite has no pool.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/connection';
import { silentLogger } from '../../server/log';
import { captureLog } from './log-capture';

const url = process.env.TEST_DATABASE_URL;
const withName = (name: string) => `${url}${url?.includes('?') ? '&' : '?'}application_name=${name}`;

async function terminate(applicationName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      applicationName,
    ]);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!url)('the node-postgres pool (TEST_DATABASE_URL)', () => {
  it('an idle connection that fails is logged, and the next query opens a new one', async () => {
    const { log, lines } = captureLog();
    const db = await openDb({ databaseUrl: withName('greenpick-idle'), dataDir: 'memory://', log });
    try {
      await db.query('select 1');
      await terminate('greenpick-idle');
      await expect
        .poll(() => lines.map((line) => `${line.module}: ${line.message}`), { timeout: 60_000 })
        .toContain('db: idle connection failed');
      expect(await db.query('select 2 as two')).toEqual([{ two: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('a transaction whose connection breaks fails, and the (one-connection) pool still answers', async () => {
    const db = await openDb({
      databaseUrl: withName('greenpick-tx'),
      dataDir: 'memory://',
      poolMax: 1,
      log: silentLogger(),
    });
    try {
      await expect(db.transaction((tx) => tx.query('select pg_terminate_backend(pg_backend_pid())'))).rejects.toThrow();
      expect(await db.query('select 3 as three')).toEqual([{ three: 3 }]);
      await expect(
        db.transaction(async (tx) => {
          await tx.query('select 1');
          throw new Error('the work failed');
        }),
      ).rejects.toThrow('the work failed');
      expect(await db.transaction((tx) => tx.query('select 4 as four'))).toEqual([{ four: 4 }]);
    } finally {
      await db.close();
    }
  });

  it('DATABASE_STATEMENT_TIMEOUT_MS cancels a statement that runs too long', async () => {
    const db = await openDb({ databaseUrl: url, dataDir: 'memory://', statementTimeoutMs: 100, log: silentLogger() });
    try {
      await expect(db.query('select pg_sleep(2)')).rejects.toThrow(/statement timeout/);
      expect(await db.query('select 5 as five')).toEqual([{ five: 5 }]);
    } finally {
      await db.close();
    }
  });
});
