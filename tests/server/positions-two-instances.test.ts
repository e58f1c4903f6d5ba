/**
 * A driver's position bucket on two servers sharing one PostgreSQL (issue 62, item 1): takes
 * at once on both instances never pass the burst together. Only with a PostgreSQL server
 * (`npm run test:server:pg`): PGlite runs one transaction at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../server/context';
import { twoInstances } from './instances';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

let database: TestDatabase;
let a: AppDeps;
let b: AppDeps;

describe.runIf(TEST_DATABASE_URL)("a driver's position bucket on two servers", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await twoInstances(database, { config: { jwtSecret: 'positions-two-instances-secret-value' } });
  });
  afterAll(async () => {
    await a?.db.close();
    await b?.db.close();
    await database?.drop();
  });

  it('20 takes at once, 10 on each instance, with a burst of 5: exactly 5 pass', async () => {
    const rule = { everyMs: 60_000, burst: 5 };
    const waits = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? a : b).limiter.takeToken('positions:driver:race', rule)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
    expect(waits.filter((wait) => wait > 0)).toHaveLength(15);
  });
});
