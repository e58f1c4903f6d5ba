/**
 * Rate limits in the database: one upsert per hit whatever the number of keys, refused hits
 * write nothing, ended windows go in bulk, the count is shared by every server on the
 * database; sign-ups are limited per address; a stranger cannot lock an owner out of login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../server/db/connection';
import { TAKE_HIT_SQL } from '../../server/db/rate-limits';
import { DEFAULT_RATE_LIMITS, RateLimiter } from '../../server/http/rate-limit';
import { createTestServer, type TestServer, uniquePhone } from './harness';

const HOUR = 60 * 60_000;
let server: TestServer;
let clock = Date.parse('2031-01-01T00:00:00Z');
const now = () => new Date(clock);

beforeAll(async () => {
  server = await createTestServer({
    now,
    config: { trustProxy: 1 },
    limits: {
      ...DEFAULT_RATE_LIMITS,
      loginPerEmailAndAddress: { limit: 3, windowMs: HOUR },
      loginPerAddress: { limit: 20, windowMs: HOUR },
      signupPerAddress: { limit: 3, windowMs: HOUR },
    },
  });
});
afterAll(() => server.close());

/** The database, counting the statements and transactions sent to it. */
function counting(db: Db) {
  const counts = { queries: 0, transactions: 0 };
  const wrap = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      counts.queries += 1;
      return target.query(sql, params);
    },
  });
  const counted: Db = {
    ...wrap(db),
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    listen: (channel, handlers) => db.listen(channel, handlers),
    transaction: (work) => {
      counts.transactions += 1;
      return db.transaction((tx) => work(wrap(tx)));
    },
  };
  return { db: counted, counts };
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON response or a database row, read loosely; the assertions check its fields.
const rows = async (sql: string, params: unknown[] = []) => server.deps.db.query<Record<string, any>>(sql, params);
const hitsOf = async (key: string) =>
  (await rows('select hits from rate_limits where key = $1', [key]))[0]?.hits as number | undefined;

describe('the limiter at 100,000 keys', () => {
  const rule = { limit: 5, windowMs: HOUR };

  beforeAll(async () => {
    await server.deps.db.query(
      `insert into rate_limits (key, hits, window_ends_at)
       select 'bulk:' || n, 1, $1::timestamptz + (n % 2) * interval '2 hours' from generate_series(1, 100000) as n`,
      [now()],
    );
  });

  it('a hit is one statement, new key or known key, refused or not', async () => {
    const { db, counts } = counting(server.deps.db);
    const limiter = new RateLimiter(db, now, { sweepEvery: 1_000_000 });
    expect(await limiter.take('cost:new', rule)).toBe(true);
    expect(await limiter.take('bulk:2', rule)).toBe(true);
    for (let hit = 0; hit < 4; hit += 1) await limiter.take('cost:new', rule);
    expect(await limiter.take('cost:new', rule)).toBe(false);
    expect(counts).toEqual({ queries: 7, transactions: 0 });
    // Two buckets together: one transaction of two statements.
    expect(
      await limiter.takeAll([
        ['cost:a', rule],
        ['cost:b', rule],
      ]),
    ).toBe(true);
    expect(counts).toEqual({ queries: 9, transactions: 1 });
  });

  it('the statement finds its row through the primary key and touches that row only', async () => {
    const [{ 'QUERY PLAN': plan }] = await rows(`explain (analyze, format json) ${TAKE_HIT_SQL}`, [
      'bulk:4',
      now(),
      new Date(clock + HOUR),
      5,
    ]);
    const insert = plan[0].Plan;
    expect(insert['Conflict Resolution']).toBe('UPDATE');
    expect(insert['Conflict Arbiter Indexes']).toEqual(['rate_limits_pkey']);
    expect(insert['Conflicting Tuples']).toBe(1);
    expect(insert['Tuples Inserted']).toBe(0);
    expect(insert['Actual Rows']).toBe(1);
    // No scan of the table anywhere in the plan.
    expect(JSON.stringify(plan)).not.toMatch(/Seq Scan/);
  });

  it('ended windows are removed in bulk: one statement per batch, through the window index', async () => {
    const ended = Number(
      (await rows(`select count(*) as n from rate_limits where window_ends_at <= $1`, [now()]))[0].n,
    );
    const bulk = Number((await rows(`select count(*) as n from rate_limits where key like 'bulk:%'`))[0].n);
    expect(ended).toBeGreaterThan(40_000);
    const { db, counts } = counting(server.deps.db);
    const limiter = new RateLimiter(db, now, { sweepBatch: 20_000 });
    expect(await limiter.sweep()).toBe(20_000);
    expect(counts.queries).toBe(1);
    while ((await limiter.sweep()) > 0);
    expect(Number((await rows(`select count(*) as n from rate_limits where window_ends_at <= $1`, [now()]))[0].n)).toBe(
      0,
    );
    expect(
      Number((await rows(`select count(*) as n from rate_limits where key like 'bulk:%'`))[0].n),
    ).toBeGreaterThanOrEqual(bulk - ended);
    expect(
      Number((await rows(`select count(*) as n from rate_limits where key like 'bulk:%'`))[0].n),
    ).toBeGreaterThanOrEqual(50_000);
  });

  it('a sweep runs by itself every so many hits', async () => {
    await server.deps.db.query(`insert into rate_limits (key, hits, window_ends_at) values ('sweep:old', 1, $1)`, [
      new Date(clock - 1),
    ]);
    const limiter = new RateLimiter(server.deps.db, now, { sweepEvery: 3 });
    await limiter.take('sweep:1', rule);
    await limiter.take('sweep:2', rule);
    expect(await hitsOf('sweep:old')).toBe(1);
    await limiter.take('sweep:3', rule);
    expect(await hitsOf('sweep:old')).toBeUndefined();
  });
});

describe('what the limiter counts', () => {
  const rule = { limit: 2, windowMs: HOUR };

  it('a refused hit writes nothing; a new window starts over', async () => {
    const limiter = new RateLimiter(server.deps.db, now);
    expect(await limiter.take('count:k', rule)).toBe(true);
    expect(await limiter.take('count:k', rule)).toBe(true);
    const [before] = await rows('select hits, window_ends_at from rate_limits where key = $1', ['count:k']);
    for (let hit = 0; hit < 5; hit += 1) expect(await limiter.take('count:k', rule)).toBe(false);
    expect(await rows('select hits, window_ends_at from rate_limits where key = $1', ['count:k'])).toEqual([before]);
    clock += HOUR;
    expect(await limiter.take('count:k', rule)).toBe(true);
    expect(await hitsOf('count:k')).toBe(1);
  });

  it('takeAll counts in every bucket or in none', async () => {
    const limiter = new RateLimiter(server.deps.db, now);
    await limiter.take('all:full', rule);
    await limiter.take('all:full', rule);
    expect(
      await limiter.takeAll([
        ['all:open', rule],
        ['all:full', rule],
      ]),
    ).toBe(false);
    expect(await hitsOf('all:open')).toBeUndefined();
    expect(await hitsOf('all:full')).toBe(2);
  });

  it('requests counting and giving back the same keys at once, named in either order, never deadlock (PostgreSQL)', async () => {
    // Each bucket set is taken and given back by many requests at once, half naming the keys the
    // other way round: rows locked in different orders by two transactions would deadlock.
    const limiter = new RateLimiter(server.deps.db, now);
    const wide = { limit: 1000, windowMs: HOUR };
    const keys = ['order:a', 'order:b', 'order:c'];
    const runs = Array.from({ length: 24 }, async (_, index) => {
      const named = index % 2 === 0 ? keys : [...keys].reverse();
      expect(await limiter.takeAll(named.map((key) => [key, wide] as const))).toBe(true);
      await limiter.giveBack(index % 3 === 0 ? named : [...named].reverse());
    });
    await Promise.all(runs);
    for (const key of keys) expect(await hitsOf(key)).toBe(0);
  });

  it('takeAllCounted answers the counts in the order the buckets were given', async () => {
    const limiter = new RateLimiter(server.deps.db, now);
    await limiter.take('counted:z', rule);
    expect(
      await limiter.takeAllCounted([
        ['counted:z', rule],
        ['counted:a', rule],
      ]),
    ).toEqual([2, 1]);
  });

  it('two servers on one database share the count (and a restart forgets nothing)', async () => {
    const first = new RateLimiter(server.deps.db, now);
    const second = new RateLimiter(server.deps.db, now);
    expect(await first.take('shared:k', rule)).toBe(true);
    expect(await second.take('shared:k', rule)).toBe(true);
    expect(await first.take('shared:k', rule)).toBe(false);
    expect(await new RateLimiter(server.deps.db, now).take('shared:k', rule)).toBe(false);
  });
});

const from = (address: string) => ({ 'X-Forwarded-For': `198.51.100.1, ${address}` });
let seq = 0;
const signupBody = () => {
  seq += 1;
  return {
    firstname: 'Ada',
    lastname: 'Obi',
    email: `limit${seq}-${clock}@example.ng`,
    phonenumber: uniquePhone(),
    password: 'long-enough-1',
  };
};
const userCount = async () => Number((await rows('select count(*) as n from users'))[0].n);

describe('sign-up is limited per address', () => {
  it("the 4th sign-up from one address in an hour is 429 in sign-up's shape, and creates nothing; other addresses still sign up", async () => {
    clock += 2 * HOUR;
    for (let i = 0; i < 3; i += 1)
      expect(
        (await server.request('POST', '/client/signup', { body: signupBody(), headers: from('203.0.113.7') })).status,
      ).toBe(201);
    const before = await userCount();
    const refused = await server.request('POST', '/client/signup', {
      body: signupBody(),
      headers: from('203.0.113.7'),
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Too many sign-ups from your network. Please try again later.',
      data: 'Too many sign-ups from your network. Please try again later.',
    });
    expect(await userCount()).toBe(before);
    expect(
      (await server.request('POST', '/client/signup', { body: signupBody(), headers: from('203.0.113.8') })).status,
    ).toBe(201);
    clock += HOUR;
    expect(
      (await server.request('POST', '/client/signup', { body: signupBody(), headers: from('203.0.113.7') })).status,
    ).toBe(201);
  });

  it('one IPv6 network (/64) is one address', async () => {
    clock += 2 * HOUR;
    for (let i = 0; i < 3; i += 1) {
      expect(
        (
          await server.request('POST', '/client/signup', {
            body: signupBody(),
            headers: from(`2001:db8:1:2::${i + 1}`),
          })
        ).status,
      ).toBe(201);
    }
    expect(
      (await server.request('POST', '/client/signup', { body: signupBody(), headers: from('2001:db8:1:2:ffff::9') }))
        .status,
    ).toBe(429);
    expect(
      (await server.request('POST', '/client/signup', { body: signupBody(), headers: from('2001:db8:1:3::1') })).status,
    ).toBe(201);
  });
});

describe('login limits', () => {
  it('a stranger guessing from another address cannot lock the owner out, and is slowed down', async () => {
    clock += 2 * HOUR;
    const owner = await server.createClient();
    const guess = (address: string, password: string) =>
      server.request('POST', '/client/login', { body: { email: owner.email, password }, headers: from(address) });
    for (let i = 0; i < 3; i += 1) expect((await guess('192.0.2.66', `guess-${i}`)).status).toBe(401);
    // The stranger is stopped, even with the right password.
    expect((await guess('192.0.2.66', `guess-again`)).status).toBe(429);
    expect((await guess('192.0.2.66', owner.password)).status).toBe(429);
    // The owner, elsewhere, is not.
    expect((await guess('192.0.2.10', owner.password)).status).toBe(200);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: every request is the socket address', async () => {
    const direct = await createTestServer({
      now,
      limits: { ...DEFAULT_RATE_LIMITS, signupPerAddress: { limit: 2, windowMs: HOUR } },
    });
    try {
      expect(
        (await direct.request('POST', '/client/signup', { body: signupBody(), headers: from('203.0.113.1') })).status,
      ).toBe(201);
      expect(
        (await direct.request('POST', '/client/signup', { body: signupBody(), headers: from('203.0.113.2') })).status,
      ).toBe(201);
      expect(
        (await direct.request('POST', '/client/signup', { body: signupBody(), headers: from('203.0.113.3') })).status,
      ).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
