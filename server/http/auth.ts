/** Bearer-token authentication. The spec's client also sends some tokens in bodies (`userdata {token}`). */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { unauthorized } from './errors';
import { noteUserId } from './request-log';

export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The signed-in user's id; throws 401 for a missing, invalid or expired token or a deleted user. */
export async function authenticate(c: Context<AppEnv>, bodyToken?: unknown): Promise<string> {
  const { tokens, db } = c.var.deps;
  const token = bearerToken(c) ?? (typeof bodyToken === 'string' && bodyToken ? bodyToken : null);
  if (!token) throw unauthorized('Authentication required');
  const userId = await tokens.verify(token);
  if (!userId) throw unauthorized('Your session has expired. Please log in again.');
  const [user] = await db.query('select 1 from users where id = $1', [userId]);
  if (!user) throw unauthorized('Your session has expired. Please log in again.');
  noteUserId(c, userId);
  return userId;
}

/** The caller's network address, for per-address rate limits. */
export function clientAddress(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
