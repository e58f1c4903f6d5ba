/**
 * Avatars at their own URL (GET /avatars/<id>): userdata and login answers carry a short
 * path, not the image; the picture is cacheable (ETag, a new id per picture).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/connection';
import { reclaimAvatarSpace } from '../../server/db/avatars';
import { migrate } from '../../server/db/migrate';
import { toUser, type UserRow } from '../../server/db/users';
import { createTestServer, type TestServer } from './harness';
import { createTestDatabase } from './test-database';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A PNG of about `bytes` bytes (a real signature, then padding). */
function pngDataUrl(bytes: number): string {
  const png = Buffer.alloc(bytes);
  Buffer.from(PNG_1PX, 'base64').copy(png);
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function clientWithAvatar(dataUrl: string) {
  const client = await server.createClient();
  const saved = await server.request('PUT', '/api/user/profile', {
    token: client.token,
    body: { firstName: 'Ada', lastName: 'Obi', email: client.email, avatar: dataUrl },
  });
  expect(saved.status).toBe(200);
  return { ...client, avatar: saved.body.data.avatar as string };
}

describe('GET /avatars/<id>', () => {
  it('userdata and login answers stay small with a 2 MB picture: they carry its path', async () => {
    const client = await clientWithAvatar(pngDataUrl(2 * 1024 * 1024 - 10));
    const userdata = await server.request('POST', '/client/userdata', { token: client.token, body: {} });
    expect(userdata.body.data.avatar).toMatch(/^\/avatars\/[0-9a-f-]{36}$/);
    expect(JSON.stringify(userdata.body).length).toBeLessThan(1000);
    const picture = await server.request('GET', client.avatar);
    expect(picture.status).toBe(200);
    expect(Number(picture.headers.get('Content-Length') ?? (picture.body as string).length)).toBeGreaterThan(2_000_000);
  });

  it('serves the bytes with their type, an ETag and a year of private caching; If-None-Match answers 304', async () => {
    const client = await clientWithAvatar(`data:image/png;base64,${PNG_1PX}`);
    const picture = await server.request('GET', client.avatar);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('Content-Type')).toBe('image/png');
    expect(picture.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable');
    const etag = picture.headers.get('ETag');
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(picture.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const again = await server.request('GET', client.avatar, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBeFalsy();
  });

  it('a new picture gets a new URL; the old one is gone', async () => {
    const client = await clientWithAvatar(`data:image/png;base64,${PNG_1PX}`);
    const replaced = await server.request('PUT', '/api/user/profile', {
      token: client.token,
      body: { firstName: 'Ada', lastName: 'Obi', email: client.email, avatar: pngDataUrl(200) },
    });
    expect(replaced.body.data.avatar).not.toBe(client.avatar);
    expect((await server.request('GET', client.avatar)).status).toBe(404);
    expect((await server.request('GET', replaced.body.data.avatar)).status).toBe(200);
  });

  it('unknown or odd ids are 404 (JSON), never a 500', async () => {
    for (const path of [
      '/avatars/00000000-0000-4000-8000-000000000000',
      '/avatars/nope',
      `/avatars/${'a'.repeat(5000)}`,
      '/avatars/%00',
    ]) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({ message: 'Avatar not found' });
    }
  });

  it('toUser: no picture is an empty avatar', () => {
    expect(toUser({ avatar_id: null } as unknown as UserRow).avatar).toBe('');
  });
});

describe('migration 003: avatars kept in users.avatar move to their own rows', () => {
  it('a data URL becomes an avatars row with the same bytes and type; no avatar stays none', async () => {
    const database = await createTestDatabase();
    const db = await openDb({
      databaseUrl: database.databaseUrl,
      dataDir: 'memory://',
      pgliteData: database.pgliteData,
    });
    try {
      const migrations = join(dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');
      await db.exec(
        'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const name of ['001_init.sql', '002_reset_code_owner.sql']) {
        await db.exec(readFileSync(join(migrations, name), 'utf8'));
        await db.query('insert into schema_migrations (name) values ($1)', [name]);
      }
      const insert = `insert into users (id, email, password_hash, firstname, lastname, avatar, referral_code) values ($1, $2, 'h', 'A', 'B', $3, $4)`;
      await db.query(insert, ['with', 'with@example.ng', `data:image/png;base64,${PNG_1PX}`, 'REFWITH1']);
      await db.query(insert, ['without', 'without@example.ng', '', 'REFWITH2']);
      expect(await migrate(db)).toEqual(
        expect.arrayContaining(['003_hostile_1_sessions_limits.sql', '003_hostile_2_avatars.sql']),
      );
      const [moved] = await db.query<{ content_type: string; bytes: Uint8Array; id: string }>(
        'select * from avatars where user_id = $1',
        ['with'],
      );
      expect(moved.content_type).toBe('image/png');
      expect(Buffer.from(moved.bytes).equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
      const users = await db.query<UserRow>('select * from users order by id');
      expect(users.map((row) => toUser(row).avatar)).toEqual([`/avatars/${moved.id}`, '']);
      expect(users[0]).not.toHaveProperty('avatar');
    } finally {
      await db.close();
      await database.drop();
    }
  });
});

describe('avatar churn', () => {
  /** A PNG of `bytes` random (incompressible) bytes. */
  const noisyPng = (bytes: number) => {
    const png = randomBytes(bytes);
    Buffer.from(PNG_1PX, 'base64').copy(png);
    return `data:image/png;base64,${png.toString('base64')}`;
  };
  const putAvatar = (client: { token: string; email: string }, avatar: string) =>
    server.request('PUT', '/api/user/profile', {
      token: client.token,
      body: { firstName: 'Ada', lastName: 'Obi', email: client.email, avatar },
    });

  it('at most 10 new pictures per user per hour: the 11th is 429 with a clear message and keeps the 10th', async () => {
    const client = await server.createClient();
    let last = '';
    for (let i = 0; i < 10; i += 1) {
      const saved = await putAvatar(client, pngDataUrl(100 + i));
      expect(saved.status).toBe(200);
      last = saved.body.data.avatar;
    }
    const refused = await putAvatar(client, pngDataUrl(500));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many new pictures. Please try again in an hour.');
    expect(refused.body.errors.avatar).toBe(refused.body.message);
    const user = await server.request('POST', '/client/userdata', { token: client.token, body: {} });
    expect(user.body.data.avatar).toBe(last);
    // Another user is not affected.
    expect((await putAvatar(await server.createClient(), pngDataUrl(100))).status).toBe(200);
  });

  it("a replaced picture's bytes do not stay in the database", async () => {
    const size = async () =>
      Number((await server.deps.db.query<{ n: string }>("select pg_total_relation_size('avatars') as n"))[0]!.n);
    const client = await server.createClient();
    expect((await putAvatar(client, noisyPng(400_000))).status).toBe(200);
    await reclaimAvatarSpace(server.deps.db);
    const afterOne = await size();
    for (let i = 0; i < 6; i += 1) {
      expect((await putAvatar(client, noisyPng(400_000))).status).toBe(200);
      await reclaimAvatarSpace(server.deps.db);
    }
    // Six more pictures of 400 kB kept would add 2.4 MB; reclaimed, the space is reused.
    expect((await size()) - afterOne).toBeLessThan(1_000_000);
  });

  it('is served with Cross-Origin-Resource-Policy: cross-origin, so an app on another origin can show it', async () => {
    const client = await clientWithAvatar(pngDataUrl(200));
    const response = await server.request('GET', client.avatar);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
  });
});
