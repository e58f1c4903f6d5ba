/**
 * Migration 018: naira numeric(14, 2) columns become bigint kobo, exactly, on PGlite and on
 * PostgreSQL (npm run test:server:pg): amounts a float would misread (512.05, 0.29) included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/connection';
import { migrate, splitStatements } from '../../server/db/migrate';
import { createTestDatabase, type TestDatabase } from './test-database';

const DIR = new URL('../../server/db/migrations/', import.meta.url);
const NAIRA = ['0.01', '0.29', '512.05', '1374.50', '4.35', '999999999999.99'];
const KOBO = [1, 29, 51_205, 137_450, 435, 99_999_999_999_999];

let database: TestDatabase;
let db: Db;
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('migration 018: money in integer kobo', () => {
  it('converts every naira column of the rows before it to the exact kobo', async () => {
    database = await createTestDatabase();
    db = await openDb({ databaseUrl: database.databaseUrl, dataDir: 'memory://', pgliteData: database.pgliteData });
    await db.query(
      'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    for (const name of readdirSync(DIR)
      .filter((file) => file.endsWith('.sql') && file < '018')
      .sort()) {
      for (const statement of splitStatements(readFileSync(new URL(name, DIR), 'utf8'))) await db.query(statement);
      await db.query('insert into schema_migrations (name) values ($1)', [name]);
    }
    for (const [index, naira] of NAIRA.entries()) {
      const user = `u${index}`;
      await db.query(
        `insert into users (id, email, password_hash, firstname, lastname, phonenumber, referral_code, balance)
         values ($1, $2, 'x', 'A', 'B', '', $1, $3)`,
        [user, `${user}@example.com`, naira],
      );
      await db.query('insert into points_ledger (user_id, kind, amount) values ($1, $2, $3)', [
        user,
        'referral',
        naira,
      ]);
      await db.query(`insert into pricing (id, service_name, price, unit) values ($1, $1, $2, 'per kg')`, [
        `p${index}`,
        naira,
      ]);
      await db.query(
        `insert into tasks (id, user_id, reference, address, lng, lat, type, service_name, amount, unit, confirmation_code)
         values ($1, $2, $1, 'x', 3.4, 6.4, 'laundry', 'Laundry Service', $3, 'per kg', '000000')`,
        [`t${index}`, user, naira],
      );
      await db.query(`insert into task_events (user_id, kind, amount) values ($1, 'referral-reward', $2)`, [
        user,
        naira,
      ]);
    }

    expect(await migrate(db)).toContain('018_money_kobo.sql');

    const column = async (sql: string) =>
      (await db.query<{ kobo: string | number }>(sql)).map((row) => Number(row.kobo));
    expect(await column('select balance_kobo as kobo from users order by id')).toEqual(KOBO);
    expect(await column('select amount_kobo as kobo from points_ledger order by user_id')).toEqual(KOBO);
    expect(await column('select price_kobo as kobo from pricing order by id')).toEqual(KOBO);
    expect(await column('select amount_kobo as kobo from tasks order by id')).toEqual(KOBO);
    expect(await column('select amount_kobo as kobo from task_events order by user_id')).toEqual(KOBO);
    // The price history trigger writes kobo from now on.
    await db.query(`update pricing set price_kobo = 123456 where id = 'p0'`);
    expect(
      await column(`select price_kobo as kobo from pricing_history where service_name = 'p0' order by changed_at, id`),
    ).toEqual([1, 123_456]);
  });
});
