/**
 * Production mode (NODE_ENV=production): the server refuses to start without its secrets or
 * with the demo, never has /dev routes, and logs one JSON line per request. Outside
 * production each dev route is open only with its own local provider, with a loud warning.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { createSmtpMailer } from '../../server/notifications/mailer';
import { createTestLedger } from '../../server/payments/verifier';
import { StartRefused, productionProblems } from '../../server/production';
import { startFakePaystack, type FakePaystack } from './fake-paystack';
import { createTestServer, type TestServer } from './harness';
import { captureLog } from './log-capture';
import { silentLogger } from '../../server/log';
import { PROCESS_TEST_TIMEOUT_MS } from '../support/processes';
import { insertClient } from './task-fixtures';
import { createTestDatabase, preparedDataDir } from './test-database';

const ROOT = resolve(import.meta.dirname, '../..');
const STRONG_SECRET = 'a-JWT-secret-of-at-least-32-characters, 7#9!';
/** A live key's shape: sk_live_ and 40 hex digits. */
const LIVE_KEY = `sk_live_${'3a9f0c7e5b1d'.repeat(4).slice(0, 40)}`;
const TEST_KEY = `sk_test_${'8e2b6d0f4a1c'.repeat(4).slice(0, 40)}`;
const VAPID_KEYS = webpush.generateVAPIDKeys();
const VAPID_ENV = {
  VAPID_PUBLIC_KEY: VAPID_KEYS.publicKey,
  VAPID_PRIVATE_KEY: VAPID_KEYS.privateKey,
  VAPID_SUBJECT: 'mailto:ops@greenpick.ng',
};

const productionConfigEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: STRONG_SECRET,
  PAYSTACK_SECRET_KEY: LIVE_KEY,
  SMTP_URL: 'smtp://127.0.0.1:1',
  ...VAPID_ENV,
};
const productionConfig = (overrides: Partial<ServerConfig> = {}) => loadConfig(productionConfigEnv, overrides);

describe('production refusals (a pure check of the configuration)', () => {
  it('NODE_ENV=production is production; anything else is not', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).production).toBe(false);
    expect(loadConfig({}).production).toBe(false);
    expect(productionProblems(loadConfig({ DEMO: '1' }))).toEqual([]);
  });

  it('names every missing variable, a short JWT_SECRET, DEMO and SIMULATOR', () => {
    expect(productionProblems(loadConfig({ NODE_ENV: 'production' }))).toEqual([
      'missing JWT_SECRET, PAYSTACK_SECRET_KEY, SMTP_URL, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT',
    ]);
    expect(
      productionProblems(
        loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x', JWT_SECRET: 'short', ...VAPID_ENV }),
      ),
    ).toEqual(['missing PAYSTACK_SECRET_KEY', 'JWT_SECRET must be at least 32 characters']);
    expect(productionProblems(productionConfig({ demo: true, simulator: true }))).toEqual([
      'DEMO is not allowed',
      'SIMULATOR is not allowed',
    ]);
    expect(productionProblems(productionConfig())).toEqual([]);
  });

  it("NODE_ENV is compared case-insensitively: 'Production' is production", () => {
    expect(loadConfig({ NODE_ENV: 'Production' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: ' PRODUCTION ' }).production).toBe(true);
  });

  it('a public Paystack key is refused in any mode; a test key in production only with ALLOW_TEST_PAYMENTS=1', () => {
    const publicKey = 'PAYSTACK_SECRET_KEY must be a secret key (sk_live_... or sk_test_...), not a public key';
    expect(productionProblems(loadConfig({ PAYSTACK_SECRET_KEY: 'pk_live_abc' }))).toEqual([publicKey]);
    expect(productionProblems(productionConfig({ paystackSecretKey: 'pk_live_abc' }))).toEqual([publicKey]);
    expect(productionProblems(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_abc' }))).toEqual([]);
    expect(productionProblems(productionConfig({ paystackSecretKey: TEST_KEY }))).toEqual([
      'PAYSTACK_SECRET_KEY is a test key (sk_test_...): set ALLOW_TEST_PAYMENTS=1 to run production on it',
    ]);
    expect(productionProblems(productionConfig({ paystackSecretKey: TEST_KEY, allowTestPayments: true }))).toEqual([]);
  });

  it('a JWT_SECRET of low entropy and an OPS_TOKEN under 32 characters are refused in production', () => {
    const predictable =
      'JWT_SECRET is too predictable: it must have at least 128 bits of entropy (e.g. `openssl rand -hex 32`)';
    expect(productionProblems(productionConfig({ jwtSecret: `${'Password1!'.repeat(2)}xyzxyzxyzxyz` }))).toEqual([
      predictable,
    ]);
    expect(productionProblems(productionConfig({ jwtSecret: 'ab'.repeat(20) }))).toEqual([
      'JWT_SECRET is a shorter string repeated (2 characters, 20 times): use a random one (e.g. `openssl rand -hex 32`)',
    ]);
    expect(productionProblems(productionConfig({ jwtSecret: randomBytes(32).toString('hex') }))).toEqual([]);
    expect(productionProblems(productionConfig({ opsToken: 'short-token' }))).toEqual([
      'OPS_TOKEN must be at least 32 characters',
    ]);
    expect(productionProblems(productionConfig({ opsToken: randomBytes(24).toString('hex') }))).toEqual([]);
  });

  it('a PASSWORD_HASH_COST below the default is refused in production (tests run on a cheaper one) and out of 10-15 anywhere', () => {
    expect(productionProblems(loadConfig({ PASSWORD_HASH_COST: '10' }))).toEqual([]);
    expect(productionProblems(productionConfig({ passwordHashCost: 13 }))).toEqual([
      'PASSWORD_HASH_COST must be at least 14 (a cheaper hash is for tests)',
    ]);
    expect(productionProblems(loadConfig({ ...productionConfigEnv, PASSWORD_HASH_COST: '15' }))).toEqual([]);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(
      'Invalid configuration: PASSWORD_HASH_COST must be a whole number from 10 to 15 (got "9").',
    );
  });

  it('JWT_SECRET and OPS_TOKEN need an estimated 128 bits: repeats, runs and words are refused, random hex or base64 taken', () => {
    const predictable = (name: string) =>
      `${name} is too predictable: it must have at least 128 bits of entropy (e.g. \`openssl rand -hex 32\`)`;
    for (const weak of ['abcdefghijklmnopqrstuvwxyz012345', 'GreenPick-JWT-secret-2026-production']) {
      expect(productionProblems(productionConfig({ jwtSecret: weak })), weak).toEqual([predictable('JWT_SECRET')]);
      expect(productionProblems(productionConfig({ opsToken: weak })), weak).toEqual([predictable('OPS_TOKEN')]);
    }
    const random = ' (e.g. `openssl rand -hex 32`)';
    const repeated = (name: string, unit: number, times: number) =>
      `${name} is a shorter string repeated (${unit} characters, ${times} times): use a random one${random}`;
    const keyboard = (name: string) =>
      `${name} is a keyboard run (keys next to each other, like 'qwerty' or '12345'): use a random one${random}`;
    // Named for what they are: some of these passed the estimate (issue 62).
    for (const [weak, problem] of [
      ['a'.repeat(32), repeated('JWT_SECRET', 1, 32)],
      ['greenpick-greenpick-greenpick-greenpick', repeated('JWT_SECRET', 10, 3)],
      ['Password123Password123Password123', repeated('JWT_SECRET', 11, 3)],
      ['Tr0ub4dor&3'.repeat(4), repeated('JWT_SECRET', 11, 4)],
      [`${'Tr0ub4dor&3'.repeat(3)}Tr0ub`, repeated('JWT_SECRET', 11, 3)],
      ['qwertyuiopasdfghjklzxcvbnm1234567890', keyboard('JWT_SECRET')],
      ['1234567890-=poiuytrewq[]asdfghjkl;', keyboard('JWT_SECRET')],
      ['QWERTYuiop!!1234567890zxcvbnm,./', keyboard('JWT_SECRET')],
    ] as const) {
      expect(productionProblems(productionConfig({ jwtSecret: weak })), weak).toEqual([problem]);
      expect(productionProblems(productionConfig({ opsToken: weak })), weak).toEqual([
        problem.replace('JWT_SECRET', 'OPS_TOKEN'),
      ]);
    }
    // Random, with 16 letters one could read aloud ('Codrkyqobuzyfjua'): once priced as one word and refused.
    expect(productionProblems(productionConfig({ jwtSecret: '/ORm0iCodrkyqobuzyfjuaBRhriy8gVsmajnNpOTPiE=' }))).toEqual(
      [],
    );
    for (let sample = 0; sample < 200; sample += 1) {
      for (const strong of [
        randomBytes(32).toString('hex'),
        randomBytes(32).toString('base64'),
        randomBytes(24).toString('hex'),
      ]) {
        expect(productionProblems(productionConfig({ jwtSecret: strong, opsToken: strong })), strong).toEqual([]);
      }
    }
  });

  it("PAYSTACK_SECRET_KEY must have a real key's shape in production: sk_live_ or sk_test_ and 40 hex digits", () => {
    const shape =
      'PAYSTACK_SECRET_KEY must be a Paystack secret key: sk_live_ or sk_test_ and 40 hexadecimal digits (from the Paystack dashboard)';
    for (const key of [
      'sk_live_x',
      'sk_live_',
      `sk_live_${'g'.repeat(40)}`,
      `${LIVE_KEY}0`,
      `sk_prod_${LIVE_KEY.slice(8)}`,
    ])
      expect(productionProblems(productionConfig({ paystackSecretKey: key })), key).toEqual([shape]);
    expect(productionProblems(productionConfig({ paystackSecretKey: LIVE_KEY }))).toEqual([]);
  });

  it('VAPID keys must be a P-256 pair that signs and verifies, and the subject a mailto: or https:// address', () => {
    const pair =
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair that signs and verifies (65 and 32 bytes, base64url; `npx web-push generate-vapid-keys`)';
    const other = webpush.generateVAPIDKeys();
    for (const keys of [
      { vapidPublicKey: 'x', vapidPrivateKey: 'x' },
      { vapidPublicKey: VAPID_KEYS.publicKey, vapidPrivateKey: 'x' },
      // Two real keys that are not one pair: the signature does not verify.
      { vapidPublicKey: VAPID_KEYS.publicKey, vapidPrivateKey: other.privateKey },
      { vapidPublicKey: Buffer.alloc(65, 4).toString('base64url'), vapidPrivateKey: VAPID_KEYS.privateKey },
    ])
      expect(productionProblems(productionConfig(keys)), JSON.stringify(keys)).toEqual([pair]);
    expect(productionProblems(productionConfig({ vapidSubject: 'ops@greenpick.ng' }))).toEqual([
      'VAPID_SUBJECT must be a mailto: or https:// address where push services can reach you',
    ]);
    expect(
      productionProblems(productionConfig({ vapidPublicKey: other.publicKey, vapidPrivateKey: other.privateKey })),
    ).toEqual([]);
  });

  it('the server refuses to start (StartRefused) before opening anything', async () => {
    await expect(createTestServer({ config: { production: true } })).rejects.toThrow(
      new StartRefused(
        'Refusing to start in production (NODE_ENV=production): missing JWT_SECRET, PAYSTACK_SECRET_KEY, SMTP_URL, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT.',
      ),
    );
  });
});

/**
 * Runs `npm run serve`'s program and answers its exit code and output once it stops (or kills
 * it once it prints that it listens): the test waits for that line, however long it takes.
 */
function serve(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: 'memory://',
        PORT: '0',
        LOG: '0',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    let stopping = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stopping || !stdout.includes('listening on')) return;
      stopping = true;
      child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

describe('NODE_ENV=production npm run serve', () => {
  it(
    'without the secrets: exit code 1 and one line naming every missing variable',
    async () => {
      const result = await serve({ NODE_ENV: 'production' });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        'Refusing to start in production (NODE_ENV=production): missing JWT_SECRET, PAYSTACK_SECRET_KEY, SMTP_URL, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT.',
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'with DEMO=1: refused as well',
    async () => {
      const result = await serve({
        NODE_ENV: 'production',
        JWT_SECRET: STRONG_SECRET,
        PAYSTACK_SECRET_KEY: LIVE_KEY,
        SMTP_URL: 'smtp://127.0.0.1:1',
        ...VAPID_ENV,
        DEMO: '1',
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        'Refusing to start in production (NODE_ENV=production): DEMO is not allowed; SIMULATOR is not allowed.',
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'with every variable set: it starts (and stops on SIGTERM with exit code 0)',
    async () => {
      // On PGlite a migrated data folder: creating a database (initdb) is not what this checks.
      const database = await createTestDatabase();
      const prepared = database.databaseUrl ? undefined : preparedDataDir();
      const env: Record<string, string> = {
        NODE_ENV: 'production',
        JWT_SECRET: STRONG_SECRET,
        PAYSTACK_SECRET_KEY: LIVE_KEY,
        SMTP_URL: 'smtp://127.0.0.1:1',
        ...VAPID_ENV,
        LOG: '1',
      };
      if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
      if (prepared) env.DATA_DIR = prepared.dir;
      try {
        const result = await serve(env);
        expect(result.code).toBe(0);
        // Every line is JSON in production.
        const lines = result.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { message?: string });
        expect(
          lines.some((line) => /^\[server\] listening on http:\/\/127\.0\.0\.1:\d+$/.test(line.message ?? '')),
        ).toBe(true);
        expect(lines.some((line) => /^\[server\] SIGTERM: stopping$/.test(line.message ?? ''))).toBe(true);
      } finally {
        prepared?.remove();
        await database.drop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

let fake: FakePaystack;
let server: TestServer;
// The real logger: what an operator's log tool reads.
const { log: productionLog, lines } = captureLog();

beforeAll(async () => {
  fake = await startFakePaystack();
  server = await createTestServer({
    config: {
      production: true,
      allowTestPayments: true,
      jwtSecret: STRONG_SECRET,
      paystackSecretKey: fake.secretKey,
      paystackApiUrl: fake.url,
      smtpUrl: 'smtp://127.0.0.1:1',
      vapidPublicKey: VAPID_KEYS.publicKey,
      vapidPrivateKey: VAPID_KEYS.privateKey,
      vapidSubject: 'mailto:ops@greenpick.ng',
    },
    log: productionLog,
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('a production server', () => {
  it('has no /dev routes at all, and warns of none', async () => {
    const client = await insertClient(server);
    expect(
      (
        await server.request('POST', '/dev/payments', {
          token: client.token,
          body: { reference: 'r-1', amount: 100, email: client.email },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.request('POST', '/dev/payments/settle', { token: client.token, body: { reference: 'r-1' } }))
        .status,
    ).toBe(404);
    expect((await server.request('GET', '/dev/mailbox?email=a%40example.ng')).status).toBe(404);
    expect(lines.filter((line) => line.module === 'dev')).toEqual([]);
  });

  it('logs one JSON line per request: time, request id, method, path, status, duration and the user when known; never a password, token or query', async () => {
    const client = await server.createClient({ password: 'secret-password-123' });
    const before = lines.length;
    const answer = await server.request('POST', '/client/userdata', { token: client.token, body: {} });
    await server.request('GET', '/dev/mailbox?email=someone%40example.ng');
    await server.request('POST', '/client/login', { body: { email: client.email, password: 'secret-password-123' } });
    const logged = lines.slice(before).filter((entry) => 'durationMs' in entry);
    expect(logged).toHaveLength(3);
    expect(logged[0]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: 'info',
      requestId: answer.headers.get('X-Request-Id'),
      method: 'POST',
      path: '/client/userdata',
      status: 200,
      durationMs: expect.any(Number),
      userId: client.id,
    });
    expect(logged[1]).toMatchObject({ method: 'GET', path: '/dev/mailbox', status: 404 });
    expect(logged[1]).not.toHaveProperty('userId');
    expect(logged[2]).toMatchObject({ path: '/client/login', status: 200 });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-password-123');
    expect(text).not.toContain(client.token);
    expect(text).not.toContain('someone');
  });
});

describe('dev routes outside production', () => {
  it('are open only with their own local provider, with a loud warning naming each open one', async () => {
    // The production server's database and tokens, configured as a development server with SMTP but no Paystack key.
    const { log, lines: devLines } = captureLog();
    const deps = {
      ...server.deps,
      config: { ...server.deps.config, production: false, paystackSecretKey: undefined },
      payments: createTestLedger(server.deps.db),
      mailer: await createSmtpMailer('smtp://127.0.0.1:1', 'GreenPick <no-reply@greenpick.ng>'),
      log,
    };
    const app = createApp(deps);
    const client = await insertClient(server);
    const payment = await app.request('/dev/payments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ reference: `r-${Date.now()}`, amount: 100, email: client.email }),
    });
    expect(payment.status).toBe(201);
    expect((await app.request('/dev/mailbox?email=a%40example.ng')).status).toBe(404);
    const warnings = devLines.filter((line) => line.message === 'dev-only routes are open: never run this for real');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 'warn', module: 'dev' });
    expect(JSON.stringify(warnings[0].open)).toContain('POST /dev/payments and /dev/payments/settle');
    expect(JSON.stringify(warnings[0].open)).not.toContain('/dev/mailbox');
    // The same server in production opens neither, whatever its providers.
    const production = createApp({ ...deps, config: { ...deps.config, production: true } });
    for (const path of ['/dev/payments', '/dev/payments/settle']) {
      expect(
        (
          await production.request(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.token}` },
            body: '{}',
          })
        ).status,
        path,
      ).toBe(404);
    }
    expect(devLines.filter((line) => line.module === 'dev')).toHaveLength(1);
  });

  it('are never open beside a live Paystack key, whatever NODE_ENV says', async () => {
    const devMailbox = createApp({
      ...server.deps,
      config: { ...server.deps.config, production: false, paystackSecretKey: undefined },
      payments: createTestLedger(server.deps.db),
      log: silentLogger(),
    });
    const fakePayment = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' };
    expect((await devMailbox.request('/dev/payments', fakePayment)).status).toBe(401);
    expect((await devMailbox.request('/dev/payments/settle', fakePayment)).status).toBe(401);
    const live = createApp({
      ...server.deps,
      config: { ...server.deps.config, production: false, paystackSecretKey: 'sk_live_x' },
      payments: createTestLedger(server.deps.db),
      log: silentLogger(),
    });
    expect((await live.request('/dev/payments', fakePayment)).status).toBe(404);
    expect((await live.request('/dev/payments/settle', fakePayment)).status).toBe(404);
  });
});
