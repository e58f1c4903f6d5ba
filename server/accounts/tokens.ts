/**
 * Signed, expiring bearer tokens (HS256 JWT via jose) carrying the user's session version, so
 * raising it ends every older token (docs/security.md, 'Sessions'). A verified token is
 * remembered until it expires, since every open chat polls with it (docs/performance.md,
 * 'The empty chat poll').
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { setBounded } from '../bounded-map';

export interface Session {
  userId: string;
  /** The user's session version when the token was issued; tokens from before versions existed count as 0. */
  sessionVersion: number;
  /** Whose token it is: a client's (tokens from before roles existed are clients'), a driver's or an operator's. */
  role: Role;
}

export type Role = 'client' | 'driver' | 'operator';
const SIGNED_ROLES: readonly unknown[] = ['driver', 'operator'];

export interface TokenService {
  /** `sessionVersion`: the user's current one (a new account's is 0). */
  sign(userId: string, sessionVersion?: number, role?: Role): Promise<string>;
  /** The session, or null for a missing, malformed, forged or expired token, or one without `exp`. */
  verify(token: string): Promise<Session | null>;
}

/** Longer than any token we sign; checked before the token is parsed. */
const MAX_TOKEN_LENGTH = 4096;

/** Verified tokens remembered at most (about 1 kB each): far more than the clients polling at once. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export interface TokenServiceOptions {
  /** The clock, in ms since the epoch (tests move it). */
  now?: () => number;
  /** How many verified tokens are remembered (default VERIFIED_TOKENS_KEPT; 0: none). */
  keep?: number;
}

/** A token's expiry is checked as jose checks it: expired from the second `exp` names. */
const isExpired = (expSeconds: number, nowMs: number) => expSeconds <= Math.floor(nowMs / 1000);

export function createTokenService(
  secret: string,
  ttlSeconds: number,
  options: TokenServiceOptions = {},
): TokenService {
  const now = options.now ?? Date.now;
  const keep = options.keep ?? VERIFIED_TOKENS_KEPT;
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, Session & { exp: number }>();

  const remember = (token: string, session: Session & { exp: number }) => {
    if (keep <= 0) return;
    setBounded(verified, token, session, keep);
  };

  return {
    sign: async (userId, sessionVersion = 0, role = 'client') =>
      new SignJWT(role === 'client' ? { sv: sessionVersion } : { sv: sessionVersion, role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const known = verified.get(token);
      if (known) {
        if (!isExpired(known.exp, now()))
          return { userId: known.userId, sessionVersion: known.sessionVersion, role: known.role };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
        });
        const version = payload.sv ?? 0;
        if (
          typeof payload.sub !== 'string' ||
          !Number.isSafeInteger(version) ||
          (version as number) < 0 ||
          typeof payload.exp !== 'number' ||
          (payload.role !== undefined && !SIGNED_ROLES.includes(payload.role))
        )
          return null;
        const role = (payload.role ?? 'client') as Role;
        const session = { userId: payload.sub, sessionVersion: version as number, role };
        remember(token, { ...session, exp: payload.exp });
        return session;
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET, or one generated once and kept in the data folder (memory databases get a fresh one). */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
