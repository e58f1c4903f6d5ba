/**
 * Tasks: a client's task list and task creation after a card payment. Creation checks the
 * payment (server/payments/check.ts: confirmed, the caller's, the right price or one the
 * client was shown), keeps a charge it cannot use for an operator, and is idempotent by
 * payment reference (the client retries a paid task until the server confirms it).
 */
import { Hono } from 'hono';
import { createTaskSchema, tasksSchema } from '../../src/shared/schemas/tasks';
import type { AppEnv } from '../context';
import { requireClient } from '../http/roles';
import { clientAddress } from '../http/client-address';
import { badRequest, conflict, forbidden, unprocessable } from '../http/errors';
import { isOfferedWindow, type PickupWindow } from '../../src/shared/pickup-windows';
import { type QuantityRule, ruleProblem } from '../../src/shared/quantity';
import { formatKoboAmount, formatNaira, parseNaira, timesQuantity } from '../../src/shared/money';
import { NotEnoughPoints } from '../db/points';
import { jsonBody } from '../http/validator';
import type { Queryable } from '../db/connection';
import { findPaymentUse } from '../db/payments';
import { isInNigeria } from '../../src/shared/geo';
import { isInServiceArea, outsideAreaMessage } from '../../src/shared/service-area';
import { priceForServiceKey } from '../db/pricing';
import { findTaskById, findTaskByReference, listTasksForUser, toTask, type TaskRow } from '../db/tasks';
import {
  PAYMENT_KEPT_SAFE,
  REFERENCE_ALREADY_USED,
  confirmedCharge,
  keepForAttention,
  paymentKeptSafeMessage,
  paymentsLog,
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

/** Offered now, or a moment ago while the client paid. Both: after Lagos midnight a new last day is offered that the list of a moment ago lacks. */
function windowBookable(window: PickupWindow, now: Date): boolean {
  return isOfferedWindow(window, now) || isOfferedWindow(window, new Date(now.getTime() - PAYING_GRACE_MS));
}

/** Why this quantity or window cannot be booked, or null. */
function bookingRefusal(
  rule: QuantityRule | null,
  quantity: number,
  window: PickupWindow | null,
  now: Date,
): string | null {
  const problem = ruleProblem(rule, quantity);
  if (problem) return problem;
  if (window && !windowBookable(window, now))
    return 'This window is no longer available: choose one of the offered 2-hour windows';
  return null;
}

/** Why the plan cannot be asked to cover `covered` of `quantity`, or null: whole steps of the service, within the booking. */
function coveredProblem(rule: QuantityRule | null, quantity: number, covered: number): string | null {
  if (!(covered >= 0 && covered <= quantity)) return 'coveredQuantity must be from 0 to the quantity';
  const step = rule?.step ?? 1;
  // Steps are 0.5 or 1: exact in binary, so the division is too.
  if (!Number.isInteger(covered / step))
    return step === 1
      ? "coveredQuantity must be a whole number of the service's units"
      : `coveredQuantity must be in steps of ${step} ${rule?.unitWord ?? ''}`.trimEnd();
  return null;
}

const normalWindow = (window: PickupWindow): PickupWindow => ({
  start: new Date(window.start).toISOString(),
  end: new Date(window.end).toISOString(),
});

/** Where we serve: the area (GeoJSON MultiPolygon) and its name; public, and cached by the app for offline use. */
taskRoutes.get('/client/service-area', (c) => c.json({ data: c.var.deps.serviceArea }));

taskRoutes.post('/client/task', requireClient(), jsonBody(tasksSchema), async (c) => {
  const callerId = c.var.client.id;
  const { userId } = c.req.valid('json');
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

taskRoutes.post('/client/create', requireClient(), jsonBody(createTaskSchema), async (c) => {
  const { deps } = c.var;
  const { db, now } = deps;
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  if (body.user !== callerId) throw forbidden('You can only create tasks for yourself');
  const [lng, lat] = body.location.coordinates;
  if (!isInNigeria({ lat, lng })) throw badRequest('Location must be in Nigeria');
  const isServed = isInServiceArea({ lat, lng }, deps.serviceArea.area);

  const quantity = body.quantity ?? 1;
  const covered = body.coveredQuantity ?? 0;
  // The schema let through only amounts with at most two decimals: these are exact.
  const pointsKobo = parseNaira(body.pointsUsed ?? 0)!;
  const shownKobo = parseNaira(body.amount)!;
  const service = await priceForServiceKey(db, body.type);
  const coverage = coveredProblem(service.rule, quantity, covered);
  if (coverage) throw badRequest(coverage);
  const refusal = isServed
    ? bookingRefusal(service.rule, quantity, body.scheduledFor ?? null, now())
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

  if (covered === quantity && pointsKobo === 0) {
    // The plan pays it all: no charge to check. The reference still makes a retry idempotent.
    const replay = await findTaskByReference(db, body.reference);
    if (replay?.user_id === callerId) return c.json({ data: toTask(replay) }, 200);
    if (replay || (await findPaymentUse(db, body.reference))) throw conflict(REFERENCE_ALREADY_USED);
    if (refusal) throw unprocessable(refusal);
    const taskId = await fulfilCovered(db, { ...order, amountKobo: 0, unitPriceKobo: service.priceKobo }, now());
    const task = await findTaskByReference(db, body.reference);
    if (!task || task.user_id !== callerId) throw conflict(REFERENCE_ALREADY_USED);
    return c.json({ data: toTask(task) }, taskId ? 201 : 200);
  }

  // A replay answers before any price or provider check: the task is already paid for.
  const replay = await earlierUseOf(db, body.reference, callerId);
  if (replay) return c.json({ data: toTask(replay) }, 200);
  await refuseSettledPayment(db, body.reference);

  const claim = {
    reference: body.reference,
    purpose: 'task' as const,
    userId: callerId,
    request: body,
    address: clientAddress(c),
  };
  /** Keeps the paid charge for an operator and refuses with the reason itself, never the amount's. */
  const refuseKept = async (status: 409 | 422, reason: string, message = reason): Promise<never> => {
    await keepForAttention(deps, claim, reason);
    throw status === 409
      ? conflict(`${message}. ${PAYMENT_KEPT_SAFE}`)
      : unprocessable(`${message}. ${PAYMENT_KEPT_SAFE}`);
  };
  const charge = await confirmedCharge(deps, claim);
  await requirePayer(deps, charge, callerId);
  // How much and when are checked against the paid charge: a charge the server cannot turn into
  // this task is kept for an operator (payments needing attention), never dropped.
  if (await findTaskByReference(db, body.reference)) {
    // The same booking sent at once several times: the winner's task is the answer.
    const winner = await earlierUseOf(db, body.reference, callerId);
    if (winner) return c.json({ data: toTask(winner) }, 200);
    // A covered booking took this reference first (it has a task but no paid use).
    await refuseKept(
      409,
      'The reference was already used by another booking',
      REFERENCE_ALREADY_USED.replace(/\.$/, ''),
    );
  }
  if (refusal) await refuseKept(422, refusal);
  // Points pay at most half of what the plan does not; the card pays the rest.
  const dueKobo = timesQuantity(service.priceKobo, quantity - covered);
  if (pointsKobo * 2 > dueKobo)
    await refuseKept(422, `Points can pay at most half of the booking (${formatNaira(Math.floor(dueKobo / 2))})`);
  const price = await decideTaskPrice(
    db,
    { type: body.type, shownKobo, service, quantity: quantity - covered, pointsKobo },
    charge,
    now(),
  );
  if (price.kind === 'attention') {
    await keepForAttention(deps, claim, price.reason);
    throw badRequest(paymentKeptSafeMessage('service'));
  }
  if (price.honoured)
    paymentsLog(deps).info(
      { reference: body.reference, amountKobo: price.kobo },
      'honoured the price the client was shown',
    );

  let taskId: string | null = null;
  try {
    // Honoured: at the unit price the client was shown (that is what the charge matched).
    const unitPriceKobo = price.honoured ? shownKobo : service.priceKobo;
    taskId = await fulfilTaskOrder(
      db,
      { ...order, pointsKobo, amountKobo: price.kobo + pointsKobo, unitPriceKobo },
      now(),
    );
  } catch (error) {
    const points = formatKoboAmount(pointsKobo);
    if (error instanceof NotEnoughPoints)
      await refuseKept(
        409,
        `Not enough points for the ${points} the booking counted on`,
        `You do not have ${points} points any more`,
      );
    else if (error instanceof NotCovered)
      await refuseKept(409, `${error.message}, not the ${covered} the booking counted on`, error.message);
    // A covered booking took the reference meanwhile.
    else if (isUniqueViolation(error))
      await refuseKept(
        409,
        'The reference was already used by another booking',
        REFERENCE_ALREADY_USED.replace(/\.$/, ''),
      );
    else throw error;
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
