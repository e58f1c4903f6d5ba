/**
 * The operator console's accounts (issue 47, docs/operations.md 'The console'): sign-in with
 * e-mail and password, the password change (the one-time password first), and who am I.
 */
import { Hono } from 'hono';
import { INVALID_OPS_LOGIN, opsLoginSchema, opsPasswordSchema } from '../../src/shared/schemas/ops-console';
import { koboToNaira } from '../../src/shared/money';
import type { AppEnv } from '../context';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { changeOperatorPassword, findOperatorByEmail, findOperatorById, supportRefundLimitKobo } from '../db/operators';
import { readBody } from '../http/body';
import { clientAddress } from '../http/client-address';
import { HttpError, badRequest } from '../http/errors';
import { requireRole } from '../http/roles';

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';

export const opsConsoleRoutes = new Hono<AppEnv>();

opsConsoleRoutes.post('/ops/login', async (c) => {
  const { db, tokens, limiter, limits } = c.var.deps;
  const body = await readBody(c, opsLoginSchema, badRequest);
  const address = clientAddress(c);
  // As the client's login: guesses at one e-mail count per address, and per address overall.
  const pairKey = `ops-login:email-address:${body.email}|${address}`;
  const allowed = await limiter.takeAll([
    [pairKey, limits.loginPerEmailAndAddress],
    [`login:address:${address}`, limits.loginPerAddress],
  ]);
  if (!allowed) throw new HttpError(429, TOO_MANY_LOGINS);
  const operator = await findOperatorByEmail(db, body.email);
  // An unknown e-mail still costs one comparison, so timing does not reveal accounts.
  const matches = await verifyPassword(body.password, operator?.password_hash ?? DUMMY_PASSWORD_HASH);
  if (!operator?.active || !matches) throw new HttpError(401, INVALID_OPS_LOGIN);
  await limiter.reset(pairKey);
  return c.json({ data: await tokens.sign(operator.id, Number(operator.session_version), 'operator') });
});

const anyOperator = (beforePasswordChange: boolean) =>
  requireRole('operator', { roles: ['admin', 'dispatcher', 'support'], beforePasswordChange });

opsConsoleRoutes.post('/ops/password', anyOperator(true), async (c) => {
  const { db, tokens } = c.var.deps;
  const body = await readBody(c, opsPasswordSchema, badRequest);
  const { id } = c.var.operator;
  if (id === null) throw badRequest('The ops token has no password: sign in as an operator');
  const account = await findOperatorById(db, id);
  if (!account || !(await verifyPassword(body.currentPassword, account.password_hash)))
    // 400, not 401: a 401 to the session's own token would sign the console out.
    throw badRequest('Current password is incorrect');
  if (body.newPassword === body.currentPassword)
    throw badRequest('Choose a new password different from the current one');
  const version = await changeOperatorPassword(db, id, await hashPassword(body.newPassword));
  // Older tokens end with the change; this browser goes on with a fresh one.
  return c.json({ data: await tokens.sign(id, version, 'operator') });
});

opsConsoleRoutes.get('/ops/me', anyOperator(true), async (c) => {
  const { id, email, role, mustChangePassword } = c.var.operator;
  const limit = await supportRefundLimitKobo(c.var.deps.db);
  return c.json({ data: { id: id ?? 'cli', email, role, mustChangePassword, refundLimit: koboToNaira(limit) } });
});
