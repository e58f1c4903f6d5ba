/**
 * Production mode (NODE_ENV=production): a half-configured server refuses to start rather than
 * quietly run the demo's stand-ins, which would let anyone fake payments or read recovery
 * codes (docs/operations.md, 'Running in production').
 */
import type { ServerConfig } from './config';

/** The variables production cannot run without, with the setting each fills. */
export const REQUIRED_IN_PRODUCTION = [
  ['JWT_SECRET', 'jwtSecret'],
  ['PAYSTACK_SECRET_KEY', 'paystackSecretKey'],
  ['SMTP_URL', 'smtpUrl'],
  // Generated keys would change with each instance's data folder, and every device's
  // subscription is bound to the public key: production must give the same keys to all.
  ['VAPID_PUBLIC_KEY', 'vapidPublicKey'],
  ['VAPID_PRIVATE_KEY', 'vapidPrivateKey'],
  ['VAPID_SUBJECT', 'vapidSubject'],
] as const satisfies ReadonlyArray<readonly [string, keyof ServerConfig]>;

/** Shorter token keys can be brute-forced offline from one token. */
export const MIN_JWT_SECRET_LENGTH = 32;
/** An operator token shorter than this is guessable over the network. */
export const MIN_OPS_TOKEN_LENGTH = 32;
/** Estimated bits of a token key (length x log2 of its distinct characters): 32 hex digits give 128. */
export const MIN_JWT_SECRET_BITS = 128;

export function estimatedBits(secret: string): number {
  const distinct = new Set(secret).size;
  return distinct < 2 ? 0 : secret.length * Math.log2(distinct);
}

/** What is wrong with PAYSTACK_SECRET_KEY in any mode: a public key makes the webhook's HMAC key public. */
export function paystackKeyProblems(config: ServerConfig): string[] {
  const key = config.paystackSecretKey;
  if (!key) return [];
  if (!key.startsWith('sk_'))
    return ['PAYSTACK_SECRET_KEY must be a secret key (sk_live_... or sk_test_...), not a public key'];
  if (config.production && key.startsWith('sk_test_') && !config.allowTestPayments)
    return ['PAYSTACK_SECRET_KEY is a test key (sk_test_...): set ALLOW_TEST_PAYMENTS=1 to run production on it'];
  return [];
}

/** Everything wrong with this configuration for production; empty outside production. */
export function productionProblems(config: ServerConfig): string[] {
  if (!config.production) return paystackKeyProblems(config);
  const problems: string[] = paystackKeyProblems(config);
  const missing = REQUIRED_IN_PRODUCTION.filter(([, setting]) => !config[setting]).map(([name]) => name);
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
  if (config.jwtSecret && config.jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters`);
  } else if (config.jwtSecret && estimatedBits(config.jwtSecret) < MIN_JWT_SECRET_BITS) {
    problems.push('JWT_SECRET is too predictable: use a random value (e.g. `openssl rand -hex 32`)');
  }
  if (config.opsToken && config.opsToken.length < MIN_OPS_TOKEN_LENGTH) {
    problems.push(`OPS_TOKEN must be at least ${MIN_OPS_TOKEN_LENGTH} characters`);
  }
  if (config.demo) problems.push('DEMO is not allowed');
  if (config.simulator) problems.push('SIMULATOR is not allowed');
  return problems;
}

/** The server was told to start with a configuration it must not run with. */
export class StartRefused extends Error {
  override readonly name = 'StartRefused';
}

/** Throws StartRefused with one line naming every problem. */
export function assertStartable(config: ServerConfig): void {
  const problems = productionProblems(config);
  if (problems.length > 0)
    throw new StartRefused(
      config.production
        ? `Refusing to start in production (NODE_ENV=production): ${problems.join('; ')}.`
        : `Refusing to start: ${problems.join('; ')}.`,
    );
}

/** Warnings worth a line at start in production (the server still starts). */
export function productionWarnings(config: ServerConfig): string[] {
  if (!config.production) return [];
  return config.paystackSecretKey?.startsWith('sk_test_')
    ? ['PAYSTACK_SECRET_KEY is a test key (sk_test_...): no real card will be charged']
    : [];
}
