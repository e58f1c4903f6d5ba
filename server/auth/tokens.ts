/**
 * Signed, expiring bearer tokens (HS256 JWT via jose). The subject is the user id; `sv` is
 * the user's session version when the token was issued (server/db/sessions.ts), so raising
 * the version ends every older token. A token without `exp` is refused.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

export interface Session {
  userId: string;
  /** The user's session version when the token was issued; tokens from before versions existed count as 0. */
  sessionVersion: number;
}

export interface TokenService {
  /** `sessionVersion`: the user's current one (a new account's is 0). */
  sign(userId: string, sessionVersion?: number): Promise<string>;
  /** The session, or null for a missing, malformed, forged or expired token, or one without `exp`. */
  verify(token: string): Promise<Session | null>;
}

/** Longer than any token we sign; checked before the token is parsed. */
const MAX_TOKEN_LENGTH = 4096;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId, sessionVersion = 0) =>
      new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        const version = payload.sv ?? 0;
        if (typeof payload.sub !== 'string' || !Number.isSafeInteger(version) || (version as number) < 0) return null;
        return { userId: payload.sub, sessionVersion: version as number };
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
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
