/** Bearer-token authentication. The spec's client also sends some tokens in bodies (`userdata {token}`). */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { findSessionVersion } from '../db/sessions';
import { unauthorized } from './errors';
import { noteUserId } from './request-log';

const SESSION_ENDED = 'Your session has expired. Please log in again.';

export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The signed-in user's id; throws 401 for a missing, invalid or expired token, a deleted
 * user, or a session ended since the token was issued (password reset, log out everywhere).
 */
export async function authenticate(c: Context<AppEnv>, bodyToken?: unknown): Promise<string> {
  const { tokens, db } = c.var.deps;
  const token = bearerToken(c) ?? (typeof bodyToken === 'string' && bodyToken ? bodyToken : null);
  if (!token) throw unauthorized('Authentication required');
  const session = await tokens.verify(token);
  if (!session) throw unauthorized(SESSION_ENDED);
  const currentVersion = await findSessionVersion(db, session.userId);
  if (currentVersion === undefined || currentVersion !== session.sessionVersion) throw unauthorized(SESSION_ENDED);
  noteUserId(c, session.userId);
  return session.userId;
}
