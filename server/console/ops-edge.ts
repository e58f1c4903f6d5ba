/**
 * What every /ops route file uses: the roles a route is for, a path's id checked, the
 * commands' errors as HTTP errors, and who the audit row and the lifecycle name as the caller.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { Actor } from '../tasks/transitions';
import type { AuditActor } from '../db/audit';
import { callerAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { type OperatorEnv, requireRole } from '../http/roles';
import { paramOf } from '../http/validator';
import { OpsError, opsIdSchema } from './commands';

/** The route is for these roles (and admins, who may call every /ops route). */
export const ADMIN = requireRole('operator', { roles: ['admin'] });
export const DISPATCH = requireRole('operator', { roles: ['dispatcher'] });
export const SUPPORT = requireRole('operator', { roles: ['support'] });
export const ANY_OPERATOR = requireRole('operator', { roles: ['dispatcher', 'support'] });

/** A path's id (`:id`): length and characters checked before it reaches a command or a query. */
export const idOf = (what: string) => paramOf(z.object({ id: opsIdSchema(`${what} id`) }));
const STATUS_OF_KIND = { invalid: 400, 'not-found': 404, conflict: 409, forbidden: 403 } as const;

/** Command errors as HTTP errors: bad input 400, unknown ids 404, a state that forbids it 409, role or limit 403. */
export async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OpsError) throw new HttpError(STATUS_OF_KIND[error.kind], error.message);
    throw error;
  }
}

/** The lifecycle's caller: the operator's role, or 'cli' for the ops token (no operator id); with the audit row's actor. */
export function callerOf<E extends OperatorEnv>(c: Context<E>): { actor: Actor; audit: AuditActor } {
  const { id, role } = c.var.operator;
  return { actor: id === null ? 'cli' : role, audit: actorOf(c) };
}

/** Who the audit row names: the operator (or 'cli' for the ops token) and their address (exact, not the rate limit's /64). */
export function actorOf<E extends OperatorEnv>(c: Context<E>): AuditActor {
  const { id, email } = c.var.operator;
  return { operatorId: id, actor: email, address: callerAddress(c) };
}
