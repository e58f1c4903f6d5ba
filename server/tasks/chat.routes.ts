/**
 * Chat between a client and the driver of a task. Queries return one bounded page (newer than
 * `since` for the 2 s poll, or older than a cursor); sends are exactly-once per `clientId`
 * (offline replays) and rate-limited per user and per task, so one client cannot flood a thread.
 */
import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { getMessagesSchema, sendMessageSchema } from '../../src/shared/schemas/chat';
import type { AppEnv } from '../context';
import { SESSION_ENDED } from '../http/auth';
import { forbidden, notFound, tooManyRequests, unauthorized } from '../http/errors';

const TOO_MANY_MESSAGES = 'Too many messages. Please wait a moment and try again.';
const CHAT_FULL = 'This chat is full. Please call the driver instead.';
import { jsonHeaders, jsonResponse } from '../http/json-response';
import { requireClient } from '../http/roles';
import { jsonBody } from '../http/validator';
import type { Queryable } from '../db/connection';
import { notifyDriver } from '../db/driver-push';
import { insertMessageOnce, readClientThread, readThreadMark } from '../db/messages';
import { findTaskById } from '../db/tasks';
import { requireOpenChat } from './chat-window';
import { setBounded } from '../bounded-map';

/** The task, when it is the caller's: 404 for an unknown one, 403 for someone else's. */
async function requireOwnTask(db: Queryable, taskId: string, userId: string): Promise<void> {
  const task = await findTaskById(db, taskId);
  if (!task) throw notFound('Task not found');
  if (task.user_id !== userId) throw forbidden('This task is not yours');
}

/**
 * `since` in microseconds since 1970, rounded down (PostgreSQL keeps microseconds and rounds
 * finer digits, so it reads the same or later); undefined for a form this does not read exactly.
 */
function sinceMicros(since: string): bigint | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/i.exec(since);
  if (!match) return undefined;
  const seconds = Date.parse(`${match[1]}${match[3]!.toUpperCase()}`);
  if (Number.isNaN(seconds)) return undefined;
  return BigInt(seconds) * 1000n + BigInt((match[2] ?? '').slice(0, 6).padEnd(6, '0'));
}

const sinceRead = new Map<string, bigint | undefined>();

/** `sinceMicros`, remembered: a chat polls with one `since` until a message arrives (the parse was 7 % of an empty poll's CPU). */
function rememberedSinceMicros(since: string): bigint | undefined {
  if (sinceRead.has(since)) return sinceRead.get(since);
  const micros = sinceMicros(since);
  setBounded(sinceRead, since, micros, REMEMBERED_POLLS);
  return micros;
}

/**
 * A poll with nothing new, answered from memory (server/db/poll-cache.ts) with what the
 * database would answer: the same 404 and 403, then an empty page (the session was checked by
 * `requireClient`, from memory too). Undefined when the thread may have something newer (or
 * nothing is kept): the query below decides.
 */
async function keptEmptyPoll<E extends AppEnv>(c: Context<E>, userId: string, taskId: string, since: string) {
  const { db, polls } = c.get('deps');
  const after = rememberedSinceMicros(since);
  if (!polls.active || after === undefined) return undefined;
  const mark = await polls.threadMark(taskId, () => readThreadMark(db, taskId));
  if (!mark) throw notFound('Task not found');
  if (mark.owner !== userId) throw forbidden('This task is not yours');
  if (mark.newestMicros !== null && mark.newestMicros > after) return undefined;
  return c.body(EMPTY_PAGE, 200, EMPTY_PAGE_HEADERS);
}

/** The empty page's answer, built once: every empty poll sends these same bytes. */
const EMPTY_PAGE = JSON.stringify({ data: { messages: [], olderCursor: null } });
const EMPTY_PAGE_HEADERS = jsonHeaders(EMPTY_PAGE);

export const chatRoutes = new Hono<AppEnv>();

/** Poll bodies remembered (about 300 bytes each): one per open chat, far more than one instance serves. */
const REMEMBERED_POLLS = 5_000;

/**
 * The responses and their order are every authenticated call's: a bad token or an ended
 * session 401, then a bad body 400, then an unknown task 404 and someone else's task 403.
 */
chatRoutes.post(
  '/client/getMessages',
  requireClient(),
  // An open chat sends the same body every 2 s until a message arrives; the handler only reads it.
  jsonBody(getMessagesSchema, { remember: REMEMBERED_POLLS }),
  async (c) => {
    const { session } = c.get('client');
    const body = c.req.valid('json');
    if (body.since && !body.before) {
      const kept = await keptEmptyPoll(c, session.userId, body.taskId, body.since);
      if (kept) return kept;
    }
    const thread = await readClientThread(c.var.deps.db, {
      userId: session.userId,
      sessionVersion: session.sessionVersion,
      taskId: body.taskId,
      ...(body.since ? { since: body.since } : {}),
      ...(body.before ? { before: body.before } : {}),
    });
    // Ended between the middleware's check and this query (a log out everywhere meanwhile).
    if (thread.kind === 'session-ended') throw unauthorized(SESSION_ENDED);
    if (thread.kind === 'no-task') throw notFound('Task not found');
    if (thread.kind === 'not-yours') throw forbidden('This task is not yours');
    return jsonResponse(c, { data: { messages: thread.messages, olderCursor: thread.olderCursor } });
  },
);

chatRoutes.post('/client/sendingMessages', requireClient(), jsonBody(sendMessageSchema), async (c) => {
  const { db } = c.var.deps;
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  if (body.sender !== 'user') throw forbidden('A client can only send messages as the user');
  await requireOwnTask(db, body.taskId, callerId);
  await requireOpenChat(db, body.taskId, c.var.deps.now());
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
  if (sent.created) await notifyDriver(db, null, { kind: 'chat', taskId: body.taskId, content: body.content });
  return c.json({ data: sent.message }, sent.created ? 201 : 200);
});
