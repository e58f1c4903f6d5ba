/**
 * A task's life, whichever app asks (docs/lifecycle.md). Every transition is one transaction:
 * it locks the task's row, asks the table (`transitions.ts`) whether the caller may make it from
 * the state it finds, and writes the status, the bell's event, the money (refunds, extras, fees,
 * points, the driver's earnings) and the audit row together; it answers what it wrote. Calls to
 * outside services (the refund's provider, the receipt's mail) run after the commit.
 *
 * Driver steps are idempotent: a resend after a lost answer gets the first answer.
 */
import { notifyDriver } from '../db/driver-push';
import type { CancelReason, TaskStatus } from '../../src/shared/contract';
import { formatDistance, haversineMeters } from '../../src/shared/geo';
import { formatNaira, koboToNaira, nairaToKobo, timesQuantity } from '../../src/shared/money';
import { measureProblem, measureRule, quantityText, roundToStep } from '../../src/shared/quantity';
import { mailReceipt } from './receipt';
import { startRefund } from '../payments/refunds';
import type { AftercareServices } from './aftercare';
import { type AuditActor, writeAudit } from '../db/audit';
import type { Db, Queryable } from '../db/connection';
import { markCodeEntered } from '../db/driver-tasks';
import { noteNewDriver } from '../db/ops';
import { claimReferralReward, countCompletedTasks, creditReferrer } from '../db/ops';
import { claimPaymentUse } from '../db/payments';
import { lockedAllowanceLeft } from '../db/plan-usage';
import { addPoints, givePointsBack } from '../db/points';
import { serviceRuleForTask } from '../db/pricing';
import { hasTaskPhoto } from '../db/task-photos';
import { openRefund } from '../db/refunds';
import { insertExtraEvent, insertStatusEvent } from '../db/task-events';
import * as sql from '../db/task-lifecycle';
import { TaskRefused, taskNotFound } from './errors';
import { cancelFeeKobo, earningsFor, extraFor, returnedFor } from './settle';
import { type Actor, TRANSITIONS, type Transition, refusal } from './transitions';

/** A driver's completion of a service that requires photo proof, without the photo. */
export const PHOTO_REQUIRED = 'Take the pickup photo before completing';

export interface LifecycleDeps extends AftercareServices {
  db: Db;
  config: { driverShare: number; referralRewardKobo: number; cancelFeeKobo: number; arrivalRadiusM: number };
  now: () => Date;
}

/** Who asks, with their account where the transition needs it and the audit row's actor for staff. */
export interface Caller {
  actor: Actor;
  driverId?: string;
  userId?: string;
  audit?: AuditActor;
}

/** How long a driver's newest position may be old for 'I've arrived'. */
export const ARRIVAL_POSITION_MAX_AGE_MS = 2 * 60_000;
/** Wrong confirmation codes a driver may type before the task's completion is the operator's. */
export const MAX_CODE_FAILURES = 5;
export const OFFER_CLOSED = 'This offer has expired or was taken';
export const FINISH_FIRST = 'Finish your current pickup first';

/** A refusal found under the lock is returned, not thrown, so what it wrote (a wrong code's count) commits. */
type Outcome<T> = T | TaskRefused;

const JOINED = Symbol('joined');

/**
 * The lifecycle inside a transaction the caller holds (the demo simulator's tick): its steps
 * run in `tx`, and the calls after the commit (refunds, receipts) are the caller's to make.
 */
export function joined(tx: Queryable): Db {
  const inside = {
    query: tx.query.bind(tx),
    transaction: (work: (inner: Queryable) => unknown) => work(tx),
    [JOINED]: true,
  };
  return inside as unknown as Db;
}

const commitsItself = (db: Db) => !(JOINED in db);

async function transact<T>(db: Db, work: (tx: Queryable) => Promise<Outcome<T>>): Promise<T> {
  const outcome = await db.transaction(work);
  if (outcome instanceof TaskRefused) throw outcome;
  return outcome;
}

async function locked(tx: Queryable, taskId: string): Promise<sql.LifecycleRow> {
  const task = await sql.lockLifecycleRow(tx, taskId);
  if (!task) throw taskNotFound();
  return task;
}

/** The table's answer for this caller and state, as a refusal to return (or null). */
function check(transition: Transition, caller: Caller, status: TaskStatus): TaskRefused | null {
  const refused = refusal(transition, caller.actor, status);
  return refused ? new TaskRefused(refused.kind === 'forbidden' ? 403 : 409, refused.message) : null;
}

/** Whether the caller's kind may make the transition at all: asked before anything else, a resend's answer included. */
function checkRole(transition: Transition, caller: Caller): TaskRefused | null {
  return TRANSITIONS[transition].by.includes(caller.actor) ? null : check(transition, caller, 'pending');
}

/** A driver acts only on their own task: someone else's is not found. */
function ownedByDriver(task: sql.LifecycleRow, caller: Caller): boolean {
  return caller.actor !== 'driver' || (caller.driverId !== undefined && task.driver_id === caller.driverId);
}

function ownedByClient(task: sql.LifecycleRow, caller: Caller): TaskRefused | null {
  if (caller.actor !== 'client') return null;
  return task.user_id === caller.userId ? null : new TaskRefused(403, 'This task is not yours');
}

async function audit(tx: Queryable, caller: Caller, action: string, taskId: string, before: unknown, after: unknown) {
  if (caller.audit) await writeAudit(tx, caller.audit, { action, subject: `task:${taskId}`, before, after });
}

const unitPriceOf = (task: sql.LifecycleRow) =>
  task.unit_price_kobo ?? Math.round(task.amount_kobo / Math.max(1, task.quantity - task.covered_quantity));

/**
 * What the catalog says of the task's service (docs/lifecycle.md): whether it is weighed or
 * counted at the door (then by the unit's steps, up to the catalog's maximum), and the recycle
 * tokens a kg collected earns. A service no longer in the catalog is done as booked.
 */
async function serviceOf(tx: Queryable, task: sql.LifecycleRow) {
  const rule = await serviceRuleForTask(tx, task.id);
  const steps = rule?.weighedAtDoor ? measureRule(task.unit) : null;
  const measure = steps && rule?.max ? { ...steps, max: Math.min(steps.max, rule.max) } : steps;
  const perKg = measure?.unitWord === 'kg' ? (rule?.pointsPerKg ?? 0) : 0;
  return {
    key: rule?.key ?? null,
    measure,
    pointsPerKgKobo: perKg > 0 ? nairaToKobo(perKg) : 0,
    pickupPhoto: rule?.pickupPhoto ?? 'off',
  };
}

/** Why `quantity` cannot be recorded as weighed or counted under `measure`, or null when it can. */
function measuredProblem(unit: string, measure: ReturnType<typeof measureRule>, quantity: number): string | null {
  if (!measure) return 'This service is done as booked: it is not weighed or counted';
  if (quantity > measure.max) return `quantity must be at most ${measure.max} ${measure.unitWord}`;
  return measureProblem(unit, quantity);
}

// ---- a driver for the task ----

/** A driver takes the offer made to them. */
export async function accept(deps: LifecycleDeps, taskId: string, caller: Caller & { driverId: string }) {
  return transact(deps.db, async (tx) => {
    const task = await sql.lockLifecycleRow(tx, taskId);
    if (!task) return taskNotFound();
    const notDriver = checkRole('accept', caller);
    if (notDriver) return notDriver;
    // A resend after a lost answer: the task is theirs already.
    if (task.driver_id === caller.driverId && (task.status === 'driver-assigned' || task.status === 'on-going'))
      return { taskId, status: task.status };
    if (!(await sql.wasOfferedTo(tx, taskId, caller.driverId))) return taskNotFound();
    const refused = check('accept', caller, task.status);
    if (refused || task.driver_id !== null) return new TaskRefused(409, OFFER_CLOSED);
    if (await sql.driverHoldsTask(tx, caller.driverId, taskId)) return new TaskRefused(409, FINISH_FIRST);
    if (!(await sql.takeOpenOffer(tx, taskId, caller.driverId, deps.now()))) return new TaskRefused(409, OFFER_CLOSED);
    await sql.writeDriver(tx, taskId, caller.driverId);
    await insertStatusEvent(tx, taskId, 'driver-assigned');
    await noteNewDriver(tx, taskId, caller.driverId);
    return { taskId, status: 'driver-assigned' as TaskStatus };
  });
}

/**
 * An operator, the command line or dispatch gives the task a driver. `requireFree` (the
 * console): the driver must be active and online; every caller but the command line is refused a
 * driver who holds another task.
 */
export async function assign(
  deps: LifecycleDeps,
  taskId: string,
  driverId: string,
  caller: Caller,
  options: { unavailable?: (tx: Queryable) => Promise<string | null>; onlyWaiting?: boolean } = {},
): Promise<{ taskId: string; status: TaskStatus; changed: boolean }> {
  return transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    const refused = check('assign', caller, task.status);
    if (refused) return refused;
    // Dispatch gives only a task still waiting (an operator may have been quicker).
    if (options.onlyWaiting && (task.status !== 'pending' || task.driver_id !== null))
      return new TaskRefused(409, 'This task has a driver already');
    if (task.extra_status === 'paid' && task.driver_id !== driverId)
      return new TaskRefused(409, 'The client paid an extra to this driver: complete or cancel the task instead');
    if (caller.actor !== 'cli' && (await sql.driverHoldsTask(tx, driverId, taskId)))
      return new TaskRefused(409, 'This driver is on another task');
    const problem = options.unavailable ? await options.unavailable(tx) : null;
    if (problem) return new TaskRefused(409, problem);
    const changed = task.status !== 'driver-assigned' || task.driver_id !== driverId;
    await sql.writeDriver(tx, taskId, driverId);
    await sql.withdrawOpenOffers(tx, taskId);
    await audit(
      tx,
      caller,
      'task.assign',
      taskId,
      { status: task.status, driverId: task.driver_id },
      { status: 'driver-assigned', driverId },
    );
    if (changed) await insertStatusEvent(tx, taskId, 'driver-assigned');
    if (task.driver_id !== driverId) await notifyDriver(tx, driverId, { kind: 'assigned', taskId });
    // The driver it was taken from must not keep going there.
    if (task.driver_id && task.driver_id !== driverId)
      await notifyDriver(tx, task.driver_id, { kind: 'withdrawn', taskId, to: 'driver' });
    // A driver change says who is coming now (when another driver wrote in the thread).
    await noteNewDriver(tx, taskId, driverId);
    return { taskId, status: 'driver-assigned' as TaskStatus, changed };
  });
}

/** The driver is taken off the task; dispatch offers it again. */
export async function unassign(deps: LifecycleDeps, taskId: string, caller: Caller) {
  return transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    const notTheirs = checkRole('unassign', caller);
    if (notTheirs) return notTheirs;
    if (task.status === 'pending') return { taskId, status: task.status };
    const refused = check('unassign', caller, task.status);
    if (refused) return refused;
    if (task.extra_status === 'paid')
      return new TaskRefused(409, 'The client paid an extra to this driver: complete or cancel the task instead');
    await sql.writeUnassigned(tx, taskId);
    if (task.driver_id) await notifyDriver(tx, task.driver_id, { kind: 'withdrawn', taskId, to: 'dispatch' });
    await audit(
      tx,
      caller,
      'task.status',
      taskId,
      { status: task.status, driverId: task.driver_id },
      { status: 'pending' },
    );
    await insertStatusEvent(tx, taskId, 'pending');
    return { taskId, status: 'pending' as TaskStatus };
  });
}

// ---- on the way and at the door ----

/** The driver sets off. */
export async function start(deps: LifecycleDeps, taskId: string, caller: Caller) {
  return transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    if (!ownedByDriver(task, caller)) return taskNotFound();
    const notTheirs = checkRole('start', caller);
    if (notTheirs) return notTheirs;
    if (task.status === 'on-going') return { taskId, status: task.status };
    const refused = check('start', caller, task.status);
    if (refused) return new TaskRefused(refused.status as 403 | 409, 'This task cannot be started any more');
    await sql.writeStarted(tx, taskId, deps.now());
    await audit(tx, caller, 'task.status', taskId, { status: task.status }, { status: 'on-going' });
    await insertStatusEvent(tx, taskId, 'on-going');
    return { taskId, status: 'on-going' as TaskStatus };
  });
}

/** '29.1 km', '850 m': how far the driver's newest position is from the pin. */
function distanceText(meters: number): string {
  return meters >= 1000 ? `${(meters / 1000).toFixed(1)} km` : formatDistance(meters);
}

/**
 * The driver is at the pin. The driver's own word counts only when their newest stored position,
 * at most 2 minutes old, is within ARRIVAL_RADIUS_M of it; an operator or the command line may
 * say it for them.
 */
export async function arrive(deps: LifecycleDeps, taskId: string, caller: Caller) {
  return transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    if (!ownedByDriver(task, caller)) return taskNotFound();
    const refused = check('arrive', caller, task.status);
    if (refused) return new TaskRefused(refused.status as 403 | 409, 'This task is not under way');
    if (task.arrived_at) return { taskId, arrived: true, arrivedAt: new Date(task.arrived_at).toISOString() };
    const now = deps.now();
    if (caller.actor === 'driver') {
      const newest = await sql.newestPosition(tx, caller.driverId!);
      if (!newest || now.getTime() - new Date(newest.at).getTime() > ARRIVAL_POSITION_MAX_AGE_MS)
        return new TaskRefused(409, 'Your position is not known yet: turn on location and try again in a moment');
      const meters = haversineMeters(newest, { lat: task.lat, lng: task.lng });
      if (meters > deps.config.arrivalRadiusM) {
        // Kept (the refusal is returned, so it commits): the dispatcher sees it in Needs attention.
        await sql.writeFarArrival(tx, taskId, now, meters);
        return new TaskRefused(409, `You are ${distanceText(meters)} from the pickup point`);
      }
    }
    await sql.writeArrived(tx, taskId, now);
    await audit(tx, caller, 'task.arrived', taskId, { arrivedAt: null }, { arrivedAt: now.toISOString() });
    return { taskId, arrived: true, arrivedAt: now.toISOString() };
  });
}

/** The extra as the API says it (naira on the wire). */
export interface ExtraAnswer {
  quantity: number;
  /** What the card owes (naira); 0 when the plan covers it all. */
  amount: number;
  coveredQuantity: number;
  status: 'awaiting' | 'paid' | 'declined';
}

export function extraOf(task: {
  extra_quantity: number | null;
  extra_amount_kobo: number | null;
  extra_covered_quantity: number;
  extra_status: ExtraAnswer['status'] | null;
}): ExtraAnswer | null {
  if (task.extra_quantity === null || task.extra_status === null) return null;
  return {
    quantity: task.extra_quantity,
    amount: koboToNaira(task.extra_amount_kobo ?? 0),
    coveredQuantity: task.extra_covered_quantity,
    status: task.extra_status,
  };
}

const atLeast = (task: sql.LifecycleRow) => quantityText(task.unit, task.quantity);

/**
 * What the driver weighed or counted at the door, after arrival. Above the booking the client
 * owes the difference at the task's unit price (the plan's allowance paying first) and is told
 * at once; the completion then waits for their answer.
 */
export async function weigh(
  deps: LifecycleDeps,
  taskId: string,
  quantity: number,
  caller: Caller & { driverId: string },
): Promise<{ taskId: string; quantity: number; extra: ExtraAnswer | null }> {
  return transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    if (!ownedByDriver(task, caller)) return taskNotFound();
    const refused = check('weigh', caller, task.status);
    if (refused) return refused;
    const { key, measure } = await serviceOf(tx, task);
    const problem = measuredProblem(task.unit, measure, quantity);
    if (problem || !measure) return new TaskRefused(400, problem ?? 'This service is done as booked');
    const weighed = roundToStep(quantity, measure.step);
    if (!task.arrived_at) return new TaskRefused(409, "Say you've arrived before weighing");
    // The same weight again (a resend): the first answer.
    if (task.weighed_quantity !== null && task.weighed_quantity === weighed)
      return { taskId, quantity: weighed, extra: extraOf(task) };
    if (task.extra_status === 'paid')
      return new TaskRefused(
        409,
        `The client paid for ${quantityText(task.unit, task.weighed_quantity ?? weighed)}: the weight cannot change`,
      );
    // By the catalog's key (a service no longer in the catalog is in no plan).
    const allowance = key ? await lockedAllowanceLeft(tx, task.user_id, key, deps.now()) : 0;
    const extra = extraFor({
      bookedQuantity: task.quantity,
      weighedQuantity: weighed,
      unitPriceKobo: unitPriceOf(task),
      // What this task reserved before (a weight corrected) is the task's own again.
      allowanceLeft: allowance + task.extra_covered_quantity,
    });
    const recorded = extra
      ? { ...extra, status: extra.amountKobo === 0 ? ('paid' as const) : ('awaiting' as const) }
      : null;
    await sql.writeWeighed(tx, taskId, { quantity: weighed, extra: recorded, at: deps.now() });
    if (recorded?.status === 'awaiting')
      await insertExtraEvent(tx, taskId, {
        weighed: quantityText(task.unit, weighed),
        booked: atLeast(task),
        amountKobo: recorded.amountKobo,
      });
    const answer = recorded
      ? {
          quantity: recorded.quantity,
          amount: koboToNaira(recorded.amountKobo),
          coveredQuantity: recorded.coveredQuantity,
          status: recorded.status,
        }
      : null;
    return { taskId, quantity: weighed, extra: answer };
  });
}

/**
 * The client pays the extra with a charge the caller verified (`verified`: the provider's
 * confirmed amount): exactly the amount asked, recorded as the charge's one use.
 */
export async function payExtra(
  deps: LifecycleDeps,
  taskId: string,
  payment: { reference: string; amountKobo: number },
  caller: Caller & { userId: string },
): Promise<{ taskId: string; extra: ExtraAnswer }> {
  return transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    const notYours = checkRole('pay-extra', caller) ?? ownedByClient(task, caller);
    if (notYours) return notYours;
    if (task.extra_status === 'paid' && task.extra_reference === payment.reference)
      return { taskId, extra: extraOf(task)! };
    const refused = check('pay-extra', caller, task.status);
    if (refused) return refused;
    if (task.extra_status !== 'awaiting')
      return new TaskRefused(
        409,
        task.extra_status === 'declined'
          ? 'You declined the extra: the driver takes what you booked'
          : task.extra_status === 'paid'
            ? 'The extra is paid already'
            : 'There is no extra to pay for this task',
      );
    if (payment.amountKobo !== task.extra_amount_kobo)
      return new TaskRefused(
        409,
        `The extra is ${formatNaira(task.extra_amount_kobo ?? 0)}: this payment does not match it`,
      );
    const claimed = await claimPaymentUse(tx, {
      reference: payment.reference,
      purpose: 'extra',
      userId: task.user_id,
      amountKobo: payment.amountKobo,
    });
    if (!claimed) return new TaskRefused(409, 'This payment reference was already used');
    await sql.writeExtraAnswer(tx, taskId, { status: 'paid', reference: payment.reference, at: deps.now() });
    return { taskId, extra: { ...extraOf(task)!, status: 'paid' as const } };
  });
}

/** The client declines the extra: the driver takes what was booked; the plan's part is released. */
export async function declineExtra(deps: LifecycleDeps, taskId: string, caller: Caller & { userId: string }) {
  return transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    const notYours = checkRole('decline-extra', caller) ?? ownedByClient(task, caller);
    if (notYours) return notYours;
    if (task.extra_status === 'declined') return { taskId, extra: extraOf(task)! };
    const refused = check('decline-extra', caller, task.status);
    if (refused) return refused;
    if (task.extra_status !== 'awaiting')
      return new TaskRefused(
        409,
        task.extra_status === 'paid' ? 'The extra is paid already' : 'There is no extra to decline for this task',
      );
    await sql.writeExtraAnswer(tx, taskId, { status: 'declined', reference: null, at: deps.now() });
    return { taskId, extra: { ...extraOf(task)!, status: 'declined' as const } };
  });
}

// ---- the end: completed or cancelled ----

export interface Completed {
  taskId: string;
  status: 'completed';
  quantity: number;
  /** The task's unit ('per kg'): what `quantity` counts. */
  unit: string;
  /** What goes back to the card (naira). */
  refund: number;
  /** Points given back (naira-points). */
  pointsReturned: number;
  /** Recycle tokens earned (null: the service earns none). */
  pointsEarned: number | null;
  referralReward: { referrerId: string; amount: number } | null;
}

/** Why `quantity` cannot be collected, with what may be (the driver's 409). */
function collectProblem(task: sql.LifecycleRow, quantity: number): string | null {
  const booked = task.quantity;
  if (task.extra_status === 'paid') {
    const weighed = task.weighed_quantity ?? booked;
    if (quantity > weighed) return `At most ${quantityText(task.unit, weighed)}: what was weighed`;
    if (quantity < weighed && quantity > booked)
      return `The client paid for ${quantityText(task.unit, weighed)}: complete with ${quantityText(task.unit, weighed)}`;
    return null;
  }
  if (quantity <= booked) return null;
  if (task.extra_status === 'awaiting')
    return `The client has not paid for ${quantityText(task.unit, task.weighed_quantity ?? booked)} yet: take at most ${atLeast(task)}, or wait for their answer`;
  if (task.extra_status === 'declined') return `The client declined the extra: take at most ${atLeast(task)}`;
  return `At most ${atLeast(task)}: weigh it first to ask the client for the rest`;
}

/**
 * The task is done. The driver's needs the client's code and their arrival; an operator's or the
 * command line's does not. Per kg or item the quantity is what was collected: less than booked
 * gives back the same share of each way it was paid; more needs the extra paid.
 */
export async function complete(
  deps: LifecycleDeps,
  taskId: string,
  input: { quantity: number; code?: string },
  caller: Caller,
): Promise<Completed> {
  const done = await transact<Completed & { wrote: boolean }>(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    if (!ownedByDriver(task, caller)) return taskNotFound();
    const notTheirs = checkRole('complete', caller);
    if (notTheirs) return notTheirs;
    if (task.status === 'completed' && caller.actor === 'driver')
      return { ...(await completedAnswer(tx, task)), wrote: false };
    const refused = check('complete', caller, task.status);
    if (refused) return refused;
    if (caller.actor === 'driver') {
      if (task.code_failures >= MAX_CODE_FAILURES)
        return new TaskRefused(423, 'Too many wrong codes: the operator will complete this task');
      if ((input.code ?? '').trim() !== task.confirmation_code.trim()) {
        const failures = await sql.countCodeFailure(tx, taskId);
        if (failures >= MAX_CODE_FAILURES)
          return new TaskRefused(423, 'Too many wrong codes: the operator will complete this task');
        const left = MAX_CODE_FAILURES - failures;
        return new TaskRefused(400, `Wrong confirmation code (${left} ${left === 1 ? 'try' : 'tries'} left)`);
      }
      // Operators see that the code was entered, never the code (issue 62).
      await markCodeEntered(tx, taskId);
    }
    const service = await serviceOf(tx, task);
    const rule = service.measure;
    const booked = task.quantity;
    let collected = booked;
    if (rule) {
      const problem = measuredProblem(task.unit, rule, input.quantity);
      if (problem) return new TaskRefused(400, problem);
      collected = roundToStep(input.quantity, rule.step);
      const tooMuch = collectProblem(task, collected);
      if (tooMuch) return new TaskRefused(409, tooMuch);
    }
    if (caller.actor === 'driver' && !task.arrived_at)
      return new TaskRefused(409, "Say you've arrived before completing");
    // The service needs photo proof (docs/driver.md 'Photo proof'); an operator's completion does not.
    if (caller.actor === 'driver' && service.pickupPhoto === 'required' && !(await hasTaskPhoto(tx, taskId)))
      return new TaskRefused(409, PHOTO_REQUIRED);
    const now = deps.now();
    // Less than booked: each way it was paid gives the same share back.
    const paid = await sql.paidParts(tx, taskId);
    const returned = returnedFor(
      {
        bookedQuantity: booked,
        cardKobo: paid.cardKobo,
        pointsKobo: paid.pointsKobo,
        coveredQuantity: task.covered_quantity,
      },
      collected,
    );
    if (returned.cardKobo > 0 && paid.cardReference)
      await openRefund(tx, {
        taskId,
        reference: paid.cardReference,
        kind: 'weighed',
        amountKobo: returned.cardKobo,
        provider: deps.refunder.kind,
      });
    if (returned.pointsKobo > 0)
      await addPoints(tx, { userId: task.user_id, kind: 'refunded', amountKobo: returned.pointsKobo, taskId });
    const perKg = service.pointsPerKgKobo;
    const earnedKobo = perKg > 0 ? timesQuantity(perKg, collected) : 0;
    await sql.writeCompleted(tx, taskId, {
      quantity: collected,
      recycledKg: perKg > 0 ? collected : null,
      coveredReturned: returned.coveredQuantity,
      at: now,
    });
    if (earnedKobo > 0) await addPoints(tx, { userId: task.user_id, kind: 'earned', amountKobo: earnedKobo, taskId });
    if (task.driver_id) {
      const earned = earningsFor({
        bookedQuantity: booked,
        collectedQuantity: collected,
        unitPriceKobo: unitPriceOf(task),
        share: deps.config.driverShare,
      });
      await sql.insertEarning(tx, { driverId: task.driver_id, taskId, kind: 'share', amountKobo: earned.shareKobo });
      await sql.insertEarning(tx, { driverId: task.driver_id, taskId, kind: 'extra', amountKobo: earned.extraKobo });
    }
    await insertStatusEvent(tx, taskId, 'completed');
    await audit(
      tx,
      caller,
      'task.complete',
      taskId,
      { status: task.status, quantity: booked },
      { status: 'completed', quantity: collected, refund: koboToNaira(returned.cardKobo) },
    );
    const referralReward = await rewardReferrer(tx, task.user_id, taskId, deps.config.referralRewardKobo);
    return {
      taskId,
      status: 'completed' as const,
      quantity: collected,
      unit: task.unit,
      refund: koboToNaira(returned.cardKobo),
      pointsReturned: koboToNaira(returned.pointsKobo),
      pointsEarned: perKg > 0 ? koboToNaira(earnedKobo) : null,
      referralReward,
      wrote: true,
    };
  });
  if (done.wrote && commitsItself(deps.db)) {
    await startRefund(deps.db, deps, taskId);
    await mailReceipt(deps.db, deps, taskId);
  }
  const { wrote: _wrote, ...answer } = done;
  return answer;
}

/** The first answer of a completion, read back for a resend. */
async function completedAnswer(tx: Queryable, task: sql.LifecycleRow): Promise<Completed> {
  const money = await sql.completionMoney(tx, task.id);
  return {
    taskId: task.id,
    status: 'completed',
    quantity: task.delivered_quantity ?? task.quantity,
    unit: task.unit,
    refund: koboToNaira(money.refundKobo),
    pointsReturned: koboToNaira(money.pointsReturnedKobo),
    pointsEarned: money.pointsEarnedKobo === null ? null : koboToNaira(money.pointsEarnedKobo),
    referralReward: null,
  };
}

/** A referred client's first completed task credits the referrer once (the answer in naira). */
async function rewardReferrer(tx: Queryable, userId: string, taskId: string, amountKobo: number) {
  if ((await countCompletedTasks(tx, userId, taskId)) > 0) return null;
  const referrerId = await claimReferralReward(tx, userId);
  if (!referrerId) return null;
  await creditReferrer(tx, referrerId, amountKobo);
  return { referrerId, amount: koboToNaira(amountKobo) };
}

export interface Cancelled {
  taskId: string;
  status: 'cancelled';
  /** What goes back to the card or account (naira), the extra's included. */
  refund: number;
  /** What the cancel kept for the driver (naira). */
  fee: number;
}

export interface CancelOrder {
  reason: CancelReason | null;
  note: string;
  /**
   * A staff refund limit, checked under the task's lock with the refund it would give (kobo):
   * answers why not, or null.
   */
  limit?: (tx: Queryable, refundKobo: number) => Promise<TaskRefused | null>;
}

/** What a client's cancel would cost and give back now (the confirmation before it). */
export async function cancelQuote(
  deps: LifecycleDeps,
  taskId: string,
  caller: Caller & { userId: string },
): Promise<{ fee: number; refund: number }> {
  return transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    const notYours = ownedByClient(task, caller);
    if (notYours) return notYours;
    const refused = check('cancel', caller, task.status);
    if (refused) return refused;
    const money = await cancelMoney(tx, deps, task, caller);
    return { fee: koboToNaira(money.feeKobo), refund: koboToNaira(money.cardKobo - money.feeKobo + money.extraKobo) };
  });
}

async function cancelMoney(tx: Queryable, deps: LifecycleDeps, task: sql.LifecycleRow, caller: Caller) {
  const paid = await sql.paidParts(tx, task.id);
  const feeKobo =
    caller.actor === 'client'
      ? cancelFeeKobo({
          status: task.status,
          startedAt: task.started_at ? new Date(task.started_at) : null,
          arrivedAt: task.arrived_at ? new Date(task.arrived_at) : null,
          now: deps.now(),
          feeKobo: deps.config.cancelFeeKobo,
          cardKobo: paid.cardKobo,
        })
      : 0;
  const extraKobo =
    task.extra_status === 'paid' && task.extra_reference ? await sql.extraPaidKobo(tx, task.extra_reference) : 0;
  return { ...paid, feeKobo, extraKobo };
}

/**
 * The task is cancelled: what its card paid goes back less the fee of a client's cancel at the
 * door (the driver earns it), its points in full, an extra's charge in full.
 */
export async function cancel(
  deps: LifecycleDeps,
  taskId: string,
  order: CancelOrder,
  caller: Caller,
): Promise<Cancelled> {
  const done = await transact<Cancelled & { wrote: boolean }>(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    const notYours = checkRole('cancel', caller) ?? ownedByClient(task, caller);
    if (notYours) return notYours;
    if (task.status === 'cancelled' && caller.actor === 'client') {
      const money = await sql.cancelMoneyOf(tx, taskId);
      return {
        taskId,
        status: 'cancelled' as const,
        refund: koboToNaira(money.refundKobo),
        fee: koboToNaira(money.feeKobo),
        wrote: false,
      };
    }
    const refused = check('cancel', caller, task.status);
    if (refused)
      return task.status === 'completed' && caller.actor === 'client'
        ? new TaskRefused(409, 'This task is already done')
        : refused;
    const money = await cancelMoney(tx, deps, task, caller);
    const cardBackKobo = money.cardKobo - money.feeKobo;
    if (order.limit) {
      const overLimit = await order.limit(tx, cardBackKobo + money.extraKobo);
      if (overLimit) return overLimit;
    }
    await sql.writeCancelled(tx, taskId, {
      by: caller.actor === 'client' ? 'client' : caller.actor === 'job' ? 'simulator' : 'operator',
      reason: order.reason,
      note: order.note,
      feeKobo: money.feeKobo,
    });
    await sql.withdrawOpenOffers(tx, taskId);
    if (task.driver_id)
      await notifyDriver(tx, task.driver_id, {
        kind: 'cancelled',
        taskId,
        by: caller.actor === 'client' ? 'client' : 'operator',
        reason: order.reason,
        note: order.note,
      });
    await givePointsBack(tx, taskId);
    if (cardBackKobo > 0 && money.cardReference)
      await openRefund(tx, {
        taskId,
        reference: money.cardReference,
        kind: 'cancel',
        amountKobo: cardBackKobo,
        provider: deps.refunder.kind,
      });
    if (money.extraKobo > 0 && task.extra_reference)
      await openRefund(tx, {
        taskId,
        reference: task.extra_reference,
        kind: 'extra',
        amountKobo: money.extraKobo,
        provider: deps.refunder.kind,
      });
    if (money.feeKobo > 0 && task.driver_id)
      await sql.insertEarning(tx, { driverId: task.driver_id, taskId, kind: 'fee', amountKobo: money.feeKobo });
    // The client who cancelled knows it: their bell and phone are told only of the refund.
    if (caller.actor !== 'client') await insertStatusEvent(tx, taskId, 'cancelled');
    await audit(
      tx,
      caller,
      'task.cancel',
      taskId,
      { status: task.status },
      {
        status: 'cancelled',
        reason: order.note || order.reason,
        refund: koboToNaira(cardBackKobo + money.extraKobo),
        fee: koboToNaira(money.feeKobo),
      },
    );
    return {
      taskId,
      status: 'cancelled' as const,
      refund: koboToNaira(cardBackKobo + money.extraKobo),
      fee: koboToNaira(money.feeKobo),
      wrote: true,
    };
  });
  if (done.wrote && commitsItself(deps.db)) await startRefund(deps.db, deps, taskId);
  const { wrote: _wrote, ...answer } = done;
  return answer;
}

/**
 * A completed task corrected: part of what its card paid goes back, at most what was paid less
 * what was refunded already, with the reason. Once per task.
 */
export async function goodwillRefund(
  deps: LifecycleDeps,
  taskId: string,
  input: { amountKobo: number; reason: string },
  caller: Caller,
): Promise<{ taskId: string; refund: number }> {
  await transact(deps.db, async (tx) => {
    const task = await locked(tx, taskId);
    const refused = check('goodwill-refund', caller, task.status);
    if (refused) return refused;
    const paid = await sql.paidParts(tx, taskId);
    const money = await sql.completionMoney(tx, taskId);
    const leftKobo = paid.cardKobo - money.refundKobo;
    if (!paid.cardReference || leftKobo <= 0) return new TaskRefused(409, 'Nothing paid by card is left to refund');
    if (input.amountKobo > leftKobo) return new TaskRefused(409, `At most ${formatNaira(leftKobo)} is left to refund`);
    const opened = await openRefund(tx, {
      taskId,
      reference: paid.cardReference,
      kind: 'goodwill',
      amountKobo: input.amountKobo,
      provider: deps.refunder.kind,
      note: input.reason,
    });
    if (!opened) return new TaskRefused(409, 'This task had a goodwill refund already');
    await audit(tx, caller, 'task.goodwill-refund', taskId, null, {
      refund: koboToNaira(input.amountKobo),
      reason: input.reason,
    });
    return { taskId };
  });
  await startRefund(deps.db, deps, taskId);
  return { taskId, refund: koboToNaira(input.amountKobo) };
}
