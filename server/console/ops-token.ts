/**
 * The operator token: guards the /ops/* API that `npm run ops` talks to while the server runs.
 * OPS_TOKEN when set; otherwise generated once and kept in DATA_DIR/ops-token (mode 600), where
 * the CLI on the same machine reads it. A 'memory://' data folder gets a fresh token per start
 * that is never written anywhere: set OPS_TOKEN for both the server and the CLI in that case.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const OPS_TOKEN_FILE = 'ops-token';
/** The header the CLI sends it in. */
export const OPS_TOKEN_HEADER = 'X-Ops-Token';

export function resolveOpsToken(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  if (dataDir.startsWith('memory://')) return randomBytes(32).toString('hex');
  const stored = readStoredOpsToken(dataDir);
  if (stored) return stored;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString('hex');
  writeFileSync(join(dataDir, OPS_TOKEN_FILE), token, { mode: 0o600 });
  return token;
}

/** The token a server using this data folder generated, if any. */
export function readStoredOpsToken(dataDir: string): string | undefined {
  if (dataDir.startsWith('memory://')) return undefined;
  const file = join(dataDir, OPS_TOKEN_FILE);
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').trim() || undefined;
}

/** Constant-time comparison (hashing first makes the lengths equal). */
export function opsTokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
