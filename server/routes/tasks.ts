/**
 * Tasks: a client's task list and task creation after a card payment. Creation checks the
 * payment (server/payments/check.ts: confirmed, the caller's, the right price or one the
 * client was shown), keeps a charge it cannot use for an operator, and is idempotent by
 * payment reference (the client retries a paid task until the server confirms it).
 */
import { Hono } from 'hono';
import { createTaskSchema, tasksSchema } from '../../src/shared/schemas/tasks';
import type { AppEnv } from '../context';
import { authenticate } from '../http/auth';
import { badRequest, conflict, forbidden, unprocessable } from '../http/errors';
import { isOfferedWindow, type PickupWindow } from '../../src/shared/pickup-windows';
import { quantityProblem, totalKobo } from '../../src/shared/quantity';
import { NotEnoughPoints } from '../db/points';
import { readJson } from '../http/validate';
import type { Queryable } from '../db/connection';
import { findPaymentUse } from '../db/payments';
import { isInNigeria } from '../../src/shared/geo';
import { isInServiceArea, outsideAreaMessage } from '../../src/shared/service-area';
import { priceForServiceKey } from '../db/pricing';
import { findTaskById, findTaskByReference, listTasksForUser, toTask, type TaskRow } from '../db/tasks';
import {
  REFERENCE_ALREADY_USED,
  confirmedCharge,
  keepForAttention,
  paymentKeptSafeMessage,
  requirePayer,
} from '../payments/check';
import { NotCovered, fulfilTaskOrder, type TaskOrder } from '../payments/fulfil';
import { isUniqueViolation } from '../db/accounts';
import type { Db } from '../db/connection';
import { refuseSettledPayment } from '../payments/settled';
import { decideTaskPrice } from '../payments/task-price';

export const taskRoutes = new Hono<AppEnv>();

/** A window chosen on the booking screen may have just stopped being offered while the client paid. */
const PAYING_GRACE_MS = 30 * 60 * 1000;

/** Why this quantity or window cannot be booked, or null. */
function bookingRefusal(unit: string, quantity: number, window: PickupWindow | null, now: Date): string | null {
  const problem = quantityProblem(unit, quantity);
  if (problem) return problem;
  if (window && !isOfferedWindow(window, new Date(now.getTime() - PAYING_GRACE_MS)))
    return 'This pickup time is not available: choose one of the offered 2-hour windows';
  return null;
}

const normalWindow = (window: PickupWindow): PickupWindow => ({
  start: new Date(window.start).toISOString(),
  end: new Date(window.end).toISOString(),
});

/** Where we serve: the area (GeoJSON MultiPolygon) and its name; public, and cached by the app for offline use. */
taskRoutes.get('/client/service-area', (c) => c.json({ data: c.var.deps.serviceArea }));

taskRoutes.post('/client/task', async (c) => {
  const callerId = await authenticate(c);
  const { userId } = await readJson(c, tasksSchema);
  // Any other id, known or not, is someone else's: 403 without telling which.
  if (userId !== callerId) throw forbidden('You can only view your own tasks');
  const rows = await listTasksForUser(c.var.deps.db, callerId);
  return c.json({ data: rows.map(toTask) });
});

/** The task a reference already paid for, when this user's replay; 409 when it paid for anything else. */
async function earlierUseOf(db: Queryable, reference: string, userId: string): Promise<TaskRow | undefined> {
  const use = await findPaymentUse(db, reference);
  if (!use) return undefined;
  const task = use.purpose === 'task' && use.userId === userId ? await findTaskByReference(db, reference) : undefined;
  if (!task) throw conflict(REFERENCE_ALREADY_USED);
  return task;
}

taskRoutes.post('/client/create', async (c) => {
  const { deps } = c.var;
  const { db, now } = deps;
  const callerId = await authenticate(c);
  const body = await readJson(c, createTaskSchema);
  if (body.user !== callerId) throw forbidden('You can only create tasks for yourself');
  const [lng, lat] = body.location.coordinates;
  if (!isInNigeria({ lat, lng })) throw badRequest('Location must be in Nigeria');
  const isServed = isInServiceArea({ lat, lng }, deps.serviceArea.area);

  const quantity = body.quantity ?? 1;
  const covered = body.coveredQuantity ?? 0;
  if (!(covered >= 0 && covered <= quantity)) throw badRequest('coveredQuantity must be from 0 to the quantity');
  const pointsUsed = body.pointsUsed ?? 0;
  if (!(pointsUsed >= 0 && Number.isInteger(pointsUsed * 100)))
    throw badRequest('pointsUsed must be a number of tokens, 0 or more');
  const service = await priceForServiceKey(db, body.type);
  const refusal = isServed
    ? bookingRefusal(service.unit, quantity, body.scheduledFor ?? null, now())
    : outsideAreaMessage(deps.serviceArea.name).replace(/\.$/, '');
  const order = {
    reference: body.reference,
    userId: callerId,
    address: body.address,
    addressDetails: body.addressDetails ?? '',
    lng,
    lat,
    type: body.type,
    serviceName: service.serviceName,
    unit: service.unit,
    quantity,
    coveredQuantity: covered,
    scheduledFor: body.scheduledFor ? normalWindow(body.scheduledFor) : null,
  };

  if (covered === quantity && pointsUsed === 0) {
    // The plan pays it all: no charge to check. The reference still makes a retry idempotent.
    const replay = await findTaskByReference(db, body.reference);
    if (replay?.user_id === callerId) return c.json({ data: toTask(replay) }, 200);
    if (replay || (await findPaymentUse(db, body.reference))) throw conflict(REFERENCE_ALREADY_USED);
    if (refusal) throw unprocessable(refusal);
    const taskId = await fulfilCovered(db, { ...order, amount: 0 }, now());
    const task = await findTaskByReference(db, body.reference);
    if (!task || task.user_id !== callerId) throw conflict(REFERENCE_ALREADY_USED);
    return c.json({ data: toTask(task) }, taskId ? 201 : 200);
  }

  // A replay answers before any price or provider check: the task is already paid for.
  const replay = await earlierUseOf(db, body.reference, callerId);
  if (replay) return c.json({ data: toTask(replay) }, 200);
  await refuseSettledPayment(db, body.reference);

  const claim = { reference: body.reference, purpose: 'task' as const, userId: callerId, request: body };
  const charge = await confirmedCharge(deps, claim);
  await requirePayer(deps, charge, callerId);
  // How much and when are checked against the paid charge: a charge the server cannot turn into
  // this task is kept for an operator (payments needing attention), never dropped.
  if (refusal) {
    await keepForAttention(deps, claim, refusal);
    throw unprocessable(`${refusal}. ${paymentKeptSafeMessage('service')}`);
  }
  // Points pay at most half of what the plan does not; the card pays the rest.
  const dueKobo = totalKobo(service.price, quantity - covered);
  if (pointsUsed * 100 > dueKobo / 2) {
    const reason = `Points can pay at most half of the booking (${Math.floor(dueKobo / 200)} tokens)`;
    await keepForAttention(deps, claim, reason);
    throw unprocessable(`${reason}. ${paymentKeptSafeMessage('service')}`);
  }
  const price = await decideTaskPrice(
    db,
    { type: body.type, shownNaira: body.amount, service, quantity: quantity - covered, pointsKobo: pointsUsed * 100 },
    charge,
    now(),
  );
  if (price.kind === 'attention') {
    await keepForAttention(deps, claim, price.reason);
    throw badRequest(paymentKeptSafeMessage('service'));
  }
  if (price.honoured)
    deps.log(`[payments] ${body.reference}: honoured the price the client was shown (${price.kobo / 100} naira)`);

  let taskId: string | null;
  try {
    taskId = await fulfilTaskOrder(db, { ...order, pointsUsed, amount: price.kobo / 100 + pointsUsed }, now());
  } catch (error) {
    if (error instanceof NotEnoughPoints) {
      await keepForAttention(deps, claim, `Not enough points for the ${pointsUsed} the booking counted on`);
      throw conflict(`You do not have ${pointsUsed} points any more. ${paymentKeptSafeMessage('service')}`);
    }
    if (!(error instanceof NotCovered)) throw error;
    await keepForAttention(deps, claim, `${error.message}, not the ${covered} the booking counted on`);
    throw conflict(`${error.message}. ${paymentKeptSafeMessage('service')}`);
  }
  if (taskId) return c.json({ data: toTask((await findTaskById(db, taskId))!) }, 201);
  const winner = await earlierUseOf(db, body.reference, callerId);
  if (!winner) throw conflict(REFERENCE_ALREADY_USED);
  return c.json({ data: toTask(winner) }, 200);
});

/** A booking the plan pays in full: 409 when the plan has less left than it asks (nothing was charged). */
async function fulfilCovered(db: Db, order: TaskOrder, now: Date): Promise<string | null> {
  try {
    return await fulfilTaskOrder(db, order, now);
  } catch (error) {
    if (error instanceof NotCovered) throw conflict(`${error.message}: pay for this booking instead`);
    // Two retries of one covered booking at once: the reference is unique, the second finds the first.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
