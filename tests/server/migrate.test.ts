/**
 * Migrations: split correctly (function bodies, quotes, comments), applied once each, and
 * safe when several servers start at once on one empty database (an advisory lock, a
 * transaction per file).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/connection';
import { migrate, splitStatements } from '../../server/db/migrate';
import { createTestDatabase, type TestDatabase } from './test-database';

describe('splitStatements', () => {
  it('splits at top-level semicolons only: not inside dollar-quoted bodies, strings or comments', () => {
    const sql = `-- a comment; with a semicolon
create table a (x text default 'a;b');
create function f() returns trigger language plpgsql as $$
begin
  insert into a values ('it''s; fine');
  return new;
end
$$;
select $tag$ ; $tag$; -- trailing; comment
`;
    expect(splitStatements(sql)).toEqual([
      "create table a (x text default 'a;b')",
      "create function f() returns trigger language plpgsql as $$\nbegin\n  insert into a values ('it''s; fine');\n  return new;\nend\n$$",
      'select $tag$ ; $tag$',
    ]);
  });
});

describe('migrate', () => {
  const opened: Db[] = [];
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
    await database?.drop();
  });

  const open = async () => {
    const db = await openDb({
      databaseUrl: database!.databaseUrl,
      dataDir: 'memory://',
      pgliteData: database!.pgliteData,
    });
    opened.push(db);
    return db;
  };

  it('four servers migrating one empty database at the same moment: all succeed, each file is applied exactly once; a later run applies nothing', async () => {
    database = await createTestDatabase();
    // On PostgreSQL four pools (four servers); PGlite is one process, so one database shared by four runs.
    const dbs: Db[] = database.databaseUrl
      ? await Promise.all([open(), open(), open(), open()])
      : Array<Db>(4).fill(await open());
    const results = await Promise.all(dbs.map((db) => migrate(db)));
    const applied = results.flat().sort();
    expect(applied).toEqual([...new Set(applied)]);
    const [row] = await dbs[0]!.query<{ files: string; distinct_files: string }>(
      'select count(*) as files, count(distinct name) as distinct_files from schema_migrations',
    );
    expect(Number(row!.files)).toBe(applied.length);
    expect(Number(row!.distinct_files)).toBe(applied.length);
    expect(applied).toEqual(expect.arrayContaining(['001_init.sql', '004_payments_ledger.sql']));
    expect(await migrate(dbs[0]!)).toEqual([]);
  });
});
