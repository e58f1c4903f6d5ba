/**
 * Who may call a route, as one middleware: `requireRole('driver')` and `requireRole('operator',
 * { roles: [...] })` verify the bearer token, its role, the account's session version and that
 * it is active, and put the caller on the context (`c.var.driver`, `c.var.operator`). An
 * operator route also takes the X-Ops-Token header (the CLI), which acts as an admin.
 * `requireClient()` does the same for clients' routes (`c.var.client`). Each records the role it
 * declares (`declaredRole`), so the route table in docs/architecture.md is checked against the
 * app (tests/server/routes.test.ts).
 */
import type { Context, HonoRequest, MiddlewareHandler } from 'hono';
import type { Role, Session } from '../accounts/tokens';
import type { AppEnv } from '../context';
import { findDriverAccount } from '../db/drivers';
import { findOperatorById, type OperatorRole } from '../db/operators';
import { OPS_TOKEN_HEADER, opsTokenMatches } from '../console/ops-token';
import { clientAddress } from './client-address';
import { SESSION_ENDED, WRONG_ROLE, bearerToken, requireCurrentSession, tokenSession, verifiedSession } from './auth';
import { forbidden, tooManyRequests, unauthorized } from './errors';
import { noteUserId } from './request-log';

export const CHANGE_PASSWORD_FIRST = 'Change your password first';
export const ROLE_NOT_ALLOWED = 'Your role does not allow this';
/** Also names the CLI's header: an ops token sent as a bearer token lands here. */
export const OPERATOR_SESSION_ENDED = 'Your session has ended: sign in again (the CLI sends the X-Ops-Token header)';

export interface DriverCaller {
  id: string;
  mustChangePassword: boolean;
}

export interface OperatorCaller {
  /** null for the CLI (the X-Ops-Token header), which has no account. */
  id: string | null;
  /** The operator's e-mail, or 'cli'. */
  email: string;
  role: OperatorRole;
  mustChangePassword: boolean;
}

export type DriverEnv = AppEnv & { Variables: { driver: DriverCaller } };
export type OperatorEnv = AppEnv & { Variables: { operator: OperatorCaller } };

export interface RoleOptions {
  /** The password change itself (and who am I) is open to an account that still has the one-time password. */
  beforePasswordChange?: boolean;
}

export interface OperatorRoleOptions extends RoleOptions {
  /** The operator roles the route is for; an admin may call every operator route. */
  roles: readonly OperatorRole[];
}

/** The CLI's caller: the ops token is the whole company's key, so it acts as an admin. */
export const CLI_OPERATOR: OperatorCaller = { id: null, email: 'cli', role: 'admin', mustChangePassword: false };

interface Account {
  id: string;
  session_version: number;
  must_change_password: boolean;
  active: boolean;
}

export function requireRole(role: 'driver', options?: RoleOptions): MiddlewareHandler<DriverEnv>;
export function requireRole(role: 'operator', options: OperatorRoleOptions): MiddlewareHandler<OperatorEnv>;
export function requireRole(
  role: Exclude<Role, 'client'>,
  options: RoleOptions & Partial<OperatorRoleOptions> = {},
): MiddlewareHandler<DriverEnv> | MiddlewareHandler<OperatorEnv> {
  if (role === 'driver') {
    return declareRole(role, (async (c, next) => {
      const account = await signedInAccount(c, 'driver', findDriverAccount, options);
      c.set('driver', { id: account.id, mustChangePassword: account.must_change_password });
      await next();
    }) satisfies MiddlewareHandler<DriverEnv>);
  }
  const roles = options.roles ?? [];
  const who = roles.length > 0 ? `operator: ${roles.join(', ')}` : 'operator: admin';
  return declareRole(who, (async (c, next) => {
    if (c.req.header(OPS_TOKEN_HEADER) !== undefined) {
      await checkOpsToken(c);
      c.set('operator', CLI_OPERATOR);
      return next();
    }
    if (!bearerToken(c)) throw unauthorized(`Sign in as an operator, or send the ${OPS_TOKEN_HEADER} header`);
    const account = await signedInAccount(c, 'operator', findOperatorById, options, OPERATOR_SESSION_ENDED);
    if (account.role !== 'admin' && !roles.includes(account.role)) throw forbidden(ROLE_NOT_ALLOWED);
    c.set('operator', {
      id: account.id,
      email: account.email,
      role: account.role,
      mustChangePassword: account.must_change_password,
    });
    await next();
  }) satisfies MiddlewareHandler<OperatorEnv>);
}

/** The bearer token's account, of the role, current and active; the one-time password gate. */
async function signedInAccount<A extends Account, E extends AppEnv>(
  c: Context<E>,
  role: Exclude<Role, 'client'>,
  find: (db: AppEnv['Variables']['deps']['db'], id: string) => Promise<A | undefined>,
  options: RoleOptions,
  sessionEnded = SESSION_ENDED,
): Promise<A> {
  const token = bearerToken(c);
  if (!token) throw unauthorized('Authentication required');
  const session = await verifiedSession(c, token);
  if (!session) throw unauthorized(sessionEnded);
  if (session.role !== role) throw forbidden(WRONG_ROLE);
  const account = await find(c.var.deps.db, session.userId);
  if (!account?.active || account.session_version !== session.sessionVersion) throw unauthorized(SESSION_ENDED);
  if (account.must_change_password && !options.beforePasswordChange) throw forbidden(CHANGE_PASSWORD_FIRST);
  noteUserId(c, session.userId);
  return account;
}

/**
 * The CLI's header. Wrong tokens are counted per address; an address at the limit is refused
 * before any comparison, so guessing on stops telling right from wrong.
 */
async function checkOpsToken<E extends AppEnv>(c: Context<E>): Promise<void> {
  const given = c.req.header(OPS_TOKEN_HEADER);
  if (!given) throw unauthorized(`The ${OPS_TOKEN_HEADER} header is empty`);
  const { limiter, limits } = c.var.deps;
  const key = `ops-token:address:${clientAddress(c)}`;
  if (await limiter.isBlocked(key, limits.opsTokenFailuresPerAddress)) throw tooManyRequests();
  if (!opsTokenMatches(given, c.var.deps.opsToken)) {
    await limiter.take(key, limits.opsTokenFailuresPerAddress);
    throw unauthorized('Invalid ops token');
  }
}

/**
 * Refuses a token of another role on a whole prefix (`/client/*` refuses drivers and operators,
 * `/ops/*` clients and drivers), before any route reads the body: one role's token is never
 * another's, even on calls that need no token.
 */
export function refuseOtherRoles(role: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    const session = token ? await verifiedSession(c, token) : null;
    if (session && session.role !== role) throw forbidden(WRONG_ROLE);
    await next();
  };
}

/** Who a route is for, as the route table says it: `client`, `driver`, `operator: support`. */
const declaredRoles = new WeakMap<MiddlewareHandler, string>();

function declareRole<M extends MiddlewareHandler>(who: string, middleware: M): M {
  declaredRoles.set(middleware, who);
  return middleware;
}

/** Who a route's middleware declares, if it is one of the above (an admin may call every operator route). */
export function declaredRole(handler: unknown): string | undefined {
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
