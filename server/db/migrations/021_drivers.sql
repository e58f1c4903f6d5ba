-- Drivers sign in (issue 46): a one-time password the operator hands over, changed at the
-- first sign-in; a session version like the clients', so a new password ends older tokens.
alter table drivers add column password_hash text;
alter table drivers add column must_change_password boolean not null default true;
alter table drivers add column session_version integer not null default 0;
-- Set at a driver's first sign-in: the demo simulator leaves such a driver alone.
alter table drivers add column signed_in_at timestamptz;
-- The demo's drivers (server/db/demo.ts): the only ones the simulator plays.
alter table drivers add column demo boolean not null default false;
-- Offers go only to drivers who said they are working.
alter table drivers add column online boolean not null default false;

-- Dispatch: one open offer of a task at a time (the partial unique index), each answered once.
create table task_offers (
  id text primary key,
  task_id text not null references tasks(id) on delete cascade,
  driver_id text not null references drivers(id) on delete cascade,
  offered_at timestamptz not null,
  expires_at timestamptz not null,
  -- null while open; then 'accepted', 'declined', 'expired' or 'taken' (assigned otherwise).
  outcome text check (outcome in ('accepted', 'declined', 'expired', 'taken')),
  distance_m integer not null
);
create unique index task_offers_one_open on task_offers (task_id) where outcome is null;
create index task_offers_driver_idx on task_offers (driver_id, outcome);
create index task_offers_task_idx on task_offers (task_id, driver_id);

-- When dispatch first offered the task, so that after 10 minutes without an acceptance it goes
-- to the operator; and when it gave up, so it is flagged once.
alter table tasks add column dispatch_started_at timestamptz;
alter table tasks add column dispatch_gave_up_at timestamptz;
-- Wrong confirmation codes a driver typed: at 5 the task's completion is the operator's.
alter table tasks add column code_failures integer not null default 0;
-- The quantity the driver weighed or counted at completion (null until then).
alter table tasks add column delivered_quantity numeric(14, 3);

-- The driver's positions as sent, once each (a replayed batch adds nothing).
create table driver_positions (
  driver_id text not null references drivers(id) on delete cascade,
  at timestamptz not null,
  lat double precision not null,
  lng double precision not null,
  accuracy double precision not null,
  received_at timestamptz not null,
  primary key (driver_id, at)
);
