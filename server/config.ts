/**
 * The server's settings: the environment parsed by one zod schema (server/env.ts, every
 * variable with its default and check) and shaped into what the code reads. The type is the
 * schema's output, so a setting cannot be read that the schema does not give.
 */
import type { z } from 'zod';
import { nairaToKobo } from '../src/shared/money';
import { envSchema } from './env';

export { PAYSTACK_API_URL } from './env';

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

const configSchema = envSchema.transform((env) => ({
  /** NODE_ENV=production: secrets required, no /dev routes, no demo (see server/production.ts). */
  production: env.NODE_ENV,
  allowTestPayments: env.ALLOW_TEST_PAYMENTS,
  port: env.PORT,
  host: env.HOST,
  /** PGlite data folder, or 'memory://' for a throw-away database. */
  dataDir: env.DATA_DIR,
  databaseUrl: env.DATABASE_URL,
  databasePoolMax: env.DATABASE_POOL_MAX,
  databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  jwtSecret: env.JWT_SECRET,
  paystackSecretKey: env.PAYSTACK_SECRET_KEY,
  paystackApiUrl: env.PAYSTACK_API_URL,
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  demo: env.DEMO,
  simulator: env.SIMULATOR ?? env.DEMO,
  corsOrigins: env.CORS_ORIGINS,
  cspExtraOrigins: [...env.CSP_EXTRA_ORIGINS, ...originOf(env.VITE_MAP_STYLE_URL), ...originOf(env.VITE_API_URL)],
  /** The setting is naira (what an operator writes); kobo from here on. */
  referralRewardKobo: nairaToKobo(env.REFERRAL_REWARD),
  driverShare: env.DRIVER_SHARE,
  cancelFeeKobo: nairaToKobo(env.CANCEL_FEE),
  arrivalRadiusM: env.ARRIVAL_RADIUS_M,
  driverPhotosPerDay: env.DRIVER_PHOTOS_PER_DAY,
  dispatchRadiusKm: env.DISPATCH_RADIUS_KM,
  dispatchAttentionMin: env.DISPATCH_ATTENTION_MIN,
  serviceAreaFile: env.SERVICE_AREA_FILE,
  /** Platinum's dedicated manager; null unless both are set. */
  platinumManager:
    env.PLATINUM_MANAGER_NAME?.trim() && env.PLATINUM_MANAGER_PHONE?.trim()
      ? { name: env.PLATINUM_MANAGER_NAME.trim(), phone: env.PLATINUM_MANAGER_PHONE.trim() }
      : null,
  opsToken: env.OPS_TOKEN,
  passwordHashCost: env.PASSWORD_HASH_COST,
  tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
  trustProxy: env.TRUST_PROXY,
  log: env.LOG,
  vapidPublicKey: env.VAPID_PUBLIC_KEY,
  vapidPrivateKey: env.VAPID_PRIVATE_KEY,
  vapidSubject: env.VAPID_SUBJECT,
  pushAllowedOrigins: env.PUSH_ALLOWED_ORIGINS.flatMap(originOf),
  smsApiUrl: env.SMS_API_URL,
  smsApiKey: env.SMS_API_KEY,
  smsSenderId: env.SMS_SENDER_ID,
  smsDailyCap: env.SMS_DAILY_CAP,
  /** Naira; stored per code in kobo (src/shared/money.ts). */
  smsCodeCost: env.SMS_CODE_COST,
  appHost: env.APP_HOST,
  positionsKeepDays: env.POSITIONS_KEEP_DAYS,
  /** What one support operator may refund in a Lagos day (kobo). */
  supportDailyRefundLimitKobo: nairaToKobo(env.SUPPORT_DAILY_REFUND_LIMIT),
}));

export type ServerConfig = z.output<typeof configSchema>;

/** The environment cannot be run with; the message is one line naming the variable and what it must be. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  return { ...parsed.data, ...overrides };
}
