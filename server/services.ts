/** Builds a server's services from its configuration: database (migrated and seeded), tokens, payments, mail. */
import { loadServiceArea } from './service-area';
import { resolveJwtSecret, createTokenService } from './accounts/tokens';
import type { ServerConfig } from './config';
import type { AppDeps } from './context';
import { openDb } from './db/connection';
import { PollCache, withCacheInvalidation } from './db/poll-cache';
import { migrate } from './db/migrate';
import { seedPrices } from './db/seed';
import { seedDemo } from './db/demo';
import { resolveOpsToken } from './console/ops-token';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './http/rate-limit';
import { createDevMailbox, createSmtpMailer } from './notifications/mailer';
import { createPaystackVerifier, createTestLedger } from './payments/verifier';
import { createRefunder } from './tasks/aftercare';
import { backfillDriverEarnings } from './payouts/payouts';
import { createTransfers } from './payouts/transfers';
import { createLogger, type Logger, silentLogger } from './log';
import { assertStartable, productionWarnings } from './production';
import type { Agent } from 'node:https';
import { resolveVapidKeys } from './notifications/keys';
import { withPushKick } from './db/push-kick';
import { createDispatcher } from './notifications/dispatcher';
import { createDevCodeLog, createTermiiSender } from './notifications/sms';

export async function createDeps(
  config: ServerConfig,
  options: {
    limits?: RateLimits;
    now?: () => Date;
    /** Instead of the configured logger (tests capture its lines). */
    log?: Logger;
    /** See DbOptions.pgliteData (server tests). */
    pgliteData?: Blob;
    /** For the push requests: tests trust their fake push service's certificate. */
    pushAgent?: Agent;
  } = {},
): Promise<AppDeps> {
  assertStartable(config);
  // Before the database: a bad area file stops the start with one line.
  const serviceArea = loadServiceArea(config.serviceAreaFile);
  const log = options.log ?? (config.log ? createLogger(config) : silentLogger());
  for (const warning of productionWarnings(config)) log.child({ module: 'config' }).warn(warning);
  const database = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    log,
    pgliteData: options.pgliteData,
  });
  const applied = await migrate(database);
  if (applied.length) log.child({ module: 'db' }).info({ migrations: applied }, 'applied migrations');
  await seedPrices(database);
  await backfillDriverEarnings(database, config.driverShare, log);
  if (config.demo) await seedDemo(database);
  const vapidKeys = resolveVapidKeys(config);
  const sms = createTermiiSender(config);
  const push = createDispatcher({
    db: database,
    keys: vapidKeys,
    allowedOrigins: config.pushAllowedOrigins,
    sms,
    log,
    agent: options.pushAgent,
  });
  // Every write of the outbox kicks the dispatcher after its commit; closing stops it first.
  // Every published invalidation drops what this instance kept at once (server/db/poll-cache.ts).
  const polls = new PollCache();
  await polls.start(database);
  const db = withCacheInvalidation(withPushKick(database, push), polls);
  const now = options.now ?? (() => new Date());
  return {
    config,
    db,
    polls,
    serviceArea,
    tokens: createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir), config.tokenTtlSeconds),
    payments: config.paystackSecretKey
      ? createPaystackVerifier({ secretKey: config.paystackSecretKey, apiUrl: config.paystackApiUrl })
      : createTestLedger(db),
    refunder: createRefunder(config),
    transfers: createTransfers(config),
    mailer: config.smtpUrl ? await createSmtpMailer(config.smtpUrl, config.mailFrom, log) : createDevMailbox(log),
    limiter: new RateLimiter(db, now, { log }),
    limits: options.limits ?? DEFAULT_RATE_LIMITS,
    opsToken: resolveOpsToken(config.opsToken, config.dataDir),
    push,
    vapidPublicKey: vapidKeys.publicKey,
    smsAvailable: sms !== undefined,
    codeSender: sms ?? (config.production ? undefined : createDevCodeLog(log)),
    now,
    log,
  };
}
