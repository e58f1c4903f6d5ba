-- After paying (issue 27): cancelling with a reason and refunding, who is coming (driver photo,
-- vehicle, plate, rating), chat senders by name, ratings and support requests. Rows about a task
-- go with it (as task_events do).

alter table tasks add column cancel_reason text;
alter table tasks add column cancel_note text;
alter table tasks add column cancelled_by text check (cancelled_by in ('client', 'operator', 'simulator'));
alter table tasks add column completed_at timestamptz;

-- One refund per cancelled paid task, in full. `provider_ref` is Paystack's refund id when known;
-- refund webhooks are matched on the charge's reference (the task's), which we stored.
create table refunds (
  task_id text primary key references tasks(id) on delete cascade,
  reference text not null unique,
  amount_kobo bigint not null check (amount_kobo > 0),
  status text not null check (status in ('pending', 'refunded', 'failed')),
  provider text not null check (provider in ('paystack', 'test-ledger')),
  provider_ref text,
  failure text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refunds_failed_idx on refunds (status) where status = 'failed';

alter table drivers add column photo_url text not null default '';
alter table drivers add column vehicle text not null default '';
alter table drivers add column plate text not null default '';
alter table drivers add column rating_sum bigint not null default 0;
alter table drivers add column rating_count integer not null default 0;

-- Messages name their writer as it was at write time, so a reassignment does not relabel them.
alter table messages add column sender_name text;
alter table messages add column driver_id text references drivers(id) on delete set null;
alter table messages drop constraint messages_sender_check;
alter table messages add constraint messages_sender_check check (sender in ('user', 'driver', 'system'));

create table ratings (
  task_id text primary key references tasks(id) on delete cascade,
  user_id text not null references users(id),
  driver_id text not null references drivers(id) on delete cascade,
  stars integer not null check (stars between 1 and 5),
  comment text not null default '',
  created_at timestamptz not null default now()
);

create table support_requests (
  id text primary key,
  user_id text not null references users(id),
  task_id text not null references tasks(id) on delete cascade,
  category text not null,
  text text not null,
  reply text,
  replied_at timestamptz,
  created_at timestamptz not null default now()
);
create index support_requests_user_idx on support_requests (user_id, created_at desc);

-- The bell also tells where a refund is and an operator's reply to a support request.
alter table task_events drop constraint task_events_kind_check;
alter table task_events add constraint task_events_kind_check
  check (kind in ('status', 'referral-reward', 'refund', 'support-reply'));
alter table task_events add column refund_status text;
alter table task_events add column message text;
