/**
 * The driver's API (issue 46, docs/driver.md): sign-in, the password change and sign-out, being online,
 * the offers, the tasks, positions and chat. Every route but the sign-in goes through
 * `requireRole('driver')`; a client token is refused there with 403.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { getMessagesSchema } from '../../src/shared/schemas/chat';
import { insertMessageOnce, readDriverThread } from '../db/messages';
import { requireOpenChat } from '../tasks/chat-window';
import { jsonResponse } from '../http/json-response';
import {
  INVALID_DRIVER_LOGIN,
  availabilitySchema,
  completeTaskSchema,
  weighTaskSchema,
  driverSendMessageSchema,
  positionsSchema,
  driverLoginSchema,
  driverPasswordSchema,
  driverTaskSchema,
  driverHistorySchema,
  emptyDriverSchema,
} from '../../src/shared/schemas/driver';
import { normalizePhone } from '../../src/shared/validation/phone';
import { koboToNaira } from '../../src/shared/money';
import {
  type EarnedKobo,
  type PeriodKobo,
  driverShareKobo,
  historySumsSince,
  lagosWeekStart,
  sumHistory,
  taskEarnedKobo,
} from '../../src/shared/driver-rules';
import {
  selectDriverHistory,
  type HistoryRow,
  selectDriverOutcome,
  isDriversChat,
  selectDriverTasks,
} from '../db/driver-tasks';
import type { DriverEarnings, DriverHistoryPage, DriverTaskOutcome } from '../../src/shared/driver-contract';
import { CANCEL_REASONS } from '../../src/shared/task-progress';
import * as lifecycle from '../tasks/lifecycle';
import type { AppEnv } from '../context';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../accounts/passwords';
import {
  changeDriverPassword,
  findDriverAccount,
  findDriverAccountsByPhone,
  noteDriverSignIn,
  lockDriverForPositions,
  noteImplausiblePositions,
  recordPositions,
  selectLastPosition,
  signDriverOut,
} from '../db/drivers';
import { deleteDriverSubscriptions } from '../db/driver-push';
import { declineOffer, markOfferSeen, selectOpenOffers, setDriverOnline } from '../db/dispatch';
import { OFFER_SECONDS } from './dispatch-jobs';
import { screenPositions } from './positions';
import { jsonBody } from '../http/validator';
import { clientAddress } from '../http/client-address';
import { HttpError, badRequest, conflict, notFound, tooManyRequests } from '../http/errors';
import { type DriverEnv, requireRole } from '../http/roles';

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
    await deleteDriverSubscriptions(c.var.deps.db, c.var.driver.id);
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
    const at = now();
    const rows = await selectOpenOffers(db, c.var.driver.id, at);
    return c.json({
      data: rows.map((row) => ({
        taskId: row.task_id,
        expiresAt: new Date(row.expires_at).toISOString(),
        serverNow: at.toISOString(),
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

/**
 * The phone shows the offer (the card, or a tap on its push): it lasts OFFER_SECONDS from now,
 * never past 45 s after it was made. The answer's `serverNow` lets the phone measure its clock.
 */
driverAppRoutes.post('/driver/offers/seen', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { db, now } = c.var.deps;
  const { taskId } = c.req.valid('json');
  const at = now();
  const expiresAt = await markOfferSeen(db, taskId, c.var.driver.id, at, OFFER_SECONDS);
  if (!expiresAt) throw conflict(lifecycle.OFFER_CLOSED);
  return c.json({ data: { taskId, expiresAt: expiresAt.toISOString(), serverNow: at.toISOString() } });
});

driverAppRoutes.post('/driver/offers/accept', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { taskId } = c.req.valid('json');
  const accepted = await lifecycle.accept(c.var.deps, taskId, { actor: 'driver', driverId: c.var.driver.id });
  return c.json({ data: accepted });
});

driverAppRoutes.post('/driver/offers/decline', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { db, now } = c.var.deps;
  const { taskId } = c.req.valid('json');
  const answer = await declineOffer(db, taskId, c.var.driver.id, now());
  if (answer === 'not-found') throw notFound('Task not found');
  if (answer === 'closed') throw conflict(lifecycle.OFFER_CLOSED);
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
        weighedQuantity: row.weighed_quantity === null ? null : row.weighed_quantity,
        extra: lifecycle.extraOf(row),
        photo: row.pickup_photo,
        photoTaken: row.photo_taken,
      })),
    });
  },
);

/**
 * Today and this week in Lagos (the first earnings screen's figures, kept for the clients built
 * against it): the same sums as the history's, from the earnings ledger, so the two never differ.
 */
driverAppRoutes.post(
  '/driver/earnings',
  requireRole('driver'),
  jsonBody(emptyDriverSchema, { optional: true }),
  async (c) => {
    const { db, config, now } = c.var.deps;
    const at = now().getTime();
    const ended = await selectDriverHistory(db, c.var.driver.id, {
      since: new Date(lagosWeekStart(at)),
      limit: 10_000,
    });
    const sums = sumHistory(
      ended.map((row) => ({ endedAt: new Date(row.ended_at).getTime(), earned: earnedOf(row, config.driverShare) })),
      at,
    );
    const naira = (period: PeriodKobo) => ({
      tasks: period.tasks,
      earnings: koboToNaira(period.share + period.fee + period.extra),
    });
    return c.json({ data: { today: naira(sums.today), week: naira(sums.week) } satisfies DriverEarnings });
  },
);

/** A history page's size. */
export const HISTORY_PAGE = 20;

const earningsNaira = (earned: EarnedKobo) => ({
  share: koboToNaira(earned.share),
  fee: koboToNaira(earned.fee),
  extra: koboToNaira(earned.extra),
  total: koboToNaira(earned.share + earned.fee + earned.extra),
});

const earnedOf = (row: HistoryRow, share: number) =>
  taskEarnedKobo(
    {
      status: row.status,
      paidKobo: row.paid_kobo,
      ledger: row.in_ledger ? { share: row.share_kobo, fee: row.fee_kobo, extra: row.extra_kobo } : null,
    },
    share,
  );

/**
 * The driver's completed and cancelled tasks, newest first, a page at a time (`before`: the
 * previous page's olderCursor), each with what it earned: the ledger's share, fee and extra
 * (driver_earnings) or, for a task without rows, today's computation. The first page also has
 * today, this week, this month and the weekly statement.
 */
driverAppRoutes.post('/driver/history', requireRole('driver'), jsonBody(driverHistorySchema), async (c) => {
  const { db, config, now } = c.var.deps;
  const driverId = c.var.driver.id;
  const { before } = c.req.valid('json');
  const [beforeAt, beforeId] = before ? before.split('|') : [];
  const rows = await selectDriverHistory(db, driverId, {
    ...(before ? { before: { at: new Date(beforeAt!), id: beforeId! } } : {}),
    limit: HISTORY_PAGE + 1,
  });
  const page = rows.slice(0, HISTORY_PAGE);
  const oldest = page.at(-1);
  let summary: DriverHistoryPage['summary'] = null;
  if (!before) {
    const at = now().getTime();
    const ended = await selectDriverHistory(db, driverId, { since: new Date(historySumsSince(at)), limit: 10_000 });
    const sums = sumHistory(
      ended.map((row) => ({ endedAt: new Date(row.ended_at).getTime(), earned: earnedOf(row, config.driverShare) })),
      at,
    );
    const total = (period: PeriodKobo) => ({ tasks: period.tasks, ...earningsNaira(period) });
    summary = {
      today: total(sums.today),
      week: total(sums.week),
      month: total(sums.month),
      weeks: sums.weeks.map((week) => ({ start: new Date(week.start).toISOString(), ...total(week) })),
    };
  }
  return c.json({
    data: {
      tasks: page.map((row) => ({
        taskId: row.id,
        status: row.status,
        service: { type: row.type, name: row.service_name },
        quantity: row.delivered_quantity ?? row.quantity,
        unit: row.unit,
        address: row.address,
        endedAt: new Date(row.ended_at).toISOString(),
        earnings: earningsNaira(earnedOf(row, config.driverShare)),
      })),
      olderCursor:
        rows.length > HISTORY_PAGE && oldest ? `${new Date(oldest.ended_at).toISOString()}|${oldest.id}` : null,
      summary,
    } satisfies DriverHistoryPage,
  });
});

driverAppRoutes.post('/driver/tasks/start', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { taskId } = c.req.valid('json');
  return c.json({ data: await lifecycle.start(c.var.deps, taskId, { actor: 'driver', driverId: c.var.driver.id }) });
});

/** 'I've arrived': only near the pin (docs/lifecycle.md); a resend answers the same. */
driverAppRoutes.post('/driver/tasks/arrived', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { taskId } = c.req.valid('json');
  const arrived = await lifecycle.arrive(c.var.deps, taskId, { actor: 'driver', driverId: c.var.driver.id });
  return c.json({ data: { taskId, arrived: arrived.arrived } });
});

/** What was weighed or counted at the door: above the booking the client is asked for the extra. */
driverAppRoutes.post('/driver/tasks/weigh', requireRole('driver'), jsonBody(weighTaskSchema), async (c) => {
  const { taskId, quantity } = c.req.valid('json');
  return c.json({
    data: await lifecycle.weigh(c.var.deps, taskId, quantity, { actor: 'driver', driverId: c.var.driver.id }),
  });
});

/** The client's code and what was collected: the lifecycle's completion (docs/lifecycle.md). */
driverAppRoutes.post('/driver/tasks/complete', requireRole('driver'), jsonBody(completeTaskSchema), async (c) => {
  const body = c.req.valid('json');
  const done = await lifecycle.complete(
    c.var.deps,
    body.taskId,
    { quantity: body.quantity, code: body.code },
    { actor: 'driver', driverId: c.var.driver.id },
  );
  return c.json({
    data: {
      taskId: done.taskId,
      status: done.status,
      quantity: done.quantity,
      unit: done.unit,
      refund: done.refund,
      pointsEarned: done.pointsEarned,
    },
  });
});

/** How a task the driver held ended: a cancel says who, why and what the driver earns from it. */
driverAppRoutes.post('/driver/tasks/outcome', requireRole('driver'), jsonBody(driverTaskSchema), async (c) => {
  const { taskId } = c.req.valid('json');
  const row = await selectDriverOutcome(c.var.deps.db, taskId, c.var.driver.id);
  if (!row) throw notFound('Task not found');
  return c.json({
    data: {
      taskId,
      status: row.status,
      cancelledBy: row.status === 'cancelled' ? row.cancelled_by : null,
      reason:
        row.status === 'cancelled'
          ? row.cancel_note?.trim() || CANCEL_REASONS.find((reason) => reason.value === row.cancel_reason)?.label || ''
          : '',
      earned: koboToNaira(row.earned_kobo),
    } satisfies DriverTaskOutcome,
  });
});

const TOO_MANY_POSITIONS = 'Too many position batches: send them at most every 2 seconds';

/**
 * A batch every 2 s on average per driver (a token bucket shared by every server), taken before
 * the body is read: a refused batch of 500 points costs no parsing (a flood slowed every other call).
 */
const positionsBucket: MiddlewareHandler<DriverEnv> = async (c, next) => {
  const { limiter, limits } = c.var.deps;
  const waitMs = await limiter.takeToken(`positions:driver:${c.var.driver.id}`, limits.positionsPerDriver);
  if (waitMs > 0) throw new HttpError(429, TOO_MANY_POSITIONS, {}, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
  await next();
};

/** Screened (server/dispatch/positions.ts) and stored in one statement; the answer counts what was dropped and refused. */
driverAppRoutes.post(
  '/driver/positions',
  requireRole('driver'),
  positionsBucket,
  jsonBody(positionsSchema),
  async (c) => {
    const { db, now } = c.var.deps;
    const driverId = c.var.driver.id;
    const { points } = c.req.valid('json');
    const receivedAt = now();
    const answer = await db.transaction(async (tx) => {
      await lockDriverForPositions(tx, driverId);
      const screened = screenPositions(
        points.map((point) => ({ ...point, at: new Date(point.at) })),
        await selectLastPosition(tx, driverId),
        receivedAt,
      );
      const refused = screened.refused.tooFast + screened.refused.outsideNigeria;
      if (refused > 0) await noteImplausiblePositions(tx, driverId, refused, receivedAt);
      const added = await recordPositions(tx, driverId, screened.kept, receivedAt);
      return { added, dropped: screened.dropped, refused, reasons: screened.refused };
    });
    return c.json({ data: { received: points.length, ...answer } });
  },
);

const TOO_MANY_MESSAGES = 'Too many messages. Please wait a moment and try again.';
const CHAT_FULL = 'This chat is full. Please call the client instead.';

/** The client's thread from the driver's side: the same pages (server/tasks/chat.routes.ts). */
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
  await requireOpenChat(db, body.taskId, c.var.deps.now());
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
