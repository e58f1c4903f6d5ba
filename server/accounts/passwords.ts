/** Password hashing with scrypt (node:crypto): `scrypt$N$r$p$salt$hash`, compared in constant time. */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_PASSWORD_HASH_COST, envSchema } from '../env';

const KEY_LENGTH = 64;

/**
 * PASSWORD_HASH_COST, read here rather than passed in: the routes, the ops commands and the
 * demo seed all hash. A bad value is loadConfig's to refuse at start, and production never
 * goes below the default (its start is refused too: server/production.ts).
 */
export function configuredCost(env: NodeJS.ProcessEnv): number {
  const parsed = envSchema.shape.PASSWORD_HASH_COST.safeParse(env.PASSWORD_HASH_COST);
  const cost = parsed.success ? parsed.data : DEFAULT_PASSWORD_HASH_COST;
  return envSchema.shape.NODE_ENV.parse(env.NODE_ENV) ? Math.max(cost, DEFAULT_PASSWORD_HASH_COST) : cost;
}

const COST = configuredCost(process.env);

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `cost` is scrypt's N as a power of two: the configured one unless a test names another. */
export async function hashPassword(password: string, cost = COST): Promise<string> {
  const salt = randomBytes(16);
  const options = { N: 2 ** cost, r: 8, p: 1 };
  const hash = await scrypt(password, salt, options);
  return ['scrypt', options.N, options.r, options.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the user does not exist, so timing does not reveal it. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(12).toString('hex'));
