/**
 * After paying: cancel (with the refund of a paid task), rate the driver, the receipt, and
 * 'Report a problem'. Reads are POSTs like the app's other reads: a GET under /client/ is an
 * app page. Unknown task 404, someone else's 403, a task in the wrong state 409 with why.
 */
import { selectTaskPhotoUrl } from '../db/task-photos';
import { Hono } from 'hono';
import type {
  CancelTaskResponse,
  RateTaskResponse,
  ReceiptResponse,
  SupportRequestResponse,
  SupportRequestsResponse,
} from '../../src/shared/contract';
import {
  cancelTaskSchema,
  payExtraSchema,
  rateTaskSchema,
  supportRequestSchema,
  taskIdSchema,
} from '../../src/shared/schemas/aftercare';
import * as lifecycle from './lifecycle';
import { confirmedCharge, keepForAttention, requirePayer } from '../payments/check';
import { clientAddress } from '../http/client-address';
import { findReceipt } from './receipt';
import type { AppEnv } from '../context';
import type { Queryable } from '../db/connection';
import { insertRating } from '../db/ratings';
import { insertSupportRequest, listSupportRequestsOfUser } from '../db/support';
import { findTaskById, toTask, type TaskRow } from '../db/tasks';
import { requireClient } from '../http/roles';
import { HttpError, conflict, forbidden, notFound, tooManyRequests } from '../http/errors';
import { jsonBody } from '../http/validator';

/** The caller's task: 404 for an unknown one, 403 for someone else's. */
async function ownTask(db: Queryable, taskId: string, userId: string): Promise<TaskRow> {
  const task = await findTaskById(db, taskId);
  if (!task) throw notFound('Task not found');
  if (task.user_id !== userId) throw forbidden('This task is not yours');
  return task;
}

export const aftercareRoutes = new Hono<AppEnv>();

/**
 * The client's cancel (docs/lifecycle.md): until the code is entered; free until the driver has
 * been on the way 2 minutes, then the cancel fee goes to the driver. A repeated cancel (an
 * offline retry) gets the cancelled task again.
 */
aftercareRoutes.post('/client/tasks/cancel', requireClient(), jsonBody(cancelTaskSchema), async (c) => {
  const { deps } = c.var;
  const body = c.req.valid('json');
  await ownTask(deps.db, body.taskId, c.var.client.id);
  await lifecycle.cancel(
    deps,
    body.taskId,
    { reason: body.reason, note: body.note ?? '' },
    { actor: 'client', userId: c.var.client.id },
  );
  return c.json({ data: toTask((await findTaskById(deps.db, body.taskId))!) } satisfies CancelTaskResponse);
});

/** What cancelling now would cost and give back, for the confirmation. */
aftercareRoutes.post('/client/tasks/cancel/quote', requireClient(), jsonBody(taskIdSchema), async (c) => {
  const { deps } = c.var;
  const { taskId } = c.req.valid('json');
  await ownTask(deps.db, taskId, c.var.client.id);
  return c.json({ data: await lifecycle.cancelQuote(deps, taskId, { actor: 'client', userId: c.var.client.id }) });
});

/** The extra the driver's weight asks for, paid with a verified charge of exactly its amount. */
aftercareRoutes.post('/client/tasks/extra', requireClient(), jsonBody(payExtraSchema), async (c) => {
  const { deps } = c.var;
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  const task = await ownTask(deps.db, body.taskId, callerId);
  if (task.extra_status === 'paid' && task.extra_reference === body.reference)
    return c.json({ data: toTask(task) } satisfies CancelTaskResponse);
  if (task.extra_status !== 'awaiting') {
    // The lifecycle words why (declined, paid already, none asked), before any provider call.
    await lifecycle.payExtra(
      deps,
      body.taskId,
      { reference: body.reference, amountKobo: -1 },
      { actor: 'client', userId: callerId },
    );
  }
  const claim = {
    reference: body.reference,
    purpose: 'extra' as const,
    userId: callerId,
    request: body,
    address: clientAddress(c),
  };
  const charge = await confirmedCharge(deps, claim);
  await requirePayer(deps, charge, callerId);
  try {
    await lifecycle.payExtra(
      deps,
      body.taskId,
      { reference: body.reference, amountKobo: charge.currency === 'NGN' ? charge.amountKobo : -1 },
      { actor: 'client', userId: callerId },
    );
  } catch (error) {
    // A charge that cannot pay this extra (declined meanwhile, another amount) is kept for an operator.
    if (error instanceof HttpError && error.status === 409)
      await keepForAttention(deps, claim, `Extra of task ${body.taskId} not paid: ${error.message}`);
    throw error;
  }
  return c.json({ data: toTask((await findTaskById(deps.db, body.taskId))!) } satisfies CancelTaskResponse);
});

/** The client declines the extra: the driver takes what was booked. */
aftercareRoutes.post('/client/tasks/extra/decline', requireClient(), jsonBody(taskIdSchema), async (c) => {
  const { deps } = c.var;
  const { taskId } = c.req.valid('json');
  await ownTask(deps.db, taskId, c.var.client.id);
  await lifecycle.declineExtra(deps, taskId, { actor: 'client', userId: c.var.client.id });
  return c.json({ data: toTask((await findTaskById(deps.db, taskId))!) } satisfies CancelTaskResponse);
});

aftercareRoutes.post('/client/tasks/rate', requireClient(), jsonBody(rateTaskSchema), async (c) => {
  const { db } = c.var.deps;
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  const task = await ownTask(db, body.taskId, callerId);
  if (task.status !== 'completed' || !task.driver_id)
    throw conflict('Only a completed task with a driver can be rated');
  const rated = await insertRating(db, {
    taskId: task.id,
    userId: callerId,
    driverId: task.driver_id,
    stars: body.stars,
    comment: body.comment ?? '',
  });
  if (!rated) throw conflict('You have already rated this task');
  return c.json({ data: toTask((await findTaskById(db, task.id))!) } satisfies RateTaskResponse);
});

aftercareRoutes.post('/client/tasks/receipt', requireClient(), jsonBody(taskIdSchema), async (c) => {
  const { db } = c.var.deps;
  const callerId = c.var.client.id;
  const { taskId } = c.req.valid('json');
  await ownTask(db, taskId, callerId);
  const found = await findReceipt(db, taskId);
  if (!found) throw notFound('This task has no payment, so no receipt');
  const photo = await selectTaskPhotoUrl(db, taskId);
  return c.json({ data: { ...found.receipt, photo } } satisfies ReceiptResponse);
});

aftercareRoutes.post('/client/support', requireClient(), jsonBody(supportRequestSchema), async (c) => {
  const { deps } = c.var;
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  await ownTask(deps.db, body.taskId, callerId);
  if (!(await deps.limiter.take(`support:user:${callerId}`, deps.limits.supportPerUser)))
    throw tooManyRequests('Too many requests. Please wait a while, or write to support@greenpick.ng.');
  const request = await insertSupportRequest(deps.db, { userId: callerId, ...body });
  deps.log
    .child({ module: 'support' })
    .info({ supportRequestId: request._id, category: request.category, taskId: request.taskId }, 'new request');
  return c.json({ data: request } satisfies SupportRequestResponse, 201);
});

aftercareRoutes.post('/client/support/list', requireClient(), async (c) => {
  const callerId = c.var.client.id;
  return c.json({ data: await listSupportRequestsOfUser(c.var.deps.db, callerId) } satisfies SupportRequestsResponse);
});
