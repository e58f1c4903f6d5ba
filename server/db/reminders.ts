/**
 * What the plan jobs send (server/payments/plan-jobs.ts): each statement marks what it picks in the
 * same update, so with N servers, each under the jobs' advisory lock, a reminder is made once.
 */
import type { Queryable } from './connection';

export interface RenewalReminderRow {
  id: string;
  /** Null for an account made by phone alone. */
  email: string | null;
  firstname: string;
  subscription_plan: string;
  /** The plan's name as bought (else as it is now; else its key). */
  plan_name: string;
  subscription_expires_at: Date;
}

/** The user's plan's name and flags as bought (users.subscription_terms), else the plan's as it is now. */
const PLAN_NAME = `coalesce(subscription_terms ->> 'name', (select p.name from plans p where p.key = subscription_plan),
  subscription_plan)`;
const HAS_WEEKLY_REPORTS = `coalesce((subscription_terms ->> 'weeklyReports')::boolean,
  (select p.weekly_reports from plans p where p.key = subscription_plan), false)`;

/** Plans ending in (now, until] not reminded for this expiry yet: marked reminded, and returned. */
export function claimRenewalReminders(tx: Queryable, now: Date, until: Date): Promise<RenewalReminderRow[]> {
  return tx.query<RenewalReminderRow>(
    `update users set renewal_reminded_for = subscription_expires_at
      where subscription_plan is not null
        and subscription_expires_at > $1 and subscription_expires_at <= $2
        and renewal_reminded_for is distinct from subscription_expires_at
      returning id, email, firstname, subscription_plan, ${PLAN_NAME} as plan_name, subscription_expires_at`,
    [now, until],
  );
}

export interface WeeklyReportRow {
  id: string;
  email: string | null;
  firstname: string;
  subscription_plan: string;
}

/**
 * Holders of a plan with weekly reports (Gold and Platinum today) whose plan runs at `now`, began before `weekStart` and who were not
 * sent the report of the week starting `weekDate` ('YYYY-MM-DD'): marked sent, and returned.
 */
export function claimWeeklyReports(
  tx: Queryable,
  week: { date: string; at: Date },
  now: Date,
): Promise<WeeklyReportRow[]> {
  return tx.query<WeeklyReportRow>(
    `update users set weekly_report_for = $1
      where subscription_plan is not null and ${HAS_WEEKLY_REPORTS} and subscription_expires_at > $2
        and subscription_started_at < $3
        and (weekly_report_for is null or weekly_report_for < $1)
      returning id, email, firstname, subscription_plan`,
    [week.date, now, week.at],
  );
}

/** One service's line of a weekly report. */
export interface WeekRow {
  service_name: string;
  pickups: number;
  /** Recycled kg, null when none were weighed. */
  kg: number | null;
}

/** The user's tasks completed in [from, to), by service. */
export function completedByService(tx: Queryable, userId: string, from: Date, to: Date): Promise<WeekRow[]> {
  return tx.query<WeekRow>(
    `select service_name, count(*)::int as pickups, sum(recycled_kg) as kg from tasks
      where user_id = $1 and status = 'completed' and completed_at >= $2 and completed_at < $3
      group by service_name order by service_name`,
    [userId, from, to],
  );
}

/** Open tasks scheduled to start in [from, to) and not reminded: marked reminded at `now`, and returned. */
export function claimTaskReminders(
  tx: Queryable,
  from: Date,
  to: Date,
  now: Date,
): Promise<{ id: string; scheduled_start: Date; scheduled_end: Date }[]> {
  return tx.query<{ id: string; scheduled_start: Date; scheduled_end: Date }>(
    `update tasks set reminded_at = $3
      where scheduled_start >= $1 and scheduled_start < $2 and reminded_at is null
        and status in ('pending', 'driver-assigned')
      returning id, scheduled_start, scheduled_end`,
    [from, to, now],
  );
}
