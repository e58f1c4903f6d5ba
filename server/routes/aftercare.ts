/**
 * After paying: cancel (with the refund of a paid task), rate the driver, the receipt, and
 * 'Report a problem'. Reads are POSTs like the app's other reads: a GET under /client/ is an
 * app page. Unknown task 404, someone else's 403, a task in the wrong state 409 with why.
 */
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
  rateTaskSchema,
  supportRequestSchema,
  taskIdSchema,
} from '../../src/shared/schemas/aftercare';
import { CLIENT_CANCELLABLE, cancelTask, startRefund } from '../aftercare/refunds';
import { findReceipt } from '../aftercare/receipt';
import type { AppDeps, AppEnv } from '../context';
import type { Queryable } from '../db/connection';
import { insertRating } from '../db/ratings';
import { insertSupportRequest, listSupportRequestsOfUser } from '../db/support';
import { findTaskById, toTask, type TaskRow } from '../db/tasks';
import { requireClient } from '../http/roles';
import { conflict, forbidden, notFound, tooManyRequests } from '../http/errors';
import { jsonBody } from '../http/validator';

/** The caller's task: 404 for an unknown one, 403 for someone else's. */
async function ownTask(db: Queryable, taskId: string, userId: string): Promise<TaskRow> {
  const task = await findTaskById(db, taskId);
  if (!task) throw notFound('Task not found');
  if (task.user_id !== userId) throw forbidden('This task is not yours');
  return task;
}

const CANCEL_REFUSED: Record<string, string> = {
  'on-going': 'Your driver is already on the way: please call or chat with them instead',
  completed: 'This task is already done',
};

export const aftercareServices = (deps: AppDeps) => ({ refunder: deps.refunder, mailer: deps.mailer, log: deps.log });

export const aftercareRoutes = new Hono<AppEnv>();

aftercareRoutes.post('/client/tasks/cancel', requireClient(), jsonBody(cancelTaskSchema), async (c) => {
  const { deps } = c.var;
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  const before = await ownTask(deps.db, body.taskId, callerId);
  // A repeated cancel (an offline retry) gets the cancelled task again.
  if (before.status === 'cancelled') return c.json({ data: toTask(before) } satisfies CancelTaskResponse);
  const cancelled = await deps.db.transaction((tx) =>
    cancelTask(
      tx,
      {
        taskId: body.taskId,
        by: 'client',
        from: CLIENT_CANCELLABLE,
        reason: body.reason,
        note: body.note ?? '',
        userId: callerId,
      },
      deps.refunder.kind,
    ),
  );
  if (!cancelled) {
    // The status moved first (an operator, the simulator, another device): say what it is now.
    const now = await ownTask(deps.db, body.taskId, callerId);
    if (now.status === 'cancelled') return c.json({ data: toTask(now) } satisfies CancelTaskResponse);
    throw conflict(CANCEL_REFUSED[now.status] ?? 'This task can no longer be cancelled');
  }
  await startRefund(deps.db, aftercareServices(deps), body.taskId);
  return c.json({ data: toTask((await findTaskById(deps.db, body.taskId))!) } satisfies CancelTaskResponse);
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
  return c.json({ data: found.receipt } satisfies ReceiptResponse);
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
