/**
 * What runs on its own (docs/product.md, Plans; docs/notifications.md): the renewal reminder 3 days
 * before a plan ends, the weekly report of the plans that have one (Gold's and Platinum's) each Monday (Lagos), and a scheduled
 * task's push reminder from 18:00 the evening before. Runs on every server; each tick takes an advisory lock and marks what it did in the same
 * transaction, so with N servers each reminder is made once. Mail leaves after the commit.
 */
import { formatLagosDay } from '../../src/shared/display-format';
import { windowText } from '../../src/shared/pickup-windows';
import { PLAN_TAG } from '../../src/shared/push-payload';
import { enqueueTaskNotification, enqueueUserNotification } from '../db/push';
import { ADVISORY_LOCKS, tryTransactionLock } from '../db/advisory-locks';
import type { Queryable } from '../db/connection';
import {
  claimRenewalReminders,
  claimTaskReminders,
  claimWeeklyReports,
  completedByService,
  type WeekRow,
} from '../db/reminders';
import { insertBellEvent } from '../db/task-events';
import type { AppDeps } from '../context';
import type { Mail } from '../notifications/mailer';
import { startRepeating, type Repeating } from '../repeating';

export const RENEWAL_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;

/** `tick()` is false when another server holds the lock. */
export type PlanJobs = Repeating<boolean>;

/** 'Your Bronze plan ends on Fri 5 Dec' (the plan's name as bought). */
export function renewalText(name: string, expiresAt: Date): string {
  return `Your ${name} plan ends on ${formatLagosDay(expiresAt.getTime())}`;
}

/** Plans ending within 3 days and not reminded for this expiry: a bell event and a push each, and the mail to send. */
async function remindRenewals(tx: Queryable, now: Date): Promise<Mail[]> {
  const rows = await claimRenewalReminders(tx, now, new Date(now.getTime() + RENEWAL_NOTICE_MS));
  const mails: Mail[] = [];
  for (const row of rows) {
    const text = renewalText(row.plan_name, new Date(row.subscription_expires_at));
    await insertBellEvent(tx, { userId: row.id }, { kind: 'plan-renewal', message: text });
    await enqueueUserNotification(tx, row.id, 'plan-renewal', { text, tag: PLAN_TAG });
    // An account made by phone alone has no e-mail: the bell and the push tell it.
    if (row.email)
      mails.push({
        to: row.email,
        subject: text,
        text: `Hello ${row.firstname},\n\n${text}. Renew it in the GreenPick app (Home, then Renew) to keep your included pickups.\n\nGreenPick`,
      });
  }
  return mails;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The Monday (Lagos) of the week `now` is in: its date and the instant it began. */
export function lagosWeekStart(now: Date): { date: string; at: Date } {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const daysSinceMonday = (lagos.getUTCDay() + 6) % 7;
  const monday = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - daysSinceMonday * DAY_MS;
  return { date: new Date(monday).toISOString().slice(0, 10), at: new Date(monday - LAGOS_OFFSET_MS) };
}

/** 'Your GreenPick week: 3 pickups, 12.5 kg recycled' and the lines by service. */
export function weeklyReportMail(to: { email: string; firstname: string }, rows: readonly WeekRow[], from: Date): Mail {
  const pickups = rows.reduce((sum, row) => sum + row.pickups, 0);
  const kg = rows.reduce((sum, row) => sum + (row.kg ?? 0), 0);
  const subject = `Your GreenPick week: ${pickups} ${pickups === 1 ? 'pickup' : 'pickups'}, ${Number(kg.toFixed(2))} kg recycled`;
  const lines = rows.map((row) => `- ${row.service_name}: ${row.pickups}`);
  return {
    to: to.email,
    subject,
    text: [
      `Hello ${to.firstname},`,
      '',
      `Your week from ${formatLagosDay(from.getTime())}: ${pickups} completed ${pickups === 1 ? 'pickup' : 'pickups'} and ${Number(kg.toFixed(2))} kg recycled.`,
      ...(lines.length > 0 ? ['', ...lines] : []),
      '',
      'GreenPick',
    ].join('\n'),
  };
}

/** Gold and Platinum holders not yet sent last week's report: mark them, and the mail to send. */
async function weeklyReports(tx: Queryable, now: Date): Promise<Mail[]> {
  const week = lagosWeekStart(now);
  const from = new Date(week.at.getTime() - 7 * DAY_MS);
  const rows = await claimWeeklyReports(tx, week, now);
  const mails: Mail[] = [];
  for (const row of rows) {
    const done = await completedByService(tx, row.id, from, week.at);
    if (row.email) mails.push(weeklyReportMail({ email: row.email, firstname: row.firstname }, done, from));
  }
  return mails;
}

/** From this Lagos hour, tomorrow's scheduled tasks are reminded. */
export const REMINDER_FROM_HOUR = 18;

/** Tasks scheduled for tomorrow (Lagos), once it is evening: each marked and its push reminder queued. */
async function remindScheduledTasks(tx: Queryable, now: Date): Promise<void> {
  const lagos = now.getTime() + LAGOS_OFFSET_MS;
  if (new Date(lagos).getUTCHours() < REMINDER_FROM_HOUR) return;
  const tomorrow = Math.floor(lagos / DAY_MS) * DAY_MS + DAY_MS - LAGOS_OFFSET_MS;
  const rows = await claimTaskReminders(tx, new Date(tomorrow), new Date(tomorrow + DAY_MS), now);
  for (const row of rows) {
    const window = windowText({
      start: new Date(row.scheduled_start).toISOString(),
      end: new Date(row.scheduled_end).toISOString(),
    });
    await enqueueTaskNotification(tx, row.id, 'reminder', { window });
  }
}

export async function runPlanJobsOnce(deps: AppDeps): Promise<boolean> {
  const outcome = await deps.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, ADVISORY_LOCKS.planJobs))) return null;
    const now = deps.now();
    await remindScheduledTasks(tx, now);
    return [...(await remindRenewals(tx, now)), ...(await weeklyReports(tx, now))];
  });
  if (outcome === null) return false;
  for (const mail of outcome) {
    await deps.mailer.send(mail).catch((error: unknown) => {
      deps.log.child({ module: 'plan-jobs' }).warn({ err: error, subject: mail.subject }, 'could not send a mail');
    });
  }
  return true;
}

export function startPlanJobs(deps: AppDeps, options: { intervalMs?: number } = {}): PlanJobs {
  return startRepeating(() => runPlanJobsOnce(deps), {
    intervalMs: options.intervalMs ?? 60_000,
    onError: (error) => deps.log.child({ module: 'plan-jobs' }).error({ err: error }, 'run failed'),
  });
}
