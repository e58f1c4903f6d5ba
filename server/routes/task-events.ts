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
import { authenticate } from '../http/auth';
import { readJson } from '../http/validate';
import type { TaskEventsResponse, TaskEventsReadResponse } from '../../src/shared/contract';

export const taskEventRoutes = new Hono<AppEnv>();

taskEventRoutes.post('/client/events', async (c) => {
  const callerId = await authenticate(c);
  const { limit } = await readJson(c, taskEventsSchema);
  return c.json({
    data: await listTaskEvents(c.var.deps.db, callerId, limit ?? TASK_EVENTS_DEFAULT),
  } satisfies TaskEventsResponse);
});

taskEventRoutes.post('/client/events/read', async (c) => {
  const callerId = await authenticate(c);
  const { upTo } = await readJson(c, taskEventsReadSchema);
  const unread = await c.var.deps.db.transaction((tx) => markTaskEventsRead(tx, callerId, new Date(upTo)));
  return c.json({ data: { unread } } satisfies TaskEventsReadResponse);
});
