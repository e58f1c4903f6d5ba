/** Server configuration from the environment (the README's configuration table); numbers are checked by one zod schema. */
import { z } from 'zod';
export interface ServerConfig {
  /** NODE_ENV=production: secrets required, no /dev routes, no demo (see server/production.ts). */
  production: boolean;
  port: number;
  host: string;
  /** PGlite data folder, or 'memory://' for a throw-away database. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** node-postgres pool size (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** A statement running longer is cancelled (DATABASE_STATEMENT_TIMEOUT_MS; 0: no limit). */
  databaseStatementTimeoutMs: number;
  /** Token signing key; generated once into the data folder when not set. */
  jwtSecret: string | undefined;
  paystackSecretKey: string | undefined;
  /** ALLOW_TEST_PAYMENTS=1: production may run on a Paystack test key (sk_test_...). */
  allowTestPayments: boolean;
  /** Base address of Paystack's API (verify); tests point it at a local fake Paystack. */
  paystackApiUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  demo: boolean;
  simulator: boolean;
  /** Origins allowed by CORS besides the server's own. */
  corsOrigins: string[];
  /** Extra hosts the app's Content-Security-Policy allows (map styles, tiles). */
  cspExtraOrigins: string[];
  /** Naira-equivalent recycle tokens credited to a referrer. */
  referralReward: number;
  /** The driver's share of a task's price (0 to 1; DRIVER_SHARE, default 0.7), shown with each offer. */
  driverShare: number;
  /** A GeoJSON file of where we serve (SERVICE_AREA_FILE); the default outlines metropolitan Lagos and Abuja. */
  serviceAreaFile: string | undefined;
  /** Platinum's dedicated manager (PLATINUM_MANAGER_NAME, PLATINUM_MANAGER_PHONE); null when not set. */
  platinumManager: { name: string; phone: string } | null;
  /** Token of the operator API (/ops/*, used by `npm run ops`); generated once into the data folder when not set. */
  opsToken: string | undefined;
  tokenTtlSeconds: number;
  /**
   * How many reverse proxies of our own stand in front (TRUST_PROXY): 0 (the default) takes
   * the caller's address from the socket and ignores X-Forwarded-For (server/http/client-address.ts).
   */
  trustProxy: number;
  log: boolean;
  /** Web Push VAPID keys (base64url); outside production generated once into the data folder when not set (server/push/keys.ts). */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** A mailto: or https: address push services may contact about our pushes. */
  vapidSubject: string | undefined;
  /** Push service origins allowed besides the known ones (tests' fake push service, private push services). */
  pushAllowedOrigins: string[];
  /** Termii's send API (SMS where there is no push); off unless the URL and key are set. */
  smsApiUrl: string | undefined;
  smsApiKey: string | undefined;
  smsSenderId: string;
}

export const PAYSTACK_API_URL = 'https://api.paystack.co';

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** A count from the environment: unset or off is 0, on is 1, a number is itself. */
function count(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const number = Number(value);
  if (Number.isInteger(number) && number >= 0) return number;
  return flag(value, false) ? 1 : 0;
}

/** A number from the environment: unset or empty takes the default; anything else must pass `accepts`. */
const envNumber = (fallback: number, accepts: (number: number) => boolean, mustBe: string) =>
  z
    .string()
    .max(32)
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return fallback;
      const number = Number(value.trim());
      if (accepts(number)) return number;
      context.addIssue({ code: 'custom', message: `must be ${mustBe} (got "${value.slice(0, 32)}")` });
      return z.NEVER;
    });

const wholeNumber = (fallback: number, min: number, max?: number) =>
  envNumber(
    fallback,
    (number) => Number.isInteger(number) && number >= min && number <= (max ?? Number.MAX_SAFE_INTEGER),
    max === undefined ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`,
  );

/** A non-negative amount (naira). */
const amount = (fallback: number) =>
  envNumber(fallback, (number) => Number.isFinite(number) && number >= 0, 'an amount of 0 or more');

/** The numeric settings, checked once: a typo stops the start with one line naming the variable. */
const numericEnvSchema = z.object({
  PORT: wholeNumber(8080, 0, 65_535),
  DATABASE_POOL_MAX: wholeNumber(10, 1, 1_000),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(10_000, 0),
  REFERRAL_REWARD: amount(500),
  DRIVER_SHARE: envNumber(
    0.7,
    (number) => Number.isFinite(number) && number >= 0 && number <= 1,
    'a share from 0 to 1',
  ),
  TOKEN_TTL_SECONDS: wholeNumber(60 * 60 * 24 * 30, 60),
});

/** The environment cannot be run with; the message is one line naming the variable and what it must be. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function numericSettings(env: NodeJS.ProcessEnv): z.infer<typeof numericEnvSchema> {
  const parsed = numericEnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const demo = flag(env.DEMO, false);
  const numbers = numericSettings(env);
  return {
    // 'Production' or ' production ' is production too: a typo must not open the dev routes.
    production: env.NODE_ENV?.trim().toLowerCase() === 'production',
    allowTestPayments: flag(env.ALLOW_TEST_PAYMENTS, false),
    port: numbers.PORT,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: numbers.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: numbers.DATABASE_STATEMENT_TIMEOUT_MS,
    jwtSecret: env.JWT_SECRET || undefined,
    paystackSecretKey: env.PAYSTACK_SECRET_KEY || undefined,
    paystackApiUrl: env.PAYSTACK_API_URL || PAYSTACK_API_URL,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'GreenPick <no-reply@greenpick.ng>',
    demo,
    simulator: flag(env.SIMULATOR, demo),
    corsOrigins: list(env.CORS_ORIGINS),
    cspExtraOrigins: [
      ...list(env.CSP_EXTRA_ORIGINS),
      ...originOf(env.VITE_MAP_STYLE_URL),
      ...originOf(env.VITE_API_URL),
    ],
    referralReward: numbers.REFERRAL_REWARD,
    driverShare: numbers.DRIVER_SHARE,
    serviceAreaFile: env.SERVICE_AREA_FILE || undefined,
    platinumManager:
      env.PLATINUM_MANAGER_NAME?.trim() && env.PLATINUM_MANAGER_PHONE?.trim()
        ? { name: env.PLATINUM_MANAGER_NAME.trim(), phone: env.PLATINUM_MANAGER_PHONE.trim() }
        : null,
    opsToken: env.OPS_TOKEN || undefined,
    tokenTtlSeconds: numbers.TOKEN_TTL_SECONDS,
    trustProxy: count(env.TRUST_PROXY),
    log: flag(env.LOG, true),
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || undefined,
    pushAllowedOrigins: list(env.PUSH_ALLOWED_ORIGINS).flatMap(originOf),
    smsApiUrl: env.SMS_API_URL || undefined,
    smsApiKey: env.SMS_API_KEY || undefined,
    smsSenderId: env.SMS_SENDER_ID || 'GreenPick',
    ...overrides,
  };
}
