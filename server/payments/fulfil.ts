/**
 * Turning a usable charge into what it paid for, in one transaction with the claim on its
 * reference: a task, or a subscription. Used by the client's calls and by an operator who
 * honours a payment needing attention (`npm run ops -- honour <reference>`).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { planExpiry, type SubscriptionPlan } from '../../src/shared/plans';
import { termsOf } from '../db/plans';
import { markAttentionHonoured } from '../db/attention';
import type { Db, Queryable } from '../db/connection';
import { claimPaymentUse } from '../db/payments';
import { lockUserForUpdate, setSubscription } from '../db/subscriptions';
import { findTaskByReference, insertTask, recordCoveredPlan } from '../db/tasks';
import { lockedAllowanceLeft } from '../db/plan-usage';
import { addPoints } from '../db/points';
import { resumePlanEndedSchedules } from '../db/schedules';
import type { UserRow } from '../db/users';

export interface TaskOrder {
  reference: string;
  userId: string;
  address: string;
  /** House number, gate, landmark ('' when none). */
  addressDetails: string;
  lng: number;
  lat: number;
  type: string;
  serviceName: string;
  unit: string;
  /** What the task costs: what the card and the points paid (0 when the plan pays it all). */
  amountKobo: number;
  /** The unit price it was booked at (the receipt's quantity x unit price). */
  unitPriceKobo: number;
  /** How much, in `unit` (1 for per pickup). */
  quantity: number;
  /** The pickup window; null: as soon as possible. */
  scheduledFor: { start: string; end: string } | null;
  /** What the client's plan pays of `quantity` (0: none); spent here, under the user's lock. */
  coveredQuantity?: number;
  /** Recycle tokens (1 = ₦1 = 100 kobo) the client pays with, in kobo; spent here, with the task. */
  pointsKobo?: number;
}

/** The plan no longer covers what the booking asked it to (another booking spent it first). */
export class NotCovered extends Error {
  constructor(readonly left: number) {
    super(`Your plan covers ${left} more this month`);
  }
}

/** The new task's id; null when the reference was claimed first by another request. */
export async function fulfilTaskOrder(db: Db, order: TaskOrder, now: Date): Promise<string | null> {
  return db.transaction((tx) => fulfilTaskOrderIn(tx, order, now));
}

/**
 * `fulfilTaskOrder` inside the caller's transaction (the recurring pickups' scheduler makes a
 * date's task together with its run): the plan's share is spent under the user's row lock.
 */
export async function fulfilTaskOrderIn(tx: Queryable, order: TaskOrder, now: Date): Promise<string | null> {
  const taskId = randomUUID();
  const covered = order.coveredQuantity ?? 0;
  if (covered > 0) {
    // `type` is the catalog key the booking was priced by.
    const left = await lockedAllowanceLeft(tx, order.userId, order.type, now);
    if (covered > left) throw new NotCovered(left);
  }
  if (covered < order.quantity) {
    // A concurrent duplicate blocks here on the reference's primary key and then loses.
    const claimed = await claimPaymentUse(tx, {
      reference: order.reference,
      purpose: 'task',
      userId: order.userId,
      // What the card paid (refunded through the provider); points come back through the ledger.
      amountKobo: order.amountKobo - (order.pointsKobo ?? 0),
    });
    if (!claimed) return null;
  } else if (await findTaskByReference(tx, order.reference)) return null;
  await insertTask(tx, {
    id: taskId,
    userId: order.userId,
    reference: order.reference,
    address: order.address,
    addressDetails: order.addressDetails,
    lng: order.lng,
    lat: order.lat,
    datetime: now,
    type: order.type,
    serviceName: order.serviceName,
    amountKobo: order.amountKobo,
    unitPriceKobo: order.unitPriceKobo,
    unit: order.unit,
    quantity: order.quantity,
    coveredQuantity: covered,
    scheduledFor: order.scheduledFor,
    confirmationCode: String(randomInt(0, 1_000_000)).padStart(6, '0'),
  });
  if (covered > 0) await recordCoveredPlan(tx, taskId, order.userId);
  // In the task's transaction: a balance too small for them undoes the whole booking.
  if (order.pointsKobo)
    await addPoints(tx, { userId: order.userId, kind: 'spent', amountKobo: -order.pointsKobo, taskId });
  await markAttentionHonoured(tx, order.reference);
  return taskId;
}

/**
 * Sets or extends the plan; null when the reference was claimed first by another request.
 * Buying before the current plan runs out extends it, so no paid day is lost.
 */
export async function fulfilSubscription(
  db: Db,
  order: { reference: string; userId: string; plan: SubscriptionPlan; amountKobo: number },
  now: Date,
): Promise<UserRow | null | 'no-user'> {
  return db
    .transaction(async (tx) => {
      // The user first: the claim's foreign key share-locks the user row, so claiming first
      // would let two purchases at once each wait for the other's lock (a deadlock).
      const user = await lockUserForUpdate(tx, order.userId);
      if (!user) throw new UserGone();
      const claimed = await claimPaymentUse(tx, {
        reference: order.reference,
        purpose: 'subscription',
        userId: order.userId,
        amountKobo: order.amountKobo,
      });
      if (!claimed) return null;
      const current = user.subscription_expires_at ? new Date(user.subscription_expires_at) : null;
      const isRunning = current !== null && current > now;
      const from = isRunning ? current : now;
      const startedAt = isRunning && user.subscription_started_at ? new Date(user.subscription_started_at) : now;
      const updated = await setSubscription(tx, order.userId, termsOf(order.plan), {
        startedAt,
        expiresAt: planExpiry(order.plan, from),
      });
      // Renewing resumes the recurring pickups the plan's end paused (not those the client paused).
      await resumePlanEndedSchedules(tx, order.userId);
      await markAttentionHonoured(tx, order.reference);
      return updated;
    })
    .catch((error: unknown) => {
      if (error instanceof UserGone) return 'no-user' as const;
      throw error;
    });
}

class UserGone extends Error {}
