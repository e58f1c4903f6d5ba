/** Bearer-token authentication. The spec's client also sends some tokens in bodies (`userdata {token}`). */
import type { Context } from 'hono';
import type { Session } from '../accounts/tokens';
import type { AppEnv } from '../context';
import { findSessionVersion } from '../db/sessions';
import { forbidden, unauthorized } from './errors';
import { noteUserId } from './request-log';

export const SESSION_ENDED = 'Your session has expired. Please log in again.';

/** The bearer token, read once per request (the role guard and the route's check both ask). */
export function bearerToken<E extends AppEnv>(c: Context<E>): string | null {
  const known = c.get('bearerToken');
  if (known !== undefined) return known;
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const token = match ? (match[1] ?? null) : null;
  c.set('bearerToken', token);
  return token;
}

/**
 * The token's session, verified once per request: `/client/*`'s role guard verifies the bearer
 * token before the route's own check does. Null for a token that does not verify.
 */
export async function verifiedSession<E extends AppEnv>(c: Context<E>, token: string): Promise<Session | null> {
  const known = c.get('verifiedToken');
  if (known?.token === token) return known.session;
  const session = await c.get('deps').tokens.verify(token);
  c.set('verifiedToken', { token, session });
  return session;
}

/**
 * The session a request's token names, checked without the database: throws 401 for a
 * missing, invalid or expired token. Whether the session is still current is the caller's
 * to check (`requireCurrentSession`, or in the same query as the data, as the chat poll does).
 */
export async function tokenSession<E extends AppEnv>(c: Context<E>, bodyToken?: unknown): Promise<Session> {
  const token = bearerToken(c) ?? (typeof bodyToken === 'string' && bodyToken ? bodyToken : null);
  if (!token) throw unauthorized('Authentication required');
  const session = await verifiedSession(c, token);
  if (!session) throw unauthorized(SESSION_ENDED);
  // Every client route comes through here: a driver's token is refused by role (server/http/roles.ts).
  if (session.role !== 'client') throw forbidden(WRONG_ROLE);
  return session;
}

export const WRONG_ROLE = 'This account cannot use this route';

/**
 * Throws 401 when the user no longer exists or the session ended since the token was issued
 * (password reset, log out everywhere). The version is kept in memory (server/db/poll-cache.ts).
 */
export async function requireCurrentSession<E extends AppEnv>(c: Context<E>, session: Session): Promise<void> {
  const { db, polls } = c.get('deps');
  const currentVersion = await polls.sessionVersion(session.userId, () => findSessionVersion(db, session.userId));
  if (currentVersion === undefined || currentVersion !== session.sessionVersion) throw unauthorized(SESSION_ENDED);
  noteUserId(c, session.userId);
}
