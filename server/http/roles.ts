/**
 * Who may call a route, as one middleware: `requireRole('driver')` and `requireClient()` verify
 * the bearer token, its role and its session version, and put the caller on the context
 * (`c.var.driver`, `c.var.client`). Each records the role it declares (`declaredRole`), so the
 * route table in docs/architecture.md is checked against the app (tests/server/routes.test.ts).
 */
import type { Context, HonoRequest, MiddlewareHandler } from 'hono';
import type { Role, Session } from '../auth/tokens';
import type { AppEnv } from '../context';
import { findDriverAccount } from '../db/drivers';
import { SESSION_ENDED, WRONG_ROLE, bearerToken, requireCurrentSession, tokenSession } from './auth';
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
  return declareRole(role, async (c, next) => {
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
  });
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

const declaredRoles = new WeakMap<MiddlewareHandler, Role>();

function declareRole<M extends MiddlewareHandler>(role: Role, middleware: M): M {
  declaredRoles.set(middleware, role);
  return middleware;
}

/** The role a route's middleware declares, if it is one of the above. */
export function declaredRole(handler: unknown): Role | undefined {
  return typeof handler === 'function' ? declaredRoles.get(handler as MiddlewareHandler) : undefined;
}

export interface ClientCaller {
  id: string;
  session: Session;
}

export type ClientEnv = AppEnv & { Variables: { client: ClientCaller } };

export interface ClientRoleOptions {
  /**
   * The token may come in the body (`userdata {token}` of the spec's client): the route's
   * `jsonBody` runs first, so a bad body is told before a missing token, as before.
   */
  tokenInBody?: boolean;
}

/** The token in the body the route's `jsonBody` validated. */
function validatedBodyToken(c: Context): unknown {
  return (c.req as HonoRequest<string, { json: { token?: unknown } | undefined }>).valid('json')?.token;
}

/**
 * A signed-in client: a valid client token whose session is current (log out everywhere and
 * password resets end it). The session version is read from memory (server/db/poll-cache.ts),
 * so the 2 s chat poll costs no query for it.
 */
export function requireClient(options: ClientRoleOptions = {}): MiddlewareHandler<ClientEnv> {
  return declareRole('client', async (c, next) => {
    const session = await tokenSession(c, options.tokenInBody ? validatedBodyToken(c) : undefined);
    await requireCurrentSession(c, session);
    c.set('client', { id: session.userId, session });
    await next();
  });
}
