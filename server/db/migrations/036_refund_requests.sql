-- Issue 63: a support agent's refund above their limit is a request to the admins' queue; an
-- admin approves it (the cancel with its full refund runs then, with the admin as actor) or
-- declines it, each with a note. One open request per task.
create table refund_requests (
  id text primary key,
  task_id text not null references tasks(id) on delete cascade,
  amount_kobo bigint not null,
  reason text not null,
  requested_by text not null,
  requested_by_id text,
  requested_at timestamptz not null default now(),
  decision text check (decision in ('approved', 'declined')),
  decided_by text,
  decided_at timestamptz,
  note text
);
create unique index refund_requests_one_open on refund_requests (task_id) where decided_at is null;
create index refund_requests_open_idx on refund_requests (requested_at) where decided_at is null;
