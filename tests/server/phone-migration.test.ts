import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '../../server/db/migrate';
import { createTestServer, type TestServer } from './harness';
import { insertClient } from './task-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const MIGRATION = new URL('../../server/db/migrations/013_phone_e164.sql', import.meta.url);

describe('migration 013: stored phone numbers in E.164', () => {
  it('normalises the Nigerian mobile numbers it can read and leaves the others as they were', async () => {
    const cases: [string, string][] = [
      ['0803 123 4567', '+2348031234567'],
      ['+234 (0)803-123-4567', '+2348031234567'],
      ['2347012345678', '+2347012345678'],
      ['+2349055551234', '+2349055551234'],
      ['01 234 5678', '01 234 5678'],
      ['0803 123 456', '0803 123 456'],
      ['', ''],
    ];
    const ids: string[] = [];
    for (const [stored] of cases) {
      const client = await insertClient(server);
      await server.deps.db.query('update users set phonenumber = $2 where id = $1', [client.id, stored]);
      ids.push(client.id);
    }
    for (const statement of splitStatements(readFileSync(MIGRATION, 'utf8'))) await server.deps.db.query(statement);
    const rows = await server.deps.db.query<{ id: string; phonenumber: string }>(
      'select id, phonenumber from users where id = any($1)',
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row.phonenumber]));
    expect(ids.map((id) => byId.get(id))).toEqual(cases.map(([, expected]) => expected));
  });
});
