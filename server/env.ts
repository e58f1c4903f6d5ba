/**
 * Every environment variable the server reads, in one zod schema: each with its default, its
 * check (a bad value stops the start with one line naming it) and, in the `settings` registry,
 * what it is for and what production asks of it. server/config.ts turns the parsed environment
 * into the server's settings; tests/server/env.test.ts fails when the code reads a variable
 * that is not here, or when docs/operations.md#configuration lists other variables.
 */
import { z } from 'zod';

export interface SettingNotes {
  /** What the variable does, for the reader of this file (the docs' table says it at length). */
  description: string;
  /**
   * Production's rule (server/production.ts), naming the setting it fills: `required` must be
   * set (a start without it is refused), `refused` may not be on; `checked` is checked when set.
   */
  production?: { required: string } | { refused: string } | 'checked';
}

/** Notes on each variable of `envSchema`, read by server/production.ts and the tests. */
export const settings = z.registry<SettingNotes>();

const OFF = ['0', 'false', 'no', 'off'];

/** On unless '0', 'false', 'no' or 'off' (any case); unset or empty is the fallback. */
const flag = <F extends boolean | undefined>(fallback: F) =>
  z
    .string()
    .optional()
    .transform((value): boolean | F =>
      value === undefined || value === '' ? fallback : !OFF.includes(value.toLowerCase()),
    );

/** A value that is absent when unset or empty. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((value) => value || undefined);

/** Unset or empty is the fallback. */
const textOr = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => value || fallback);

/** Comma-separated, trimmed, empty items dropped. */
const list = () =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

/** A count: unset or off is 0, on is 1, a whole number is itself. */
const count = () =>
  z
    .string()
    .optional()
    .transform((value) => {
      if (value === undefined || value.trim() === '') return 0;
      const number = Number(value);
      if (Number.isInteger(number) && number >= 0) return number;
      return OFF.includes(value.toLowerCase()) ? 0 : 1;
    });

/** A number: unset or empty takes the default; anything else must pass `accepts`. */
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

function note<S extends z.ZodType>(schema: S, notes: SettingNotes): S {
  settings.add(schema as z.ZodType, notes);
  return schema;
}

export const PAYSTACK_API_URL = 'https://api.paystack.co';

/**
 * scrypt's cost for new password hashes as a power of two: 14 is N = 16,384 (16 MiB and about
 * 40 ms of CPU a hash). Production takes no less (server/production.ts); tests lower it.
 */
export const DEFAULT_PASSWORD_HASH_COST = 14;

export const envSchema = z.object({
  NODE_ENV: note(
    z
      .string()
      .optional()
      // 'Production' or ' production ' is production too: a typo must not open the dev routes.
      .transform((value) => value?.trim().toLowerCase() === 'production'),
    { description: 'production mode: secrets required, no /dev routes, no demo' },
  ),
  PORT: note(wholeNumber(8080, 0, 65_535), { description: 'the port the server listens on' }),
  HOST: note(z.string().default('127.0.0.1'), { description: 'the address the server listens on' }),
  DATA_DIR: note(z.string().default('.data'), {
    description: "PGlite's folder, or memory:// for a throw-away database",
  }),
  DATABASE_URL: note(optionalText(), { description: 'a PostgreSQL server instead of PGlite' }),
  DATABASE_POOL_MAX: note(wholeNumber(10, 1, 1_000), { description: 'the node-postgres pool size' }),
  DATABASE_STATEMENT_TIMEOUT_MS: note(wholeNumber(10_000, 0), {
    description: 'a statement running longer is cancelled (0: no limit)',
  }),
  JWT_SECRET: note(optionalText(), {
    description: 'the token signing key; generated once into the data folder when not set',
    production: { required: 'jwtSecret' },
  }),
  PAYSTACK_SECRET_KEY: note(optionalText(), {
    description: "Paystack's secret key (verify, refunds, the webhook's signature); the local test ledger when not set",
    production: { required: 'paystackSecretKey' },
  }),
  ALLOW_TEST_PAYMENTS: note(flag(false), {
    description: 'production may run on a Paystack test key (sk_test_...)',
    production: 'checked',
  }),
  PAYSTACK_API_URL: note(textOr(PAYSTACK_API_URL), { description: "Paystack's API; tests point it at a fake" }),
  SMTP_URL: note(optionalText(), {
    description: 'the mail server for recovery codes; the dev mailbox when not set',
    production: { required: 'smtpUrl' },
  }),
  MAIL_FROM: note(z.string().default('GreenPick <no-reply@greenpick.ng>'), { description: 'the sender of our mail' }),
  DEMO: note(flag(false), {
    description: 'seeds the demo data and runs the simulator',
    production: { refused: 'demo' },
  }),
  SIMULATOR: note(flag(undefined), {
    description: 'the demo driver simulator (default: DEMO)',
    production: { refused: 'simulator' },
  }),
  CORS_ORIGINS: note(list(), { description: "origins allowed by CORS besides the server's own" }),
  CSP_EXTRA_ORIGINS: note(list(), { description: "extra hosts the app's Content-Security-Policy allows" }),
  VITE_MAP_STYLE_URL: note(optionalText(), { description: "the app's map style: its origin joins the CSP" }),
  VITE_API_URL: note(optionalText(), { description: "the app's API address: its origin joins the CSP" }),
  REFERRAL_REWARD: note(amount(500), { description: 'recycle tokens (naira) credited to a referrer' }),
  DRIVER_SHARE: note(
    envNumber(0.7, (number) => Number.isFinite(number) && number >= 0 && number <= 1, 'a share from 0 to 1'),
    { description: "the driver's share of a task's price, shown with each offer" },
  ),
  CANCEL_FEE: note(amount(500), {
    description:
      "what a client's cancel costs once the driver is on the way for 2 minutes or has arrived (naira; the driver earns it)",
  }),
  ARRIVAL_RADIUS_M: note(wholeNumber(150, 10, 5_000), {
    description: "how near the pin (metres) the driver's newest position must be for 'I've arrived'",
  }),
  DRIVER_PHOTOS_PER_DAY: note(wholeNumber(60, 1, 1_000), {
    description: 'how many pickup photos one driver may store in 24 hours (POST /driver/tasks/photo)',
  }),
  DISPATCH_RADIUS_KM: note(
    envNumber(
      10,
      (number) => Number.isFinite(number) && number > 0 && number <= 200,
      'kilometres above 0, at most 200',
    ),
    {
      description:
        'how far from a pickup dispatch first looks for a driver (twice, then three times as far as it waits)',
    },
  ),
  DISPATCH_ATTENTION_MIN: note(
    envNumber(10, (number) => Number.isInteger(number) && number >= 1 && number <= 240, 'whole minutes from 1 to 240'),
    { description: 'minutes without a driver before a task needs attention and its client is told' },
  ),
  SERVICE_AREA_FILE: note(optionalText(), {
    description: 'a GeoJSON file of where we serve (default: metropolitan Lagos and Abuja)',
  }),
  PLATINUM_MANAGER_NAME: note(z.string().optional(), { description: "Platinum's dedicated manager, with the phone" }),
  PLATINUM_MANAGER_PHONE: note(z.string().optional(), { description: "Platinum's dedicated manager, with the name" }),
  OPS_TOKEN: note(optionalText(), {
    description: 'the operator API token; generated once into the data folder when not set',
    production: 'checked',
  }),
  PASSWORD_HASH_COST: note(wholeNumber(DEFAULT_PASSWORD_HASH_COST, 10, 15), {
    description: "scrypt's cost for new password hashes, a power of two (production refuses less than the default)",
    production: 'checked',
  }),
  TOKEN_TTL_SECONDS: note(wholeNumber(60 * 60 * 24 * 30, 60), { description: 'how long a sign-in lasts' }),
  TRUST_PROXY: note(count(), {
    description: 'how many reverse proxies of ours stand in front (0: the socket address, X-Forwarded-For ignored)',
  }),
  LOG: note(flag(true), { description: 'the log (LOG=0 silences it)' }),
  VAPID_PUBLIC_KEY: note(optionalText(), {
    description: 'Web Push public key (base64url); generated into the data folder outside production',
    production: { required: 'vapidPublicKey' },
  }),
  VAPID_PRIVATE_KEY: note(optionalText(), {
    description: 'Web Push private key (base64url)',
    production: { required: 'vapidPrivateKey' },
  }),
  VAPID_SUBJECT: note(optionalText(), {
    description: 'a mailto: or https: address push services may contact',
    production: { required: 'vapidSubject' },
  }),
  PUSH_ALLOWED_ORIGINS: note(list(), { description: 'push services allowed besides the known ones' }),
  SMS_API_URL: note(optionalText(), { description: "Termii's send API (SMS where there is no push), with the key" }),
  SMS_API_KEY: note(optionalText(), { description: "Termii's API key" }),
  SMS_SENDER_ID: note(textOr('GreenPick'), { description: 'the SMS sender name' }),
  SMS_DAILY_CAP: note(wholeNumber(500, 0), {
    description: 'sign-in codes a day beyond which numbers without an account wait (the console is told)',
  }),
  SMS_CODE_COST: note(amount(5), { description: 'what one code costs (naira), for the console' }),
  APP_HOST: note(textOr('localhost'), { description: "the app's host, named in the code SMS's WebOTP line" }),
  POSITIONS_KEEP_DAYS: note(wholeNumber(30, 1, 3_650), {
    description: "days a driver's positions are kept before a job deletes them",
  }),
  SUPPORT_DAILY_REFUND_LIMIT: note(amount(100_000), {
    description: 'naira one support operator may refund in a Lagos day, across tasks (admins are not limited)',
  }),
});

/** The variables of the schema, with their notes. */
export function envVariables(): Array<[name: string, notes: SettingNotes]> {
  return Object.entries(envSchema.shape).map(([name, schema]) => [name, settings.get(schema)!]);
}
