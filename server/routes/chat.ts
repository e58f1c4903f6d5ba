/**
 * Chat between a client and the driver of a task. Reads can ask only for messages newer
 * than `since` (cheap 2 s polling); sends are exactly-once per `clientId` (offline replays).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { getMessagesSchema, sendMessageSchema } from '../../src/shared/schemas/chat';
import type { AppEnv } from '../context';
import { authenticate } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { readJson } from '../http/validate';
import type { Queryable } from '../db/connection';
import { insertMessageOnce, listMessages } from '../db/messages';
import { findTaskById } from '../db/tasks';

/** The task, when it is the caller's: 404 for an unknown one, 403 for someone else's. */
async function requireOwnTask(db: Queryable, taskId: string, userId: string): Promise<void> {
  const task = await findTaskById(db, taskId);
  if (!task) throw notFound('Task not found');
  if (task.user_id !== userId) throw forbidden('This task is not yours');
}

export const chatRoutes = new Hono<AppEnv>();

chatRoutes.post('/client/getMessages', async (c) => {
  const { db } = c.var.deps;
  const callerId = await authenticate(c);
  const body = await readJson(c, getMessagesSchema);
  await requireOwnTask(db, body.taskId, callerId);
  const messages = await listMessages(db, body.taskId, body.since ? new Date(body.since) : undefined);
  return c.json({ data: { messages } });
});

chatRoutes.post('/client/sendingMessages', async (c) => {
  const { db } = c.var.deps;
  const callerId = await authenticate(c);
  const body = await readJson(c, sendMessageSchema);
  if (body.sender !== 'user') throw forbidden('A client can only send messages as the user');
  await requireOwnTask(db, body.taskId, callerId);
  const { message, created } = await insertMessageOnce(db, {
    id: randomUUID(),
    taskId: body.taskId,
    sender: 'user',
    content: body.content,
    clientId: body.clientId ?? null,
  });
  return c.json({ data: message }, created ? 201 : 200);
});
