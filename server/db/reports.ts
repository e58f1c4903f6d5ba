/**
 * The admins' daily report (issue 63, docs/operations.md 'The daily report'): sums over the
 * ledgers, per Lagos day (UTC+1 all year) and per driver. Every figure is a sum of one ledger:
 * payment_uses (what clients paid, tasks and plans), refunds (not failed), driver_earnings
 * (migration 025: the drivers' shares; kind 'fee' the cancel fees), points_ledger.
 */
import type { Queryable } from './connection';

const LAGOS_DAY = (column: string) => `((${column} at time zone 'UTC') + interval '1 hour')::date`;

export interface DayFiguresRow {
  day: string;
  revenue_kobo: number;
  refunds_kobo: number;
  fees_kobo: number;
  driver_shares_kobo: number;
  points_credited_kobo: number;
  points_spent_kobo: number;
}

/** One row per day from `from` to `to` (dates, Lagos), zeros on a day with nothing. */
export function selectDayFigures(db: Queryable, from: string, to: string): Promise<DayFiguresRow[]> {
  return db.query<DayFiguresRow>(
    `with days as (select d::date as day from generate_series($1::date, $2::date, interval '1 day') d),
     paid as (select ${LAGOS_DAY('created_at')} as day, sum(amount_kobo) as kobo from payment_uses group by 1),
     refunded as (select ${LAGOS_DAY('created_at')} as day, sum(amount_kobo) as kobo from refunds
                   where status <> 'failed' group by 1),
     earned as (select ${LAGOS_DAY('created_at')} as day, sum(amount_kobo) as kobo,
                       sum(amount_kobo) filter (where kind = 'fee') as fees from driver_earnings group by 1),
     points as (select ${LAGOS_DAY('created_at')} as day,
                       sum(amount_kobo) filter (where amount_kobo > 0) as earned, -sum(amount_kobo) filter (where kind = 'spent') as spent
                  from points_ledger group by 1)
     select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(paid.kobo, 0) as revenue_kobo,
            coalesce(refunded.kobo, 0) as refunds_kobo, coalesce(earned.fees, 0) as fees_kobo,
            coalesce(earned.kobo, 0) as driver_shares_kobo, coalesce(points.earned, 0) as points_credited_kobo,
            coalesce(points.spent, 0) as points_spent_kobo
       from days left join paid on paid.day = days.day left join refunded on refunded.day = days.day
       left join earned on earned.day = days.day left join points on points.day = days.day
      order by days.day`,
    [from, to],
  );
}

/** Tasks booked each day (Lagos) by their state now. */
export function selectTaskStates(db: Queryable, from: string, to: string) {
  return db.query<{ day: string; status: string; tasks: number }>(
    `select to_char(${LAGOS_DAY('created_at')}, 'YYYY-MM-DD') as day, status, count(*)::int as tasks from tasks
      where ${LAGOS_DAY('created_at')} between $1::date and $2::date group by 1, 2 order by 1, 2`,
    [from, to],
  );
}

export interface DriverFiguresRow {
  driver_id: string;
  name: string;
  completed: number;
  shares_kobo: number;
  fees_kobo: number;
}

/** Each driver who completed a task or earned in the range: tasks completed, earnings, fees. */
export function selectDriverFigures(db: Queryable, from: string, to: string): Promise<DriverFiguresRow[]> {
  return db.query<DriverFiguresRow>(
    `with done as (select driver_id, count(*)::int as completed from tasks
                    where status = 'completed' and driver_id is not null
                      and ${LAGOS_DAY('completed_at')} between $1::date and $2::date group by 1),
     earned as (select driver_id, sum(amount_kobo) as kobo, sum(amount_kobo) filter (where kind = 'fee') as fees
                  from driver_earnings where ${LAGOS_DAY('created_at')} between $1::date and $2::date group by 1)
     select d.id as driver_id, d.firstname || ' ' || d.lastname as name, coalesce(done.completed, 0) as completed,
            coalesce(earned.kobo, 0) as shares_kobo, coalesce(earned.fees, 0) as fees_kobo
       from drivers d left join done on done.driver_id = d.id left join earned on earned.driver_id = d.id
      where done.driver_id is not null or earned.driver_id is not null
      order by name, d.id`,
    [from, to],
  );
}
