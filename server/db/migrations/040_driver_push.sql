-- The driver's phone in a pocket (issue 64): drivers' devices get Web Push too. A subscription
-- and an outbox row belong to a client (user_id) or to a driver (driver_id), never both; the
-- dispatcher sends both the same way (server/push/dispatcher.ts).
alter table push_subscriptions alter column user_id drop not null;
alter table push_subscriptions add column driver_id text references drivers(id) on delete cascade;
alter table push_subscriptions add constraint push_subscriptions_one_owner check ((user_id is null) <> (driver_id is null));
create index push_subscriptions_driver_idx on push_subscriptions (driver_id) where driver_id is not null;

alter table push_outbox alter column user_id drop not null;
alter table push_outbox add column driver_id text references drivers(id) on delete cascade;

-- An offer lasts 30 s from the moment the driver's phone first shows it (seen_at), and never
-- more than 45 s after it was made (expires_at is set to that at first, shortened when seen).
alter table task_offers add column seen_at timestamptz;
