-- Recurring pickups every week or every 2 weeks, and one date moved to another window (issue 48;
-- docs/product.md, Recurring pickups). starts_on is the schedule's first date: an every-2-weeks
-- schedule runs in the weeks (Monday to Sunday) an even number of weeks from that one. Existing
-- schedules are weekly, so their Lagos creation day is as good a start as any.
alter table schedules add column every_weeks int not null default 1 check (every_weeks in (1, 2));
alter table schedules add column starts_on date;
update schedules set starts_on = ((created_at at time zone 'UTC') + interval '1 hour')::date;
alter table schedules alter column starts_on set not null;
-- A row written without one (by hand, by a test) starts on the database's day.
alter table schedules alter column starts_on set default current_date;

-- One date of a schedule (its own Lagos day, the key the scheduler's run keeps) moved to another
-- 2-hour window; the scheduler makes that date's task for this window instead of its own.
create table schedule_moves (
  schedule_id text not null references schedules(id) on delete cascade,
  date date not null,
  window_start timestamptz not null,
  window_end timestamptz not null check (window_end > window_start),
  created_at timestamptz not null default now(),
  primary key (schedule_id, date)
);
