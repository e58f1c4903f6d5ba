-- Book what you need, when you need it (issue 26): how much (in the service's unit; 1 for per
-- pickup and for tasks booked before this) and an optional 2-hour pickup window.
alter table tasks add column quantity numeric(8, 2) not null default 1 check (quantity > 0);
alter table tasks add column scheduled_start timestamptz;
alter table tasks add column scheduled_end timestamptz;
alter table tasks add constraint tasks_window_check
  check ((scheduled_start is null) = (scheduled_end is null) and (scheduled_end is null or scheduled_end > scheduled_start));
create index tasks_scheduled_idx on tasks (scheduled_start) where status = 'pending' and scheduled_start is not null;
