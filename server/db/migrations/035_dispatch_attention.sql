-- Issue 63: dispatch never gives up on a waiting task (it widens its radius instead), a task
-- waiting too long shows in the board's Needs attention lane, and its client is told once.
--   drivers_busy_told_at  when the client was told 'Drivers are busy near you' (the push, once)
--   keep_waiting_at       when the client chose 'Keep waiting' (the prompt then stays away)
alter table tasks add column drivers_busy_told_at timestamptz;
alter table tasks add column keep_waiting_at timestamptz;
-- Tasks dispatch gave up on before go back to it; their Payments entries were never money problems.
update tasks set dispatch_gave_up_at = null where dispatch_gave_up_at is not null and status = 'pending';
update payments_needing_attention set settled_at = now(), settlement = 'back in dispatch: the board''s Needs attention'
  where reason = 'no driver accepted' and settled_at is null;
-- The board and dispatch read the open tasks only.
create index tasks_open_idx on tasks (status, scheduled_start, created_at)
  where status in ('pending', 'driver-assigned', 'on-going');
