/**
 * Production mode (NODE_ENV=production): a half-configured server refuses to start rather than
 * quietly run the demo's stand-ins, which would let anyone fake payments or read recovery
 * codes (docs/operations.md, 'Running in production').
 */
import type { ServerConfig } from './config';
import { DEFAULT_PASSWORD_HASH_COST, envVariables } from './env';
import { isVapidKeyPair } from './notifications/keys';

/**
 * The variables production cannot run without, with the setting each fills, and those it
 * refuses: their rules are in the schema (server/env.ts). The VAPID keys are required because
 * generated ones would change with each instance's data folder, and every device's
 * subscription is bound to the public key: production must give the same keys to all.
 */
const REQUIRED_IN_PRODUCTION = envVariables().flatMap(([name, { production }]) =>
  typeof production === 'object' && 'required' in production
    ? [[name, production.required as keyof ServerConfig] as const]
    : [],
);
const REFUSED_IN_PRODUCTION = envVariables().flatMap(([name, { production }]) =>
  typeof production === 'object' && 'refused' in production
    ? [[name, production.refused as keyof ServerConfig] as const]
    : [],
);

/** Shorter token keys can be brute-forced offline from one token. */
export const MIN_JWT_SECRET_LENGTH = 32;
/** An operator token shorter than this is guessable over the network. */
export const MIN_OPS_TOKEN_LENGTH = 32;
/** Estimated bits a secret must have (JWT_SECRET, OPS_TOKEN): `openssl rand -hex 32` always has them. */
export const MIN_SECRET_BITS = 128;

/** A real Paystack secret key: the mode, then 40 hexadecimal digits (the webhook's HMAC key is this key). */
const PAYSTACK_SECRET_KEY_SHAPE = /^sk_(live|test)_[0-9a-fA-F]{40}$/;

/**
 * Pieces a person writes secrets from: a capitalised or lower-case word, an upper-case run,
 * digits, or other characters. Each is priced as an attacker guessing it would (below).
 */
const PIECE = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+|[^A-Za-z0-9]+/g;
/** A word from a dictionary of about 65,000... */
const WORD_BITS = 16;
/** ...of at most this many letters: a longer piece a person could read aloud is words run together. */
const WORD_MAX_LETTERS = 12;
const VOWEL = /[aeiouy]/i;

/** A character repeated, or a steady run ('abc', '9876', 'aceg'), of 3 or more. */
function isRun(piece: string): boolean {
  if (piece.length < 3) return false;
  const step = piece.charCodeAt(1) - piece.charCodeAt(0);
  if (Math.abs(step) > 2) return false;
  for (let index = 2; index < piece.length; index += 1)
    if (piece.charCodeAt(index) - piece.charCodeAt(index - 1) !== step) return false;
  return true;
}

/** Letters a person could read aloud: a vowel, and never 4 consonants in a row. */
const isWordLike = (piece: string) => /^[A-Za-z]{3,}$/.test(piece) && VOWEL.test(piece) && !/[^aeiouy]{4}/i.test(piece);

/** Bits of a secret written from words, runs, years and separators, priced as a guesser would. */
function patternBits(secret: string): number {
  const seen = new Set<string>();
  let bits = 0;
  for (const [piece] of secret.matchAll(PIECE)) {
    const alphabet = /^[0-9]+$/.test(piece) ? 10 : /^[A-Za-z]+$/.test(piece) ? 26 : 33;
    const plain = piece.toLowerCase();
    const capitalised = /[A-Z]/.test(piece) ? 1 : 0;
    if (piece.length >= 3 && seen.has(plain)) bits += Math.log2(seen.size + 1) + 1;
    else if (isRun(/^[A-Z][a-z]/.test(piece) ? plain.slice(1) : plain))
      bits += Math.log2(alphabet) + Math.log2(piece.length) + 1 + capitalised;
    else if (/^[-_ .,/:]$/.test(piece)) bits += 3;
    else if (/^(19|20)[0-9]{2}$/.test(piece)) bits += 8;
    else if (/^[A-Za-z]{2}$/.test(piece) && VOWEL.test(piece)) bits += 8;
    else if (isWordLike(piece))
      bits +=
        Math.min(piece.length * Math.log2(alphabet), WORD_BITS * Math.ceil(piece.length / WORD_MAX_LETTERS)) +
        capitalised;
    else bits += piece.length * Math.log2(alphabet);
    seen.add(plain);
  }
  return bits;
}

/**
 * An estimate of a secret's bits: the lower of its length x log2 of its distinct characters
 * (catches 'aaaa...' and 'abab...') and its price as words, runs, years and separators
 * (catches 'abcdefghijklmnopqrstuvwxyz012345' and 'GreenPick-JWT-secret-2026-production').
 * Random hex or base64 of 32 bytes is taken: none refused in a million samples of each (the
 * lowest base64 at 134 bits), since a long readable piece counts as words run together.
 */
export function estimatedBits(secret: string): number {
  const distinct = new Set(secret).size;
  if (distinct < 2) return 0;
  // An environment variable this long is no secret a person typed; its first 4 KB decide.
  const text = secret.slice(0, 4096);
  return Math.min(text.length * Math.log2(distinct), patternBits(text));
}

/** What is wrong with PAYSTACK_SECRET_KEY in any mode: a public key makes the webhook's HMAC key public. */
export function paystackKeyProblems(config: ServerConfig): string[] {
  const key = config.paystackSecretKey;
  if (!key) return [];
  if (!key.startsWith('sk_'))
    return ['PAYSTACK_SECRET_KEY must be a secret key (sk_live_... or sk_test_...), not a public key'];
  // Anyone who can guess the key can sign webhooks: production takes only a real key's shape.
  if (config.production && !PAYSTACK_SECRET_KEY_SHAPE.test(key))
    return [
      'PAYSTACK_SECRET_KEY must be a Paystack secret key: sk_live_ or sk_test_ and 40 hexadecimal digits (from the Paystack dashboard)',
    ];
  if (config.production && key.startsWith('sk_test_') && !config.allowTestPayments)
    return ['PAYSTACK_SECRET_KEY is a test key (sk_test_...): set ALLOW_TEST_PAYMENTS=1 to run production on it'];
  return [];
}

/**
 * The shortest string the secret repeats ('Tr0ub4dor&3' x 4, the last copy maybe cut short),
 * or undefined: its smallest period (a KMP prefix function), when at most half its length.
 */
export function repeatedUnit(secret: string): string | undefined {
  const border = new Array<number>(secret.length).fill(0);
  for (let index = 1, matched = 0; index < secret.length; index += 1) {
    while (matched > 0 && secret[index] !== secret[matched]) matched = border[matched - 1]!;
    if (secret[index] === secret[matched]) matched += 1;
    border[index] = matched;
  }
  const period = secret.length - (border.at(-1) ?? 0);
  return period * 2 <= secret.length ? secret.slice(0, period) : undefined;
}

/** Keyboard rows (and the digits) in key order: a run along one, either way, is no secret. */
const KEYBOARD_ROWS = ['`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./', '0123456789'];
const NEXT_KEY = new Map<string, Set<string>>();
for (const row of KEYBOARD_ROWS)
  for (let index = 0; index + 1 < row.length; index += 1) {
    for (const [from, to] of [
      [row[index]!, row[index + 1]!],
      [row[index + 1]!, row[index]!],
    ]) {
      const next = NEXT_KEY.get(from) ?? new Set<string>();
      next.add(to);
      NEXT_KEY.set(from, next);
    }
  }
/** Keys in a row this long or longer count as a run ('qwer', '7654'). */
const MIN_KEYBOARD_RUN = 4;

/**
 * Whether half or more of the secret's characters lie in runs of neighbouring keys
 * ('qwertyuiop...', '1234567890...', 'asdfgh' backwards): random hex or base64 never does.
 */
export function isKeyboardRun(secret: string): boolean {
  const keys = secret.toLowerCase();
  let inRuns = 0;
  let run = 1;
  for (let index = 1; index <= keys.length; index += 1) {
    if (index < keys.length && NEXT_KEY.get(keys[index - 1]!)?.has(keys[index]!)) {
      run += 1;
      continue;
    }
    if (run >= MIN_KEYBOARD_RUN) inRuns += run;
    run = 1;
  }
  return keys.length > 0 && inRuns * 2 >= keys.length;
}

function secretProblem(name: string, value: string | undefined, minLength: number): string | undefined {
  if (!value) return undefined;
  if (value.length < minLength) return `${name} must be at least ${minLength} characters`;
  const unit = repeatedUnit(value);
  if (unit)
    return `${name} is a shorter string repeated (${unit.length} characters, ${Math.floor(value.length / unit.length)} times): use a random one (e.g. \`openssl rand -hex 32\`)`;
  if (isKeyboardRun(value))
    return `${name} is a keyboard run (keys next to each other, like 'qwerty' or '12345'): use a random one (e.g. \`openssl rand -hex 32\`)`;
  if (estimatedBits(value) < MIN_SECRET_BITS)
    return `${name} is too predictable: it must have at least ${MIN_SECRET_BITS} bits of entropy (e.g. \`openssl rand -hex 32\`)`;
  return undefined;
}

function vapidProblems(config: ServerConfig): string[] {
  const problems: string[] = [];
  if (config.vapidPublicKey && config.vapidPrivateKey && !isVapidKeyPair(config.vapidPublicKey, config.vapidPrivateKey))
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair that signs and verifies (65 and 32 bytes, base64url; `npx web-push generate-vapid-keys`)',
    );
  if (config.vapidSubject && !/^(mailto:|https:\/\/)\S+$/.test(config.vapidSubject))
    problems.push('VAPID_SUBJECT must be a mailto: or https:// address where push services can reach you');
  return problems;
}

/** Everything wrong with this configuration for production; empty outside production. */
export function productionProblems(config: ServerConfig): string[] {
  if (!config.production) return paystackKeyProblems(config);
  const problems: string[] = paystackKeyProblems(config);
  const missing = REQUIRED_IN_PRODUCTION.filter(([, setting]) => !config[setting]).map(([name]) => name);
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
  for (const [name, value, minLength] of [
    ['JWT_SECRET', config.jwtSecret, MIN_JWT_SECRET_LENGTH],
    ['OPS_TOKEN', config.opsToken, MIN_OPS_TOKEN_LENGTH],
  ] as const) {
    const problem = secretProblem(name, value, minLength);
    if (problem) problems.push(problem);
  }
  problems.push(...vapidProblems(config));
  if (config.passwordHashCost < DEFAULT_PASSWORD_HASH_COST)
    problems.push(`PASSWORD_HASH_COST must be at least ${DEFAULT_PASSWORD_HASH_COST} (a cheaper hash is for tests)`);
  for (const [name, setting] of REFUSED_IN_PRODUCTION) if (config[setting]) problems.push(`${name} is not allowed`);
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
