/**
 * Chat between a client and the driver of a task. Queries return one bounded page (newer than
 * `since` for the 2 s poll, or older than a cursor); sends are exactly-once per `clientId`
 * (offline replays) and rate-limited per user and per task, so one client cannot flood a thread.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { getMessagesSchema, sendMessageSchema } from '../../src/shared/schemas/chat';
import type { AppEnv } from '../context';
import { SESSION_ENDED, authenticate, requireCurrentSession, tokenSession } from '../http/auth';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../http/errors';

const TOO_MANY_MESSAGES = 'Too many messages. Please wait a moment and try again.';
const CHAT_FULL = 'This chat is full. Please call the driver instead.';
import { jsonResponse } from '../http/json-response';
import { noteUserId } from '../http/request-log';
import { readJson } from '../http/validate';
import type { Queryable } from '../db/connection';
import { insertMessageOnce, readClientThread } from '../db/messages';
import { findTaskById } from '../db/tasks';

/** The task, when it is the caller's: 404 for an unknown one, 403 for someone else's. */
async function requireOwnTask(db: Queryable, taskId: string, userId: string): Promise<void> {
  const task = await findTaskById(db, taskId);
  if (!task) throw notFound('Task not found');
  if (task.user_id !== userId) throw forbidden('This task is not yours');
}

export const chatRoutes = new Hono<AppEnv>();

/**
 * The responses and their order are every authenticated call's: a bad token or an ended
 * session 401, then a bad body 400, then an unknown task 404 and someone else's task 403.
 */
chatRoutes.post('/client/getMessages', async (c) => {
  const session = await tokenSession(c);
  const body = await readJson(c, getMessagesSchema).catch(async (error: unknown) => {
    // An ended session is told before a bad body (the query below would tell it after).
    await requireCurrentSession(c, session);
    throw error;
  });
  const thread = await readClientThread(c.var.deps.db, {
    userId: session.userId,
    sessionVersion: session.sessionVersion,
    taskId: body.taskId,
    ...(body.since ? { since: body.since } : {}),
    ...(body.before ? { before: body.before } : {}),
  });
  if (thread.kind === 'session-ended') throw unauthorized(SESSION_ENDED);
  noteUserId(c, session.userId);
  if (thread.kind === 'no-task') throw notFound('Task not found');
  if (thread.kind === 'not-yours') throw forbidden('This task is not yours');
  return jsonResponse(c, { data: { messages: thread.messages, olderCursor: thread.olderCursor } });
});

chatRoutes.post('/client/sendingMessages', async (c) => {
  const { db } = c.var.deps;
  const callerId = await authenticate(c);
  const body = await readJson(c, sendMessageSchema);
  if (body.sender !== 'user') throw forbidden('A client can only send messages as the user');
  await requireOwnTask(db, body.taskId, callerId);
  const { limiter, limits } = c.var.deps;
  const allowed = await limiter.takeAll([
    [`chat:user:${callerId}`, limits.chatPerUser],
    [`chat:task:${body.taskId}`, limits.chatPerTask],
  ]);
  if (!allowed) throw tooManyRequests(TOO_MANY_MESSAGES);
  const sent = await insertMessageOnce(db, {
    id: randomUUID(),
    taskId: body.taskId,
    sender: 'user',
    content: body.content,
    clientId: body.clientId ?? null,
  });
  if ('full' in sent) throw tooManyRequests(CHAT_FULL);
  return c.json({ data: sent.message }, sent.created ? 201 : 200);
});
