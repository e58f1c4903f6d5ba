-- What each driver earned, one row per task and kind (issue 61): the task lifecycle writes it in
-- the same transaction as the completion or the cancel that earned it. A driver's balance is the
-- sum of these rows less what was paid out (payouts, issue 65).
--   share       the driver's share of what the client paid for what was collected
--   extra       the driver's share of an extra the client paid at the door
--   fee         the cancel fee of a cancel after the driver set off or arrived
--   adjustment  an operator's correction, with a note
create table driver_earnings (
  id text primary key,
  driver_id text not null references drivers(id) on delete cascade,
  task_id text references tasks(id) on delete set null,
  kind text not null check (kind in ('share', 'extra', 'fee', 'adjustment')),
  amount_kobo bigint not null check (amount_kobo <> 0),
  note text,
  created_at timestamptz not null default now()
);
-- A task earns each kind once (an operator's adjustments may repeat).
create unique index driver_earnings_task_kind on driver_earnings (task_id, kind) where kind <> 'adjustment';
create index driver_earnings_driver_idx on driver_earnings (driver_id, created_at);
