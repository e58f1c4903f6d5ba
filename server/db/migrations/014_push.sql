-- Notifications (issue 28): Web Push subscriptions (one per browser endpoint, i.e. per
-- device, owned by whoever signed in there last), each user's notification switches, and the
-- outbox of pushes and SMS to send. An outbox row is written in the same transaction as the
-- event it tells of; the dispatcher (server/push/dispatcher.ts) claims rows with
-- `for update skip locked`, so N instances on one PostgreSQL send each row once.

create table push_subscriptions (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);

-- No row: every switch on (the defaults).
create table notification_settings (
  user_id text primary key references users(id) on delete cascade,
  driver_updates boolean not null default true,
  chat boolean not null default true,
  receipts boolean not null default true,
  reminders boolean not null default true,
  sms boolean not null default true,
  updated_at timestamptz not null default now()
);

-- One row per (event, device) for pushes, per event for an SMS. A row whose subscription is
-- removed (unsubscribed, logged out, 404/410 from the push service) goes with it.
create table push_outbox (
  id bigserial primary key,
  user_id text not null references users(id) on delete cascade,
  task_id text references tasks(id) on delete cascade,
  kind text not null,
  channel text not null check (channel in ('push', 'sms')),
  subscription_id text references push_subscriptions(id) on delete cascade,
  data jsonb not null default '{}',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index push_outbox_due_idx on push_outbox (next_attempt_at) where sent_at is null and failed_at is null;
create index push_outbox_task_idx on push_outbox (task_id, channel);

-- 'Your driver is arriving' once per task.
create table push_arrivals (
  task_id text primary key references tasks(id) on delete cascade,
  created_at timestamptz not null default now()
);

-- A scheduled task's reminder the evening before its window (server/jobs/plan-jobs.ts), once.
alter table tasks add column reminded_at timestamptz;
