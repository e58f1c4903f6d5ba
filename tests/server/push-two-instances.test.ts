/**
 * Two servers' dispatchers on one PostgreSQL, run at the same moment: every outbox row is
 * claimed by one of them (`for update skip locked` and a lease), so each event is pushed
 * exactly once. Only with a PostgreSQL server (`npm run test:server:pg`), like two-instances.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../../server/config';
import type { AppDeps } from '../../server/context';
import { enqueueTaskNotification } from '../../server/db/push';
import { createDeps } from '../../server/services';
import { type FakePushService, startFakePushService } from './fake-push-service';
import { insertClient, insertTask } from './ops-fixtures';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './test-database';

let database: TestDatabase;
let fake: FakePushService;
let a: AppDeps;
let b: AppDeps;

describe.runIf(TEST_DATABASE_URL)('two dispatchers on one PostgreSQL', () => {
  beforeAll(async () => {
    [database, fake] = await Promise.all([createTestDatabase(), startFakePushService()]);
    const keys = webpush.generateVAPIDKeys();
    // What N instances share: the database and the VAPID keys.
    const env = {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@greenpick.ng',
      JWT_SECRET: 'push-two-instances-secret-push-two-instances',
      PUSH_ALLOWED_ORIGINS: fake.origin,
    };
    const config = loadConfig(env, { dataDir: 'memory://', databaseUrl: database.databaseUrl, log: false });
    [a, b] = await Promise.all([
      createDeps(config, { pushAgent: fake.agent }),
      createDeps(config, { pushAgent: fake.agent }),
    ]);
  });
  afterAll(async () => {
    await a?.db.close();
    await b?.db.close();
    await fake?.close();
    await database?.drop();
  });

  it('one event is pushed once however the two race', async () => {
    const userId = await insertClient(a.db);
    const device = fake.subscription();
    await a.db.query(
      `insert into push_subscriptions (id, user_id, endpoint, p256dh, auth) values ('d1', $1, $2, $3, $4)`,
      [userId, device.json.endpoint, device.json.keys.p256dh, device.json.keys.auth],
    );
    const tasks: string[] = [];
    for (let index = 0; index < 30; index += 1) tasks.push(await insertTask(a.db, userId));
    // One transaction writes them all (it kicks a's dispatcher); b's runs at the same time.
    await a.db.transaction(async (tx) => {
      for (const taskId of tasks) await enqueueTaskNotification(tx, taskId, 'on-the-way');
    });
    await Promise.all([a.push.drain(), b.push.drain(), a.push.drain(), b.push.drain()]);
    const delivered = fake.pushesTo(device.id).map((push) => device.decrypt(push).taskId);
    expect(delivered).toHaveLength(30);
    expect(new Set(delivered)).toEqual(new Set(tasks));
  });
});
