-- What the bell lists: the changes of a client's tasks the client is told about (a driver was
-- assigned, the task is on-going, completed, cancelled, back to pending) and referral rewards,
-- newest first. Written in the same transaction as the change (server/db/task-events.ts).
--
-- `users.notification` (the spec's red dot) now means "has unread events": it is set with
-- every event and recomputed when the client marks events read (up to `events_read_at`).
create table task_events (
  id bigint generated always as identity primary key,
  user_id text not null references users(id),
  -- The task changed; null for a referral reward (the referred client's task is not the
  -- referrer's to see).
  task_id text references tasks(id) on delete cascade,
  kind text not null check (kind in ('status', 'referral-reward')),
  -- The task's new status ('status' events).
  status text,
  -- The task's service key and price-list name when the event happened.
  service_type text not null default '',
  service_name text not null default '',
  -- Recycle tokens credited ('referral-reward' events); null when not known.
  amount numeric(14, 2),
  -- Milliseconds, as the API's ISO dates carry them: 'read up to <an event's time>' then
  -- covers that event exactly.
  created_at timestamptz not null default date_trunc('milliseconds', clock_timestamp())
);
create index task_events_user_idx on task_events (user_id, created_at desc, id desc);

alter table users add column events_read_at timestamptz;

-- Until now the dot was set only by a referral reward: keep it, explained by an event.
insert into task_events (user_id, kind) select id, 'referral-reward' from users where notification;
