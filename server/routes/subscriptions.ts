/**
 * Subscriptions: a paid plan sets the user's plan and expiry. Verified like a task payment
 * and idempotent by reference: a replay answers the user again without a second extension.
 */
import { Hono } from 'hono';
import { findPlan, planExpiry } from '../../src/shared/plans';
import { subscribeSchema } from '../../src/shared/schemas/subscriptions';
import type { AppEnv } from '../context';
import { authenticate } from '../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { readJson } from '../http/validate';
import type { Queryable } from '../db/connection';
import { claimPaymentUse, findPaymentUse } from '../db/payments';
import { lockUserForUpdate, setSubscription } from '../db/subscriptions';
import { findUserById, toUser, type UserRow } from '../db/users';
import { REFERENCE_ALREADY_USED, nairaToKobo, requireVerifiedPayment } from '../payments/check';

/** The user again when this reference already bought this user's subscription; 409 when it paid for anything else. */
async function earlierUseOf(db: Queryable, reference: string, userId: string): Promise<UserRow | undefined> {
  const use = await findPaymentUse(db, reference);
  if (!use) return undefined;
  if (use.purpose !== 'subscription' || use.userId !== userId) throw conflict(REFERENCE_ALREADY_USED);
  return findUserById(db, userId);
}

export const subscriptionRoutes = new Hono<AppEnv>();

subscriptionRoutes.post('/client/subscribe', async (c) => {
  const { db, payments, now } = c.var.deps;
  const callerId = await authenticate(c);
  const body = await readJson(c, subscribeSchema);
  const plan = typeof body.plan === 'string' ? findPlan(body.plan.trim()) : undefined;
  if (!plan) throw badRequest('Please select a plan');
  if (body.userId !== callerId) throw forbidden('You can only subscribe for yourself');

  const replay = await earlierUseOf(db, body.reference, callerId);
  if (replay) return c.json({ data: toUser(replay) });

  const kobo = nairaToKobo(plan.price);
  await requireVerifiedPayment(payments, body.reference, kobo, 'Payment amount does not match the price of this plan');

  const updated = await db.transaction(async (tx) => {
    if (!(await claimPaymentUse(tx, { reference: body.reference, purpose: 'subscription', userId: callerId, amountKobo: kobo }))) return null;
    const user = await lockUserForUpdate(tx, callerId);
    if (!user) throw notFound('User not found');
    // Buying before the current plan runs out extends it, so no paid day is lost.
    const current = user.subscription_expires_at ? new Date(user.subscription_expires_at) : null;
    const from = current && current > now() ? current : now();
    return setSubscription(tx, callerId, plan.key, planExpiry(plan, from));
  });
  if (updated) return c.json({ data: toUser(updated) });
  const winner = await earlierUseOf(db, body.reference, callerId);
  if (!winner) throw conflict(REFERENCE_ALREADY_USED);
  return c.json({ data: toUser(winner) });
});
