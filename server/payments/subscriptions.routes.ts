/**
 * Subscriptions: a paid plan sets the user's plan and expiry. Checked like a task payment
 * (server/payments/check.ts; a charge for the wrong amount is kept for an operator) and
 * idempotent by reference: a replay answers the user again without a second extension.
 */
import { Hono } from 'hono';
import type { PlanStatus, PlansResponse, WeekReport } from '../../src/shared/contract';
import { allowanceLeft, planMonth } from '../../src/shared/plans';
import { findPlan, offeredPlans, subscriptionTerms } from '../db/plans';
import { completedBetween, coveredUsage } from '../db/plan-usage';
import { lagosWeekStart } from './plan-jobs';
import { subscribeSchema } from '../../src/shared/schemas/subscriptions';
import type { AppEnv } from '../context';
import { requireClient } from '../http/roles';
import { clientAddress } from '../http/client-address';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { jsonBody } from '../http/validator';
import type { Queryable } from '../db/connection';
import { findPaymentUse } from '../db/payments';
import { findUserById, toUser, type UserRow } from '../db/users';
import {
  REFERENCE_ALREADY_USED,
  confirmedCharge,
  keepForAttention,
  paymentKeptSafeMessage,
  requirePayer,
} from './check';
import { fulfilSubscription } from './fulfil';
import { toPlanItem } from './plan-item';
import { decidePrice } from './price-rule';
import { refuseSettledPayment } from './settled';

/** The user again when this reference already bought this user's subscription; 409 when it paid for anything else. */
async function earlierUseOf(db: Queryable, reference: string, userId: string): Promise<UserRow | undefined> {
  const use = await findPaymentUse(db, reference);
  if (!use) return undefined;
  if (use.purpose !== 'subscription' || use.userId !== userId) throw conflict(REFERENCE_ALREADY_USED);
  return findUserById(db, userId);
}

export const subscriptionRoutes = new Hono<AppEnv>();

/** The plans offered now (the admin's): the subscribe screen's cards (cached for offline use). */
subscriptionRoutes.get('/client/plans', requireClient(), async (c) =>
  c.json({ data: (await offeredPlans(c.var.deps.db)).map(toPlanItem) } satisfies PlansResponse),
);

subscriptionRoutes.post('/client/subscribe', requireClient(), jsonBody(subscribeSchema), async (c) => {
  const { deps } = c.var;
  const { db, now } = deps;
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  // Only a plan offered now is sold, at its price now; the subscription keeps these terms.
  const found = typeof body.plan === 'string' ? await findPlan(db, body.plan) : undefined;
  const plan = found?.active ? found : undefined;
  if (!plan) throw badRequest('Please select a plan');
  if (body.userId !== callerId) throw forbidden('You can only subscribe for yourself');

  const replay = await earlierUseOf(db, body.reference, callerId);
  if (replay) return c.json({ data: toUser(replay) });
  await refuseSettledPayment(db, body.reference);

  const claim = {
    reference: body.reference,
    purpose: 'subscription' as const,
    userId: callerId,
    request: { ...body, plan: plan.key },
    address: clientAddress(c),
  };
  const charge = await confirmedCharge(deps, claim);
  await requirePayer(deps, charge, callerId);
  // A plan has one price at a time (no window of recent prices), so only that price is accepted.
  const price = decidePrice({
    paidKobo: charge.amountKobo,
    currency: charge.currency,
    currentKobo: plan.priceKobo,
    shownKobo: null,
    recentKobo: [],
    fallbackKobo: null,
  });
  if (price.kind === 'attention') {
    await keepForAttention(deps, claim, `${plan.name} plan: ${price.reason}`);
    throw badRequest(paymentKeptSafeMessage('plan'));
  }

  const updated = await fulfilSubscription(
    db,
    { reference: body.reference, userId: callerId, plan, amountKobo: price.kobo },
    now(),
  );
  if (updated === 'no-user') throw notFound('User not found');
  if (updated) return c.json({ data: toUser(updated) });
  const winner = await earlierUseOf(db, body.reference, callerId);
  if (!winner) throw conflict(REFERENCE_ALREADY_USED);
  return c.json({ data: toUser(winner) });
});

/** The running plan and what is left of it this plan month (data: null without one: Freemium). */
subscriptionRoutes.post('/client/plan', requireClient(), async (c) => {
  const { deps } = c.var;
  const callerId = c.var.client.id;
  const user = await findUserById(deps.db, callerId);
  if (!user) throw notFound('User not found');
  const now = deps.now();
  // The terms the subscription was bought with, not the plan as the admin has since changed it.
  const plan = await subscriptionTerms(deps.db, user);
  const expiresAt = user.subscription_expires_at ? new Date(user.subscription_expires_at) : null;
  if (!plan || !expiresAt || expiresAt <= now) return c.json({ data: null });
  const startedAt = user.subscription_started_at ? new Date(user.subscription_started_at) : now;
  const month = planMonth(startedAt, now);
  const used = await coveredUsage(deps.db, callerId, month.start, month.end);
  const status: PlanStatus = {
    plan: plan.key,
    name: plan.name,
    startedAt: startedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    monthStart: month.start.toISOString(),
    monthEnd: month.end.toISOString(),
    allowance: allowanceLeft(plan, used),
    manager: plan.manager ? deps.config.platinumManager : null,
    ...(plan.weeklyReports ? { weeks: await lastWeeks(deps.db, callerId, now) } : {}),
  };
  return c.json({ data: status });
});

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const REPORT_WEEKS = 8;

/** The weekly report's figures for the last 8 weeks (Lagos, Monday to Sunday), this week first. */
async function lastWeeks(db: Queryable, userId: string, now: Date): Promise<WeekReport[]> {
  const thisWeek = lagosWeekStart(now).at.getTime();
  const starts = Array.from({ length: REPORT_WEEKS }, (_, index) => thisWeek - index * WEEK_MS);
  const weeks = starts.map((start) => ({ weekStart: lagosWeekStart(new Date(start)).date, pickups: 0, kg: 0 }));
  const from = new Date(starts[REPORT_WEEKS - 1]!);
  for (const row of await completedBetween(db, userId, from, new Date(thisWeek + WEEK_MS))) {
    const week = weeks[Math.floor((thisWeek + WEEK_MS - 1 - new Date(row.completed_at).getTime()) / WEEK_MS)];
    if (!week) continue;
    week.pickups += 1;
    // Kilograms to 2 decimals (weights, not money: money.ts is for naira).
    week.kg = Number((week.kg + (row.recycled_kg ?? 0)).toFixed(2));
  }
  return weeks;
}
