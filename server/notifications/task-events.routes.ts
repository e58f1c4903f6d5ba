/**
 * The bell (POST /client/events, POST /client/events/read): a client's recent task events,
 * newest first, and marking them read. Each caller sees and marks only their own: the token
 * names the user, and no request field can name another.
 */
import { Hono } from 'hono';
import { TASK_EVENTS_DEFAULT } from '../../src/shared/limits';
import { taskEventsReadSchema, taskEventsSchema } from '../../src/shared/schemas/events';
import type { AppEnv } from '../context';
import { listTaskEvents, markTaskEventsRead } from '../db/task-events';
import { requireClient } from '../http/roles';
import { jsonBody } from '../http/validator';
import type { TaskEventsResponse, TaskEventsReadResponse } from '../../src/shared/contract';

export const taskEventRoutes = new Hono<AppEnv>();

taskEventRoutes.post('/client/events', requireClient(), jsonBody(taskEventsSchema), async (c) => {
  const callerId = c.var.client.id;
  const { limit } = c.req.valid('json');
  return c.json({
    data: await listTaskEvents(c.var.deps.db, callerId, limit ?? TASK_EVENTS_DEFAULT),
  } satisfies TaskEventsResponse);
});

taskEventRoutes.post('/client/events/read', requireClient(), jsonBody(taskEventsReadSchema), async (c) => {
  const callerId = c.var.client.id;
  const { upTo } = c.req.valid('json');
  const unread = await c.var.deps.db.transaction((tx) => markTaskEventsRead(tx, callerId, new Date(upTo)));
  return c.json({ data: { unread } } satisfies TaskEventsReadResponse);
});
