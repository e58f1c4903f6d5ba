/**
 * Rows come back in the same JS types from both backends (server/db/connection.ts): bigint
 * and numeric as numbers, timestamps as Dates, so no caller converts a column by hand. Runs on
 * in-memory PGlite, and on PostgreSQL under TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb, parseInt8, parseNumeric } from '../../server/db/connection';
import { silentLogger } from '../../server/log';
import { createTestDatabase, type TestDatabase } from './test-database';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await openDb({
    databaseUrl: database.databaseUrl,
    dataDir: 'memory://',
    pgliteData: database.pgliteData,
    log: silentLogger(),
  });
});

afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('a row read from either backend', () => {
  it('has bigint, numeric, counts and sums of kobo as numbers, timestamps as Dates', async () => {
    const query = `select 51205::bigint as kobo, 2.5::numeric as quantity, count(*) as rows,
              sum(amount) as total_kobo, 12.25::numeric(10, 2) as kg, 9007199254740991::bigint as largest,
              '2026-11-28T03:00:00Z'::timestamptz as at, null::bigint as none
         from (values (1::bigint), (2::bigint)) as amounts(amount)`;
    const expected = {
      kobo: 51_205,
      quantity: 2.5,
      rows: 2,
      total_kobo: 3,
      kg: 12.25,
      largest: Number.MAX_SAFE_INTEGER,
      at: new Date('2026-11-28T03:00:00Z'),
      none: null,
    };
    expect(await db.query(query)).toEqual([expected]);
    // The same inside a transaction (its own connection on PostgreSQL).
    expect(await db.transaction((tx) => tx.query(query))).toEqual([expected]);
  });

  it('refuses a bigint or a whole numeric beyond a safe integer rather than round it', async () => {
    await expect(db.query('select 9007199254740993::bigint as kobo')).rejects.toThrow(/safe/);
    await expect(db.query('select 90071992547409930::numeric as kobo')).rejects.toThrow(/exactly/);
  });
});

describe('the parsers', () => {
  it('read PostgreSQL text exactly within safe integers and refuse past them', () => {
    expect(parseInt8('-9007199254740991')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(() => parseInt8('9007199254740992')).toThrow(/safe/);
    expect(parseNumeric('512.05')).toBe(512.05);
    expect(parseNumeric('-3')).toBe(-3);
    expect(() => parseNumeric('NaN')).toThrow();
    expect(() => parseNumeric('1e400')).toThrow();
  });
});
