-- Recurring pickups (issue 29): a plan holder's service, place and quantity on some weekdays in
-- one 2-hour window (docs/product.md, Recurring pickups). The scheduler (server/jobs/schedule-jobs.ts)
-- records each date it reached in schedule_runs, whose key (schedule_id, date) makes a date's
-- task once however many servers run or restart. Deleting a schedule removes its skips and
-- runs, never the tasks it made.
create table schedules (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  type text not null,
  quantity numeric(10, 2) not null check (quantity > 0),
  address text not null,
  address_details text not null default '',
  lat double precision not null,
  lng double precision not null,
  weekdays int[] not null,
  window_start_hour int not null,
  -- null: running; 'client': the client paused it; 'plan-ended': renewing resumes it.
  paused text check (paused in ('client', 'plan-ended')),
  created_at timestamptz not null default now()
);
create index schedules_user_idx on schedules (user_id, created_at, id);

-- Lagos days the client skipped.
create table schedule_skips (
  schedule_id text not null references schedules(id) on delete cascade,
  date date not null,
  created_at timestamptz not null default now(),
  primary key (schedule_id, date)
);

create table schedule_runs (
  schedule_id text not null references schedules(id) on delete cascade,
  date date not null,
  outcome text not null check (outcome in ('created', 'not-covered')),
  task_id text references tasks(id) on delete set null,
  window_start timestamptz not null,
  window_end timestamptz not null,
  at timestamptz not null default now(),
  primary key (schedule_id, date)
);

-- The bell tells of a date the plan no longer covers: no task, so the event keeps the window.
alter table task_events drop constraint task_events_kind_check;
alter table task_events add constraint task_events_kind_check
  check (kind in ('status', 'referral-reward', 'refund', 'support-reply', 'plan-renewal', 'schedule-not-covered'));
alter table task_events add column schedule_id text references schedules(id) on delete set null;
alter table task_events add column scheduled_start timestamptz;
alter table task_events add column scheduled_end timestamptz;

