/**
 * The operator API: what `npm run ops` calls while the server runs (the commands of
 * server/console/commands.ts as JSON endpoints) and what the console reads. Every route declares
 * the operator roles it is for (`requireRole('operator', { roles })`, server/http/roles.ts); the
 * X-Ops-Token header (server/console/ops-token.ts) acts as an admin. An unknown /ops path is a 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { badRequest, forbidden } from '../http/errors';
import { ROLE_NOT_ALLOWED } from '../http/roles';
import { jsonBody, paramOf, queryOf } from '../http/validator';
import {
  BOARD_PAGE_SIZE,
  boardQuerySchema,
  settlementNoteSchema,
  supportReplySchema,
} from '../../src/shared/schemas/ops-console';
import { listBoard } from './board';
import { ADMIN, ANY_OPERATOR, DISPATCH, SUPPORT, actorOf, callerOf, idOf, run } from './ops-edge';
import * as ops from './commands';
import * as payments from '../payments/payment-commands';
import { allQuerySchema } from '../../src/shared/schemas/ops';

export { OPS_TOKEN_HEADER } from './ops-token';

export const opsRoutes = new Hono<AppEnv>();

const referenceParam = paramOf(z.object({ reference: payments.referenceSchema }));
const allQuery = queryOf(allQuerySchema);

/**
 * A JSON body checked by the commands' own schemas, whose messages name the CLI's arguments:
 * the first one is the answer as it is (as `parseOpsInput` words it for the CLI).
 */
const opsBody = <S extends z.ZodType>(schema: S) =>
  jsonBody(schema, { invalid: (issues) => badRequest(issues[0]?.message ?? 'Invalid input') });

const NOT_AN_OBJECT = { error: 'Request body must be a JSON object' };

const assignBody = z.object({ driverId: ops.opsIdSchema('driverId') }, NOT_AN_OBJECT);
const statusBody = z.object({ status: ops.statusSchema, recycledKg: ops.recycledKgSchema.optional() }, NOT_AN_OBJECT);
const messageBody = z.object({ content: ops.driverMessageSchema }, NOT_AN_OBJECT);
const pointsBody = z.object({ amount: ops.pointsCreditSchema }, NOT_AN_OBJECT);
const settleBody = z.object({ note: settlementNoteSchema }, NOT_AN_OBJECT);
const replyBody = z.object({ reply: supportReplySchema }, NOT_AN_OBJECT);

/**
 * The tasks, due first, with the board's filters and search (boardQuerySchema: `?state=open`
 * not completed or cancelled yet, `?attention=1` the Needs attention lane, `?page=` 50 a page;
 * without a page, every matching task). `total` is how many matched.
 */
opsRoutes.get('/ops/tasks', ANY_OPERATOR, queryOf(boardQuerySchema), async (c) => {
  const { db, now, config } = c.var.deps;
  const query = c.req.valid('query');
  const board = await listBoard(db, query, { now: now(), attentionMinutes: config.dispatchAttentionMin });
  return c.json({ data: board.tasks, total: board.total, page: query.page ?? 1, pageSize: BOARD_PAGE_SIZE });
});

opsRoutes.get('/ops/drivers', DISPATCH, async (c) => c.json({ data: await run(() => ops.listDrivers(c.var.deps.db)) }));

opsRoutes.post('/ops/drivers', DISPATCH, opsBody(ops.newDriverSchema), async (c) => {
  const input = c.req.valid('json');
  return c.json({ data: await run(() => ops.addDriver(c.var.deps.db, input, actorOf(c))) }, 201);
});

opsRoutes.post('/ops/tasks/:id/assign', DISPATCH, idOf('task'), opsBody(assignBody), async (c) => {
  const taskId = c.req.valid('param').id;
  const { driverId } = c.req.valid('json');
  // The console's assignment checks the driver is free; the CLI (no operator id) may override.
  const requireFree = c.var.operator.id !== null;
  return c.json({
    data: await run(() => ops.assignDriver(c.var.deps, taskId, driverId, { ...callerOf(c), requireFree })),
  });
});

opsRoutes.post('/ops/tasks/:id/status', DISPATCH, idOf('task'), opsBody(statusBody), async (c) => {
  const taskId = c.req.valid('param').id;
  const { status, recycledKg } = c.req.valid('json');
  // Cancelling (a refund) is admin's and support's (POST .../cancel); completing is admin's.
  if ((status === 'cancelled' || status === 'completed') && c.var.operator.role !== 'admin')
    throw forbidden(ROLE_NOT_ALLOWED);
  return c.json({
    data: await run(() => ops.moveTaskTo(c.var.deps, taskId, status, { ...callerOf(c), recycledKg })),
  });
});

/** The driver says it has arrived: the client's task page says so. */
opsRoutes.post('/ops/tasks/:id/arrived', ADMIN, idOf('task'), async (c) => {
  const taskId = c.req.valid('param').id;
  return c.json({ data: await run(() => ops.markArrived(c.var.deps, taskId, callerOf(c))) });
});

opsRoutes.put('/ops/drivers/:id/location', ADMIN, idOf('driver'), opsBody(ops.positionSchema), async (c) => {
  const driverId = c.req.valid('param').id;
  const { lat, lng } = c.req.valid('json');
  return c.json({ data: await run(() => ops.moveDriver(c.var.deps.db, driverId, lat, lng, actorOf(c))) });
});

/** A chat message from the task's driver (demos and end-to-end tests: the driver side of the chat). */
opsRoutes.post('/ops/tasks/:id/messages', ADMIN, idOf('task'), opsBody(messageBody), async (c) => {
  const taskId = c.req.valid('param').id;
  const { content } = c.req.valid('json');
  return c.json({ data: await run(() => ops.sendDriverMessage(c.var.deps.db, taskId, content, actorOf(c))) }, 201);
});

/** Recycle tokens credited to a client by hand (and by end-to-end tests that need an exact balance). */
opsRoutes.post('/ops/clients/:id/points', ADMIN, idOf('client'), opsBody(pointsBody), async (c) => {
  const userId = c.req.valid('param').id;
  const { amount } = c.req.valid('json');
  return c.json({ data: await run(() => ops.creditPoints(c.var.deps.db, userId, amount, actorOf(c))) }, 201);
});

/** Payments needing attention and unclaimed charges (`?all=1`: settled ones too). */
opsRoutes.get('/ops/payments', ADMIN, allQuery, async (c) => {
  const { all } = c.req.valid('query');
  return c.json({ data: await run(() => payments.listPayments(c.var.deps.db, { all, now: c.var.deps.now() })) });
});

opsRoutes.post('/ops/payments/:reference/settle', ADMIN, referenceParam, opsBody(settleBody), async (c) => {
  const { reference } = c.req.valid('param');
  const { note } = c.req.valid('json');
  return c.json({
    data: await run(() => payments.settlePayment(c.var.deps.db, reference, note, actorOf(c))),
  });
});

opsRoutes.post('/ops/payments/:reference/honour', ADMIN, referenceParam, async (c) => {
  const { reference } = c.req.valid('param');
  return c.json({
    data: await run(() => payments.honourPayment(c.var.deps.db, reference, c.var.deps.now(), actorOf(c))),
  });
});

/** Support requests ('Report a problem'): unanswered ones (`?all=1`: answered ones too). */
opsRoutes.get('/ops/support', SUPPORT, allQuery, async (c) => {
  const { all } = c.req.valid('query');
  return c.json({ data: await run(() => ops.listSupport(c.var.deps.db, { all, now: c.var.deps.now() })) });
});

opsRoutes.post('/ops/support/:id/reply', SUPPORT, idOf('request'), opsBody(replyBody), async (c) => {
  const { id } = c.req.valid('param');
  const { reply } = c.req.valid('json');
  return c.json({ data: await run(() => ops.replySupport(c.var.deps.db, id, reply, actorOf(c))) });
});
