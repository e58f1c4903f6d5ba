/**
 * Production mode (NODE_ENV=production): the checks that make a half-configured server
 * refuse to start instead of quietly running the demo's stand-ins. In production the
 * secrets must be given (a generated token key, the test ledger or the dev mailbox would
 * let anyone fake payments or read recovery codes), and the demo data and driver simulator
 * are refused. Outside production nothing here applies.
 */
import type { ServerConfig } from './config';

/** The variables production cannot run without, with the setting each fills. */
export const REQUIRED_IN_PRODUCTION = [
  ['JWT_SECRET', 'jwtSecret'],
  ['PAYSTACK_SECRET_KEY', 'paystackSecretKey'],
  ['SMTP_URL', 'smtpUrl'],
] as const satisfies ReadonlyArray<readonly [string, keyof ServerConfig]>;

/** Shorter token keys can be brute-forced offline from one token. */
export const MIN_JWT_SECRET_LENGTH = 32;

/** Everything wrong with this configuration for production; empty outside production. */
export function productionProblems(config: ServerConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  const missing = REQUIRED_IN_PRODUCTION.filter(([, setting]) => !config[setting]).map(([name]) => name);
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
  if (config.jwtSecret && config.jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters`);
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
    throw new StartRefused(`Refusing to start in production (NODE_ENV=production): ${problems.join('; ')}.`);
}

/** Warnings worth a line at start in production (the server still starts). */
export function productionWarnings(config: ServerConfig): string[] {
  if (!config.production) return [];
  return config.paystackSecretKey?.startsWith('sk_test_')
    ? ['PAYSTACK_SECRET_KEY is a test key (sk_test_...): no real card will be charged']
    : [];
}
