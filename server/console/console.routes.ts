/**
 * The operator console's own routes (issue 47, docs/operations.md 'The console'): sign-in with
 * e-mail and password, the password change (the one-time password first), who am I, and what
 * the console does beyond the CLI's routes (server/console/ops.routes.ts). Each declares its roles.
 */
import { selectTaskPhotoUrl } from '../db/task-photos';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  INVALID_OPS_LOGIN,
  OPERATOR_ROLES,
  auditQuerySchema,
  cancelTaskSchema,
  clientQuerySchema,
  driverEditSchema,
  driverStatusSchema,
  emptyOpsSchema,
  goodwillRefundSchema,
  newOperatorSchema,
  opsCompleteSchema,
  opsLoginSchema,
  opsPasswordSchema,
  refundLimitSchema,
} from '../../src/shared/schemas/ops-console';
import { listSupport } from './commands';
import {
  cancelWithRefund,
  clientDetail,
  closeSupportRequest,
  completeWithQuantity,
  deactivateDriver,
  editDriver,
  findClients,
  reactivateDriver,
  resetDriverPassword,
  setRefundLimit,
  taskDetail,
} from './console-commands';
import { addOperator, deactivateOperator, listOperators } from './operator-commands';
import { auditCsv, auditLines } from './audit-words';
import { ADMIN, ANY_OPERATOR, DISPATCH, SUPPORT, actorOf, idOf, run } from './ops-edge';
import { koboToNaira, nairaToKobo } from '../../src/shared/money';
import * as lifecycle from '../tasks/lifecycle';
import type { AppEnv } from '../context';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../accounts/passwords';
import { changeOperatorPassword, findOperatorByEmail, findOperatorById, supportRefundLimitKobo } from '../db/operators';
import { jsonBody, queryOf } from '../http/validator';
import { clientAddress } from '../http/client-address';
import { HttpError, badRequest } from '../http/errors';
import { requireRole } from '../http/roles';

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';

export const opsConsoleRoutes = new Hono<AppEnv>();

opsConsoleRoutes.post('/ops/login', jsonBody(opsLoginSchema), async (c) => {
  const { db, tokens, limiter, limits } = c.var.deps;
  const body = c.req.valid('json');
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
  return c.json({ data: await tokens.sign(operator.id, operator.session_version, 'operator') });
});

const anyOperator = (beforePasswordChange: boolean) =>
  requireRole('operator', { roles: OPERATOR_ROLES, beforePasswordChange });

opsConsoleRoutes.post('/ops/password', anyOperator(true), jsonBody(opsPasswordSchema), async (c) => {
  const { db, tokens } = c.var.deps;
  const body = c.req.valid('json');
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

// ---- the console's routes beyond the CLI's (the role table: docs/operations.md) ----

opsConsoleRoutes.get('/ops/tasks/:id', ANY_OPERATOR, idOf('task'), async (c) => {
  const taskId = c.req.valid('param').id;
  const detail = await run(() => taskDetail(c.var.deps.db, taskId));
  // The pickup photo (docs/driver.md 'Photo proof') for the console's screen only, not the CLI's print.
  return c.json({ data: { ...detail, pickupPhoto: await selectTaskPhotoUrl(c.var.deps.db, taskId) } });
});

/** Cancel with a full refund; support only up to the refund limit, dispatchers not at all. */
opsConsoleRoutes.post('/ops/tasks/:id/cancel', SUPPORT, idOf('task'), jsonBody(cancelTaskSchema), async (c) => {
  const taskId = c.req.valid('param').id;
  const { reason } = c.req.valid('json');
  const caller = { role: c.var.operator.role, actor: actorOf(c) };
  try {
    return c.json({ data: await run(() => cancelWithRefund(c.var.deps, taskId, reason, caller)) });
  } catch (error) {
    // A support limit's refusal: the refund may go to an admin instead (server/console/refund-escalation.ts).
    if (error instanceof HttpError && error.status === 403 && caller.role === 'support')
      throw new HttpError(403, error.message, { canRequestApproval: true });
    throw error;
  }
});

opsConsoleRoutes.post('/ops/tasks/:id/complete', ADMIN, idOf('task'), jsonBody(opsCompleteSchema), async (c) => {
  const taskId = c.req.valid('param').id;
  const { quantity } = c.req.valid('json');
  const caller = { role: c.var.operator.role, actor: actorOf(c) };
  return c.json({ data: await run(() => completeWithQuantity(c.var.deps, taskId, quantity, caller)) });
});

/** A completed task corrected: an admin gives part of what was paid back, with the reason (docs/lifecycle.md). */
opsConsoleRoutes.post(
  '/ops/tasks/:id/goodwill-refund',
  ADMIN,
  idOf('task'),
  jsonBody(goodwillRefundSchema),
  async (c) => {
    const taskId = c.req.valid('param').id;
    const { amount, reason } = c.req.valid('json');
    const refund = await lifecycle.goodwillRefund(
      c.var.deps,
      taskId,
      { amountKobo: nairaToKobo(amount), reason },
      { actor: 'admin', audit: actorOf(c) },
    );
    return c.json({ data: refund });
  },
);

opsConsoleRoutes.post('/ops/drivers/:id', DISPATCH, idOf('driver'), jsonBody(driverEditSchema), async (c) => {
  const driverId = c.req.valid('param').id;
  const edit = c.req.valid('json');
  return c.json({ data: await run(() => editDriver(c.var.deps.db, driverId, edit, actorOf(c))) });
});

/** Deactivating asks why (the console confirms first); reactivating too. */
opsConsoleRoutes.post(
  '/ops/drivers/:id/deactivate',
  DISPATCH,
  idOf('driver'),
  jsonBody(driverStatusSchema),
  async (c) => {
    const driverId = c.req.valid('param').id;
    const { reason } = c.req.valid('json');
    return c.json({ data: await run(() => deactivateDriver(c.var.deps.db, driverId, actorOf(c), reason)) });
  },
);

opsConsoleRoutes.post(
  '/ops/drivers/:id/reactivate',
  DISPATCH,
  idOf('driver'),
  jsonBody(driverStatusSchema),
  async (c) => {
    const driverId = c.req.valid('param').id;
    const { reason } = c.req.valid('json');
    return c.json({ data: await run(() => reactivateDriver(c.var.deps.db, driverId, actorOf(c), reason)) });
  },
);

opsConsoleRoutes.post(
  '/ops/drivers/:id/password',
  DISPATCH,
  idOf('driver'),
  jsonBody(emptyOpsSchema, { optional: true }),
  async (c) => {
    const driverId = c.req.valid('param').id;
    return c.json({ data: await run(() => resetDriverPassword(c.var.deps.db, driverId, actorOf(c))) });
  },
);

opsConsoleRoutes.post(
  '/ops/support/:id/close',
  SUPPORT,
  idOf('request'),
  jsonBody(emptyOpsSchema, { optional: true }),
  async (c) => {
    const requestId = c.req.valid('param').id;
    const { db, now } = c.var.deps;
    await run(() => closeSupportRequest(db, requestId, actorOf(c)));
    const [request] = (await listSupport(db, { all: true, now: now() })).filter((entry) => entry.id === requestId);
    return c.json({ data: request });
  },
);

// No q is an empty one: too short.
const clientSearch = z.object({ q: clientQuerySchema.prefault('') });

opsConsoleRoutes.get('/ops/clients', SUPPORT, queryOf(clientSearch), async (c) => {
  return c.json({ data: await findClients(c.var.deps.db, c.req.valid('query').q) });
});

opsConsoleRoutes.get('/ops/clients/:id', SUPPORT, idOf('client'), async (c) => {
  const userId = c.req.valid('param').id;
  return c.json({ data: await run(() => clientDetail(c.var.deps.db, userId, c.var.deps.now())) });
});

opsConsoleRoutes.get('/ops/operators', ADMIN, async (c) => c.json({ data: await listOperators(c.var.deps.db) }));

opsConsoleRoutes.post('/ops/operators', ADMIN, jsonBody(newOperatorSchema), async (c) => {
  const input = c.req.valid('json');
  const { db, now } = c.var.deps;
  const added = await run(() => addOperator(db, input, now(), actorOf(c)));
  return c.json({ data: added }, 201);
});

opsConsoleRoutes.post(
  '/ops/operators/:id/deactivate',
  ADMIN,
  idOf('operator'),
  jsonBody(emptyOpsSchema, { optional: true }),
  async (c) => {
    const operatorId = c.req.valid('param').id;
    return c.json({ data: await run(() => deactivateOperator(c.var.deps.db, operatorId, actorOf(c))) });
  },
);

opsConsoleRoutes.post('/ops/settings/refund-limit', ADMIN, jsonBody(refundLimitSchema), async (c) => {
  const { amount } = c.req.valid('json');
  return c.json({ data: await setRefundLimit(c.var.deps.db, amount, actorOf(c)) });
});

/**
 * The audit trail in words, newest first: `?before=<id>` pages on, `?limit=` (1-100, default 50),
 * filtered by `who`, `what`, `task` and `day`; `/ops/audit.csv` the same as CSV.
 */
opsConsoleRoutes.get('/ops/audit', ADMIN, queryOf(auditQuerySchema), async (c) => {
  return c.json({ data: await auditLines(c.var.deps.db, c.req.valid('query')) });
});

opsConsoleRoutes.get('/ops/audit.csv', ADMIN, queryOf(auditQuerySchema), async (c) => {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', 'attachment; filename="greenpick-audit.csv"');
  return c.body(await auditCsv(c.var.deps.db, c.req.valid('query')));
});
