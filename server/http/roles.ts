/**
 * Who may call a route, as one middleware: `requireRole('driver')` verifies the bearer token,
 * its role and its session version, and puts the caller on the context (`c.var.driver`).
 * Client routes check the role where they read the token (`tokenSession` in auth.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { Role } from '../auth/tokens';
import type { AppEnv } from '../context';
import { findDriverAccount } from '../db/drivers';
import { SESSION_ENDED, WRONG_ROLE, bearerToken } from './auth';
import { forbidden, unauthorized } from './errors';
import { noteUserId } from './request-log';

export const CHANGE_PASSWORD_FIRST = 'Change your password first';

export interface DriverCaller {
  id: string;
  mustChangePassword: boolean;
}

export type DriverEnv = AppEnv & { Variables: { driver: DriverCaller } };

export interface RoleOptions {
  /** The password change itself is open to a driver who still has the one-time password. */
  beforePasswordChange?: boolean;
}

export function requireRole(role: Exclude<Role, 'client'>, options: RoleOptions = {}): MiddlewareHandler<DriverEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthorized('Authentication required');
    const session = await c.var.deps.tokens.verify(token);
    if (!session) throw unauthorized(SESSION_ENDED);
    if (session.role !== role) throw forbidden(WRONG_ROLE);
    const account = await findDriverAccount(c.var.deps.db, session.userId);
    if (!account || Number(account.session_version) !== session.sessionVersion) throw unauthorized(SESSION_ENDED);
    if (account.must_change_password && !options.beforePasswordChange) throw forbidden(CHANGE_PASSWORD_FIRST);
    noteUserId(c, session.userId);
    c.set('driver', { id: account.id, mustChangePassword: account.must_change_password });
    await next();
  };
}

/**
 * Refuses a token of another role on a whole prefix (`/client/*` refuses drivers), before any
 * route reads the body: a driver's token is never a client's, even on calls that need no token.
 */
export function refuseOtherRoles(role: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    const session = token ? await c.var.deps.tokens.verify(token) : null;
    if (session && session.role !== role) throw forbidden(WRONG_ROLE);
    await next();
  };
}
