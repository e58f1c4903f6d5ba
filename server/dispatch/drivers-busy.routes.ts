/**
 * 'Drivers are busy near you' (issue 63, docs/driver.md 'Dispatch'): a task no driver took for
 * DISPATCH_ATTENTION_MIN offers its client Keep waiting, Choose another time, or the cancel
 * with its full refund (`POST /client/tasks/cancel`, server/tasks/aftercare.routes.ts).
 */
import { Hono } from 'hono';
import { isOfferedWindow } from '../../src/shared/pickup-windows';
import { rescheduleTaskSchema, taskIdSchema } from '../../src/shared/schemas/aftercare';
import type { AppEnv } from '../context';
import type { Queryable } from '../db/connection';
import { markKeepWaiting, moveWaitingTask } from '../db/dispatch';
import { findTaskById, toTask } from '../db/tasks';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { requireClient } from '../http/roles';
import { jsonBody } from '../http/validator';

const NOT_WAITING = 'This task is no longer waiting for a driver';

async function ownTaskId(db: Queryable, taskId: string, userId: string): Promise<void> {
  const task = await findTaskById(db, taskId);
  if (!task) throw notFound('Task not found');
  if (task.user_id !== userId) throw forbidden('This task is not yours');
}

export const driversBusyRoutes = new Hono<AppEnv>();

driversBusyRoutes.post('/client/tasks/keep-waiting', requireClient(), jsonBody(taskIdSchema), async (c) => {
  const { db, now } = c.var.deps;
  const { taskId } = c.req.valid('json');
  await ownTaskId(db, taskId, c.var.client.id);
  if (!(await markKeepWaiting(db, taskId, now()))) throw conflict(NOT_WAITING);
  return c.json({ data: toTask((await findTaskById(db, taskId))!) });
});

driversBusyRoutes.post('/client/tasks/reschedule', requireClient(), jsonBody(rescheduleTaskSchema), async (c) => {
  const { db, now } = c.var.deps;
  const { taskId, window } = c.req.valid('json');
  await ownTaskId(db, taskId, c.var.client.id);
  if (!isOfferedWindow(window, now()))
    throw badRequest('This window is no longer available: choose one of the offered 2-hour windows');
  const normal = { start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString() };
  if (!(await db.transaction((tx) => moveWaitingTask(tx, taskId, normal)))) throw conflict(NOT_WAITING);
  return c.json({ data: toTask((await findTaskById(db, taskId))!) });
});
