/**
 * Applies the plain SQL migrations in server/db/migrations once each, in name order. Each runs
 * in a transaction of its own under an advisory lock, so any number of servers may start at
 * once on one empty PostgreSQL (docs/operations.md, 'Layout').
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './connection';
import { ADVISORY_LOCKS, takeTransactionLock } from './advisory-locks';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

const lockMigrations = (tx: Queryable) => takeTransactionLock(tx, ADVISORY_LOCKS.migrations);

export async function migrate(db: Db): Promise<string[]> {
  await db.transaction(async (tx) => {
    await lockMigrations(tx);
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
  });
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
  const applied: string[] = [];
  for (const name of readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    if (done.has(name)) continue;
    const sql = readFileSync(join(MIGRATIONS_DIR, name), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await lockMigrations(tx);
      // Another server may have applied it while this one waited for the lock.
      if ((await tx.query('select 1 from schema_migrations where name = $1', [name])).length > 0) return false;
      // Statements one by one: node-postgres and PGlite both take a single statement with parameters.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}

/**
 * Splits a migration into statements at top-level semicolons: not inside quotes, comments
 * or dollar-quoted bodies (functions), and with `--` comments dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let index = 0;
  while (index < sql.length) {
    const rest = sql.slice(index);
    const dollarTag = /^\$[A-Za-z_]*\$/.exec(rest)?.[0];
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', index);
      index = end === -1 ? sql.length : end;
    } else if (dollarTag) {
      const end = sql.indexOf(dollarTag, index + dollarTag.length);
      const stop = end === -1 ? sql.length : end + dollarTag.length;
      current += sql.slice(index, stop);
      index = stop;
    } else if (sql[index] === "'") {
      let end = index + 1;
      while (end < sql.length && !(sql[end] === "'" && sql[end + 1] !== "'")) end += sql[end] === "'" ? 2 : 1;
      current += sql.slice(index, end + 1);
      index = end + 1;
    } else if (sql[index] === ';') {
      statements.push(current);
      current = '';
      index += 1;
    } else {
      current += sql[index];
      index += 1;
    }
  }
  statements.push(current);
  return statements.map((statement) => statement.trim()).filter(Boolean);
}
