/**
 * The driver's API (issue 46, docs/driver.md): sign-in, the password change and sign-out, being online,
 * the offers, the tasks, positions and chat. Every route but the sign-in goes through
 * `requireRole('driver')`; a client token is refused there with 403.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { getMessagesSchema } from '../../src/shared/schemas/chat';
import { insertMessageOnce, readDriverThread } from '../db/messages';
import { jsonResponse } from '../http/json-response';
import {
  INVALID_DRIVER_LOGIN,
  availabilitySchema,
  completeTaskSchema,
  driverSendMessageSchema,
  positionsSchema,
  driverLoginSchema,
  driverPasswordSchema,
  driverTaskSchema,
  emptyDriverSchema,
} from '../../src/shared/schemas/driver';
import { normalizePhone } from '../../src/shared/validation/phone';
import { quantityRule } from '../../src/shared/quantity';
import { koboToNaira } from '../../src/shared/money';
import { driverShareKobo, lagosWeekStart, sumEarnings } from '../../src/shared/driver-rules';
import { serviceKey } from '../../src/shared/service-key';
import { startRefund } from '../aftercare/refunds';
import { openRefund, paidKobo } from '../db/refunds';
import {
  countWrongCode,
  selectDriverCompletions,
  isDriversChat,
  lockDriverTask,
  recordDeliveredQuantity,
  selectDriverTasks,
  markDriverArrived,
  startDriverTask,
} from '../db/driver-tasks';
import { OpsError, setTaskStatus } from '../ops/commands';
import type { AppEnv } from '../context';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import {
  changeDriverPassword,
  findDriverAccount,
  findDriverAccountsByPhone,
  noteDriverSignIn,
  recordPositions,
  signDriverOut,
} from '../db/drivers';
import { acceptOffer, declineOffer, selectOpenOffers, setDriverOnline } from '../db/dispatch';
import { jsonBody } from '../http/validator';
import { clientAddress } from '../http/client-address';
import { HttpError, badRequest, conflict, notFound, tooManyRequests } from '../http/errors';
import { requireRole } from '../http/roles';

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';

export const driverAppRoutes = new Hono<AppEnv>();

driverAppRoutes.post('/driver/login', jsonBody(driverLoginSchema), async (c) => {
  const { db, tokens, limiter, limits } = c.var.deps;
  const body = c.req.valid('json');
  const phone = normalizePhone(body.phone) ?? body.phone;
  const address = clientAddress(c);
  // As the client's login: guesses at one phone count per address, and per address overall.
  const pairKey = `driver-login:phone-address:${phone}|${address}`;
  const allowed = await limiter.takeAll([
    [pairKey, limits.loginPerEmailAndAddress],
    [`login:address:${address}`, limits.loginPerAddress],
  ]);
  if (!allowed) throw new HttpError(429, TOO_MANY_LOGINS);
  const candidates = await findDriverAccountsByPhone(db, phone);
  let signedIn: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(body.password, candidate.password_hash ?? DUMMY_PASSWORD_HASH)) {
      signedIn = candidate;
      break;
    }
  }
  // An unknown phone still costs one comparison, so timing does not reveal drivers.
  if (candidates.length === 0) await verifyPassword(body.password, DUMMY_PASSWORD_HASH);
  if (!signedIn) throw new HttpError(401, INVALID_DRIVER_LOGIN);
  await limiter.reset(pairKey);
  await noteDriverSignIn(db, signedIn.id, c.var.deps.now());
  return c.json({ data: await tokens.sign(signedIn.id, signedIn.session_version, 'driver') });
});

driverAppRoutes.post(
  '/driver/password',
  requireRole('driver', { beforePasswordChange: true }),
  jsonBody(driverPasswordSchema),
  async (c) => {
    const { db, tokens } = c.var.deps;
    const body = c.req.valid('json');
    const account = await findDriverAccount(db, c.var.driver.id);
    if (!account?.password_hash || !(await verifyPassword(body.currentPassword, account.password_hash)))
      // 400, not 401: a 401 to the session's own token signs the app out (as the profile's check).
      throw badRequest('Current password is incorrect');
    if (body.newPassword === body.currentPassword)
      throw badRequest('Choose a new password different from the one-time password');
    const version = await changeDriverPassword(db, account.id, await hashPassword(body.newPassword));
    // Older tokens end with the change; this device goes on with a fresh one.
    return c.json({ data: await tokens.sign(account.id, version, 'driver') });
  },
);

/**
 * Sign-out: the driver goes offline and the session ends on the server, so a token left on a
 * phone (or copied from it) stops working. Open before the password change too.
 */
driverAppRoutes.post(
  '/driver/logout',
  requireRole('driver', { beforePasswordChange: true }),
  jsonBody(emptyDriverSchema, { optional: true }),
  async (c) => {
    await signDriverOut(c.var.deps.db, c.var.driver.id);
    return c.json({ data: { message: 'You have been signed out' } });
  },
);

driverAppRoutes.post('/driver/availability', requireRole('driver'), jsonBody(availabilitySchema), async (c) => {
  const body = c.req.valid('json');
  await setDriverOnline(c.var.deps.db, c.var.driver.id, body.online);
  return c.json({ data: { online: body.online } });
});

/** What the driver earns of a task's price: its share in whole kobo, naira on the wire. */
export function driverEarnings(priceKobo: number, share: number): number {
  return koboToNaira(driverShareKobo(priceKobo, share));
}

const windowOf = (start: Date | string | null, end: Date | string | null) =>
  start && end ? { start: new Date(start).toISOString(), end: new Date(end).toISOString() } : null;

driverAppRoutes.post(
  '/driver/offers',
  requireRole('driver'),
  jsonBody(emptyDriverSchema, { optional: true }),
  async (c) => {
    const { db, config, now } = c.var.deps;
    const rows = await selectOpenOffers(db, c.var.driver.id, now());
    return c.json({
      data: rows.map((row) => ({
        taskId: row.task_id,
        expiresAt: new Date(row.expires_at).toISOString(),
        service: { type: row.type, name: row.service_name },
        quantity: row.quantity,
        unit: row.unit,
        window: windowOf(row.scheduled_start, row.scheduled_end),
        pickup: {
          address: row.address,
          location: { type: 'Point', coordinates: [row.lng, row.lat] },
        },
        distanceMeters: row.distance_m,
        earnings: driverEarnings(row.amount_kobo, config.driverShare),
      })),
    });
  },
);

const OFFER_CLOSED = 'This offer has expired or was taken';

driverAppRoutes.post('/driver/offers/accept', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { db, now } = c.var.deps;
  const { taskId } = c.req.valid('json');
  const answer = await db.transaction((tx) => acceptOffer(tx, taskId, c.var.driver.id, now()));
  if (answer === 'not-found') throw notFound('Task not found');
  if (answer === 'closed') throw conflict(OFFER_CLOSED);
  return c.json({ data: { taskId, status: 'driver-assigned' } });
});

driverAppRoutes.post('/driver/offers/decline', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { db, now } = c.var.deps;
  const { taskId } = c.req.valid('json');
  const answer = await declineOffer(db, taskId, c.var.driver.id, now());
  if (answer === 'not-found') throw notFound('Task not found');
  if (answer === 'closed') throw conflict(OFFER_CLOSED);
  return c.json({ data: { taskId } });
});

driverAppRoutes.post(
  '/driver/tasks',
  requireRole('driver'),
  jsonBody(emptyDriverSchema, { optional: true }),
  async (c) => {
    const { db, config } = c.var.deps;
    const rows = await selectDriverTasks(db, c.var.driver.id);
    return c.json({
      data: rows.map((row) => ({
        taskId: row.id,
        status: row.status,
        service: { type: row.type, name: row.service_name },
        quantity: row.quantity,
        unit: row.unit,
        window: windowOf(row.scheduled_start, row.scheduled_end),
        address: row.address,
        addressDetails: row.address_details ?? '',
        pin: { type: 'Point', coordinates: [row.lng, row.lat] },
        client: { firstname: row.client_firstname, phone: row.client_phone },
        earnings: driverEarnings(row.amount_kobo, config.driverShare),
        arrivedAt: row.arrived_at ? new Date(row.arrived_at).toISOString() : null,
      })),
    });
  },
);

/**
 * Completed tasks and the driver's share of what their clients finally paid (a weighed refund
 * taken off), today and this week in Lagos (the earnings screen).
 */
driverAppRoutes.post(
  '/driver/earnings',
  requireRole('driver'),
  jsonBody(emptyDriverSchema, { optional: true }),
  async (c) => {
    const { db, config, now } = c.var.deps;
    const at = now();
    const rows = await selectDriverCompletions(db, c.var.driver.id, new Date(lagosWeekStart(at.getTime())));
    const completions = rows.map((row) => ({
      completedAt: new Date(row.completed_at).getTime(),
      earningsKobo: driverShareKobo(row.paid_kobo, config.driverShare),
    }));
    const totals = sumEarnings(completions, at.getTime());
    const naira = (total: { tasks: number; kobo: number }) => ({
      tasks: total.tasks,
      earnings: koboToNaira(total.kobo),
    });
    return c.json({ data: { today: naira(totals.today), week: naira(totals.week) } });
  },
);

driverAppRoutes.post('/driver/tasks/start', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { db } = c.var.deps;
  const { taskId } = c.req.valid('json');
  const started = await db.transaction((tx) => startDriverTask(tx, taskId, c.var.driver.id));
  if (started === 'not-found') throw notFound('Task not found');
  if (started === 'closed') throw conflict('This task cannot be started any more');
  return c.json({ data: { taskId, status: 'on-going' } });
});

driverAppRoutes.post('/driver/tasks/arrived', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { taskId } = c.req.valid('json');
  const arrived = await c.var.deps.db.transaction((tx) => markDriverArrived(tx, taskId, c.var.driver.id));
  if (arrived === 'not-found') throw notFound('Task not found');
  if (arrived === 'closed') throw conflict('This task is not under way');
  return c.json({ data: { taskId, arrived: true } });
});

/** Wrong confirmation codes a driver may type before the task's completion is the operator's. */
export const MAX_CODE_FAILURES = 5;
const LOCKED = 'Too many wrong codes: the operator will complete this task';

type Completion =
  | { kind: 'not-found' }
  | { kind: 'completed' }
  | { kind: 'closed' }
  | { kind: 'locked' }
  | { kind: 'wrong'; left: number }
  | { kind: 'bad-quantity'; message: string }
  | { kind: 'done'; delivered: number; recycling: boolean; refundKobo: number };

/** Only kg and items are weighed or counted; other units are done as booked. */
const MEASURED_UNITS = new Set(['kg', 'items']);

driverAppRoutes.post('/driver/tasks/complete', requireRole('driver'), jsonBody(completeTaskSchema), async (c) => {
  const { db, config, refunder, mailer, log } = c.var.deps;
  const body = c.req.valid('json');
  const driverId = c.var.driver.id;
  // Checked and recorded in one transaction (a wrong code is counted even so: the answer is
  // returned, not thrown, so the count commits); the completion itself is the operator's path.
  const outcome = await db.transaction(async (tx): Promise<Completion> => {
    const task = await lockDriverTask(tx, body.taskId, driverId);
    if (!task) return { kind: 'not-found' };
    if (task.status === 'completed' || task.delivered_quantity !== null) return { kind: 'completed' };
    if (task.status !== 'on-going' && task.status !== 'driver-assigned') return { kind: 'closed' };
    if (task.code_failures >= MAX_CODE_FAILURES) return { kind: 'locked' };
    if (body.code !== task.confirmation_code.trim()) {
      const failures = await countWrongCode(tx, task.id);
      return failures >= MAX_CODE_FAILURES ? { kind: 'locked' } : { kind: 'wrong', left: MAX_CODE_FAILURES - failures };
    }
    const booked = task.quantity;
    const rule = quantityRule(task.unit);
    const measured = rule !== null && MEASURED_UNITS.has(rule.unitWord);
    if (body.quantity > booked)
      return { kind: 'bad-quantity', message: `quantity cannot be more than booked (${booked})` };
    if (measured && rule.unitWord === 'items' && !Number.isInteger(body.quantity))
      return { kind: 'bad-quantity', message: 'quantity must be a whole number of items' };
    const delivered = measured ? Math.round(body.quantity * 1000) / 1000 : booked;
    await recordDeliveredQuantity(tx, task.id, delivered);
    let refundKobo = 0;
    const paid = delivered < booked ? await paidKobo(tx, task.id) : null;
    if (paid) {
      // What the card paid for what was not collected (points spent on the task stay spent).
      refundKobo = Math.floor((paid.kobo * (booked - delivered)) / booked);
      if (refundKobo > 0)
        await openRefund(tx, {
          taskId: task.id,
          reference: paid.reference,
          amountKobo: refundKobo,
          provider: refunder.kind,
        });
    }
    return { kind: 'done', delivered, recycling: serviceKey(task.service_name) === 'recycling', refundKobo };
  });
  if (outcome.kind === 'not-found') throw notFound('Task not found');
  if (outcome.kind === 'completed') throw conflict('This task is completed already');
  if (outcome.kind === 'closed') throw conflict('This task cannot be completed');
  if (outcome.kind === 'locked') throw new HttpError(423, LOCKED);
  if (outcome.kind === 'wrong')
    throw badRequest(`Wrong confirmation code (${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left)`);
  if (outcome.kind === 'bad-quantity') throw badRequest(outcome.message);
  // The operator's completion (`npm run ops -- complete`): status, points on the weighed kg,
  // referral reward, the client's push and receipt.
  const aftercare = { refunder, mailer, log };
  let change: Awaited<ReturnType<typeof setTaskStatus>>;
  try {
    change = await setTaskStatus(db, body.taskId, 'completed', {
      referralReward: config.referralReward,
      aftercare,
      recycledKg: outcome.recycling ? outcome.delivered : undefined,
    });
  } catch (error) {
    // Cancelled between the check and the completion (a client's cancel won): a conflict, not a failure.
    if (error instanceof OpsError) throw conflict(error.message);
    throw error;
  }
  if (outcome.refundKobo > 0) await startRefund(db, aftercare, body.taskId);
  return c.json({
    data: {
      taskId: body.taskId,
      status: 'completed',
      quantity: outcome.delivered,
      refund: koboToNaira(outcome.refundKobo),
      pointsEarned: change.pointsEarned,
    },
  });
});

/** Points older than this are kept for the route but do not move the driver's current position. */
export const FRESH_POSITION_MINUTES = 10;
/** A phone's clock a little ahead is fine; a point further in the future moves nothing. */
const CLOCK_SKEW_MS = 2 * 60_000;

driverAppRoutes.post('/driver/positions', requireRole('driver'), jsonBody(positionsSchema), async (c) => {
  const { db, now } = c.var.deps;
  const { points } = c.req.valid('json');
  const receivedAt = now();
  const added = await db.transaction((tx) =>
    recordPositions(
      tx,
      c.var.driver.id,
      points.map((point) => ({ ...point, at: new Date(point.at) })),
      {
        receivedAt,
        freshSince: new Date(receivedAt.getTime() - FRESH_POSITION_MINUTES * 60_000),
        latest: new Date(receivedAt.getTime() + CLOCK_SKEW_MS),
      },
    ),
  );
  return c.json({ data: { received: points.length, added } });
});

const TOO_MANY_MESSAGES = 'Too many messages. Please wait a moment and try again.';
const CHAT_FULL = 'This chat is full. Please call the client instead.';

/** The client's thread from the driver's side: the same pages (server/routes/chat.ts). */
driverAppRoutes.post('/driver/getMessages', requireRole('driver'), jsonBody(getMessagesSchema), async (c) => {
  const { db } = c.var.deps;
  const body = c.req.valid('json');
  if (!(await isDriversChat(db, body.taskId, c.var.driver.id))) throw notFound('Task not found');
  const thread = await readDriverThread(db, {
    taskId: body.taskId,
    ...(body.since ? { since: body.since } : {}),
    ...(body.before ? { before: body.before } : {}),
  });
  return jsonResponse(c, { data: thread });
});

/** Exactly once per clientId and limited like the client's; the client gets the chat push. */
driverAppRoutes.post('/driver/sendingMessages', requireRole('driver'), jsonBody(driverSendMessageSchema), async (c) => {
  const { db, limiter, limits } = c.var.deps;
  const driverId = c.var.driver.id;
  const body = c.req.valid('json');
  if (!(await isDriversChat(db, body.taskId, driverId))) throw notFound('Task not found');
  const allowed = await limiter.takeAll([
    [`chat:driver:${driverId}`, limits.chatPerUser],
    [`chat:task:${body.taskId}`, limits.chatPerTask],
  ]);
  if (!allowed) throw tooManyRequests(TOO_MANY_MESSAGES);
  const sent = await insertMessageOnce(db, {
    id: randomUUID(),
    taskId: body.taskId,
    sender: 'driver',
    content: body.content,
    clientId: body.clientId ?? null,
  });
  if ('full' in sent) throw tooManyRequests(CHAT_FULL);
  return c.json({ data: sent.message }, sent.created ? 201 : 200);
});
