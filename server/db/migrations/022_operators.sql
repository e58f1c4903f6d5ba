-- The operator console (issue 47): staff accounts with a role, signed in by e-mail and password.
-- A one-time password (the admin hands it over) must be changed first; the session version ends
-- older tokens like the clients' and drivers'.
create table operators (
  id text primary key,
  email text not null unique,
  role text not null check (role in ('admin', 'dispatcher', 'support')),
  password_hash text not null,
  must_change_password boolean not null default true,
  session_version integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null
);

-- Settings an admin changes from the console: one row.
create table ops_settings (
  id boolean primary key default true check (id),
  -- The most a support agent may refund by cancelling a task (default ₦20,000).
  support_refund_limit_kobo bigint not null default 2000000 check (support_refund_limit_kobo >= 0)
);
insert into ops_settings (id) values (true);

-- Who changed what: every change to a task, payment, refund, driver, operator or support
-- request by an operator or the CLI ('cli'), with the before and after.
create table audit_log (
  id bigserial primary key,
  at timestamptz not null,
  operator_id text references operators(id) on delete set null,
  actor text not null,
  address text not null,
  action text not null,
  subject text not null,
  before jsonb,
  after jsonb
);
create index audit_log_subject_idx on audit_log (subject, id);

-- A support request an operator closed (answered or not): it leaves the open list.
alter table support_requests add column closed_at timestamptz;
-- A driver an operator deactivated: never offered tasks, cannot sign in.
alter table drivers add column active boolean not null default true;

-- The console reads per task and per driver what the client's screens read per user: when a
-- task entered its status (the board's waiting time) and each driver's tasks.
create index task_events_task_idx on task_events (task_id, kind, status, created_at);
create index tasks_driver_idx on tasks (driver_id, status) where driver_id is not null;
