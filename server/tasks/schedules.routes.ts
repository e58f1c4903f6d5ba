/**
 * Recurring pickups (docs/product.md, Recurring pickups): POST /client/schedules lists the
 * caller's; /create sets one (a running plan that includes the service, a place we serve, the
 * booking's quantity rule, at most MAX_SCHEDULES; every week or every 2 weeks); /pause, /resume,
 * /skip (a date not reached yet, or `unskip`), /move (a date not reached yet to another offered
 * window), /delete. The scheduler (server/tasks/schedule-jobs.ts) makes the tasks.
 */
import { Hono } from 'hono';
import type { ScheduleResponse, SchedulesResponse } from '../../src/shared/contract';
import { isInNigeria } from '../../src/shared/geo';
import type { SubscriptionPlan } from '../../src/shared/plans';
import { ruleProblem } from '../../src/shared/quantity';
import { firstDate, MAX_SCHEDULES, moveWindowProblem, plannedDates } from '../../src/shared/schedules';
import {
  createScheduleSchema,
  moveScheduleDateSchema,
  scheduleActionSchema,
  schedulesSchema,
  skipScheduleSchema,
} from '../../src/shared/schemas/schedules';
import { isInServiceArea, outsideAreaMessage } from '../../src/shared/service-area';
import { serviceDisplayName } from '../../src/shared/service-names';
import type { AppEnv } from '../context';
import type { Queryable } from '../db/connection';
import { subscriptionTerms } from '../db/plans';
import { priceForServiceKey } from '../db/pricing';
import {
  addSkip,
  deleteSchedule,
  findSchedule,
  insertSchedule,
  isSkipped,
  listSchedules,
  lockSchedule,
  movedDatesOf,
  removeMove,
  removeSkip,
  runOutcomes,
  scheduleOf,
  type ScheduleRow,
  setMove,
  setSchedulePaused,
  timesOf,
} from '../db/schedules';
import { findUserById } from '../db/users';
import { requireClient } from '../http/roles';
import { badRequest, notFound, unprocessable } from '../http/errors';
import { jsonBody } from '../http/validator';

export const scheduleRoutes = new Hono<AppEnv>();

export const NEEDS_PLAN = 'Recurring pickups come with a plan. Choose a plan to set one.';

/** The caller's running plan's key, or a 422 telling them a plan is needed. */
/** The running plan's terms, as bought. */
async function runningPlan(db: Queryable, userId: string, now: Date): Promise<SubscriptionPlan> {
  const user = await findUserById(db, userId);
  const expiresAt = user?.subscription_expires_at ? new Date(user.subscription_expires_at) : null;
  const terms = user && expiresAt && expiresAt > now ? await subscriptionTerms(db, user) : undefined;
  if (!terms) throw unprocessable(NEEDS_PLAN);
  return terms;
}

async function ownSchedule(db: Queryable, userId: string, id: string) {
  const row = await findSchedule(db, userId, id);
  if (!row) throw notFound('Schedule not found');
  return row;
}

/** The caller's schedule locked for a change of one date (the scheduler waits, or has reached it). */
async function lockOwnSchedule(tx: Queryable, userId: string, id: string) {
  const row = await lockSchedule(tx, userId, id);
  if (!row) throw notFound('Schedule not found');
  return row;
}

/** The pattern lets '2026-02-30' through: not a day the database can read. */
function checkDay(date: string): void {
  if (
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  )
    throw badRequest('date must be a day like 2026-11-28');
}

/** The date's coming occurrence (its window moved or not), or a 422 saying why it cannot be changed. */
async function comingDate(tx: Queryable, row: ScheduleRow, date: string, now: Date, verb: 'skip' | 'move') {
  const moved = (await movedDatesOf(tx, [row.id], now)).get(row.id) ?? [];
  const planned = plannedDates(timesOf(row), moved, now);
  const coming = planned.find((each) => each.date === date);
  if (!coming) throw unprocessable(`Choose one of the next dates of this pickup (within 4 weeks) to ${verb}`);
  const reached = (await runOutcomes(tx, row.id)).get(date);
  if (reached === 'created') throw unprocessable("This date's pickup is already booked: cancel its task instead");
  if (reached) throw unprocessable('This date was not covered by your plan: no pickup was booked');
  return { coming, planned };
}

scheduleRoutes.post('/client/schedules', requireClient(), jsonBody(schedulesSchema), async (c) => {
  const { db, now } = c.var.deps;
  const callerId = c.var.client.id;
  return c.json({ data: await listSchedules(db, callerId, now()) } satisfies SchedulesResponse);
});

scheduleRoutes.post('/client/schedules/create', requireClient(), jsonBody(createScheduleSchema), async (c) => {
  const { deps } = c.var;
  const { db } = deps;
  const now = deps.now();
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  const plan = await runningPlan(db, callerId, now);
  if (!plan.inclusions.some((inclusion) => inclusion.service === body.type))
    throw unprocessable(`Your ${plan.name} plan does not include ${serviceDisplayName(body.type)}.`);
  const service = await priceForServiceKey(db, body.type);
  const quantity = body.quantity ?? 1;
  const problem = ruleProblem(service.rule, quantity);
  if (problem) throw unprocessable(problem);
  const [lng, lat] = body.location.coordinates;
  if (!isInNigeria({ lat, lng })) throw badRequest('Location must be in Nigeria');
  if (!isInServiceArea({ lat, lng }, deps.serviceArea.area))
    throw unprocessable(outsideAreaMessage(deps.serviceArea.name).replace(/\.$/, ''));
  const row = await db.transaction((tx) =>
    insertSchedule(
      tx,
      {
        userId: callerId,
        type: body.type,
        quantity,
        address: body.address,
        addressDetails: body.addressDetails ?? '',
        lat,
        lng,
        weekdays: body.weekdays,
        windowStartHour: body.windowStartHour,
        everyWeeks: body.everyWeeks ?? 1,
        startsOn: firstDate(body, now),
      },
      MAX_SCHEDULES,
    ),
  );
  if (!row) throw unprocessable(`You can keep up to ${MAX_SCHEDULES} recurring pickups. Delete one to set another.`);
  return c.json({ data: await scheduleOf(db, row, now) } satisfies ScheduleResponse, 201);
});

scheduleRoutes.post('/client/schedules/pause', requireClient(), jsonBody(scheduleActionSchema), async (c) => {
  const { db, now } = c.var.deps;
  const callerId = c.var.client.id;
  const { scheduleId } = c.req.valid('json');
  const row = await ownSchedule(db, callerId, scheduleId);
  // Paused by the plan's end, it stays so (renewing resumes it) unless the client pauses it too.
  const updated = (await setSchedulePaused(db, row.id, 'client')) ?? row;
  return c.json({ data: await scheduleOf(db, updated, now()) } satisfies ScheduleResponse);
});

scheduleRoutes.post('/client/schedules/resume', requireClient(), jsonBody(scheduleActionSchema), async (c) => {
  const { db } = c.var.deps;
  const now = c.var.deps.now();
  const callerId = c.var.client.id;
  const { scheduleId } = c.req.valid('json');
  const row = await ownSchedule(db, callerId, scheduleId);
  await runningPlan(db, callerId, now);
  const updated = (await setSchedulePaused(db, row.id, null)) ?? row;
  return c.json({ data: await scheduleOf(db, updated, now) } satisfies ScheduleResponse);
});

scheduleRoutes.post('/client/schedules/skip', requireClient(), jsonBody(skipScheduleSchema), async (c) => {
  const { db } = c.var.deps;
  const now = c.var.deps.now();
  const callerId = c.var.client.id;
  const { scheduleId, date, unskip } = c.req.valid('json');
  const row = await ownSchedule(db, callerId, scheduleId);
  checkDay(date);
  if (unskip) {
    await removeSkip(db, row.id, date);
    return c.json({ data: await scheduleOf(db, row, now) } satisfies ScheduleResponse);
  }
  await db.transaction(async (tx) => {
    const locked = await lockOwnSchedule(tx, callerId, scheduleId);
    await comingDate(tx, locked, date, now, 'skip');
    await addSkip(tx, locked.id, date);
  });
  return c.json({ data: await scheduleOf(db, row, now) } satisfies ScheduleResponse);
});

scheduleRoutes.post('/client/schedules/move', requireClient(), jsonBody(moveScheduleDateSchema), async (c) => {
  const { db } = c.var.deps;
  const now = c.var.deps.now();
  const callerId = c.var.client.id;
  const { scheduleId, date, window } = c.req.valid('json');
  const row = await ownSchedule(db, callerId, scheduleId);
  checkDay(date);
  const problem = moveWindowProblem(window, now);
  if (problem) throw badRequest(problem);
  const to = { start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString() };
  await db.transaction(async (tx) => {
    const locked = await lockOwnSchedule(tx, callerId, scheduleId);
    if (locked.paused) throw unprocessable('This pickup is paused: resume it to move one of its dates');
    const { coming, planned } = await comingDate(tx, locked, date, now, 'move');
    if (await isSkipped(tx, locked.id, date)) throw unprocessable('This date is skipped: undo the skip to move it');
    const own = coming.movedFrom ?? coming.window;
    // Back to its own window: the move is taken back.
    if (Date.parse(own.start) === Date.parse(to.start)) return removeMove(tx, locked.id, date);
    if (planned.some((each) => each.date !== date && Date.parse(each.window.start) === Date.parse(to.start)))
      throw unprocessable('This pickup already comes in that window: choose another');
    await setMove(tx, locked.id, date, to);
  });
  return c.json({ data: await scheduleOf(db, row, now) } satisfies ScheduleResponse);
});

scheduleRoutes.post('/client/schedules/delete', requireClient(), jsonBody(scheduleActionSchema), async (c) => {
  const { db } = c.var.deps;
  const callerId = c.var.client.id;
  const { scheduleId } = c.req.valid('json');
  const row = await ownSchedule(db, callerId, scheduleId);
  await deleteSchedule(db, row.id);
  return c.json({ data: { deleted: true } });
});
