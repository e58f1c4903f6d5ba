-- One task lifecycle (issue 61, docs/lifecycle.md): what the real day adds to a booking.

-- When the driver set off (the client's cancel is free for 2 minutes after it).
alter table tasks add column started_at timestamptz;
update tasks set started_at = coalesce(arrived_at, created_at) where status = 'on-going';

-- What the driver weighed or counted at the door, and an extra above the booking: the part the
-- plan covered, what the card owes for the rest, and whether the client paid it, declined it or
-- is still deciding. The extra's own charge is `extra_reference` (a payment use of purpose 'extra').
alter table tasks add column weighed_quantity numeric(14, 3) check (weighed_quantity > 0);
alter table tasks add column extra_quantity numeric(14, 3) check (extra_quantity > 0);
alter table tasks add column extra_covered_quantity numeric(14, 3) not null default 0 check (extra_covered_quantity >= 0);
alter table tasks add column extra_amount_kobo bigint check (extra_amount_kobo >= 0);
alter table tasks add column extra_status text check (extra_status in ('awaiting', 'paid', 'declined'));
alter table tasks add column extra_reference text unique;
alter table tasks add column extra_at timestamptz;

-- What a cancel at the door kept for the driver (kobo; 0 or null: free).
alter table tasks add column cancel_fee_kobo bigint not null default 0 check (cancel_fee_kobo >= 0);
-- The plan's part given back when less was collected than booked (in the service's units).
alter table tasks add column covered_returned numeric(14, 3) not null default 0 check (covered_returned >= 0);

alter table payment_uses drop constraint payment_uses_purpose_check;
alter table payment_uses add constraint payment_uses_purpose_check check (purpose in ('task', 'subscription', 'extra'));

-- Refunds: one per charge and kind, not one per task. A task's booking charge is refunded at most
-- once at its end (the weighed difference at completion, or the cancel's), and a completed task
-- may later get a goodwill refund; an extra's charge has its own refund.
alter table refunds drop constraint refunds_pkey;
alter table refunds drop constraint refunds_reference_key;
alter table refunds add column id text;
update refunds set id = task_id;
alter table refunds alter column id set not null;
alter table refunds add primary key (id);
alter table refunds add column kind text not null default 'cancel'
  check (kind in ('cancel', 'weighed', 'goodwill', 'extra'));
update refunds r set kind = 'weighed' from tasks t where t.id = r.task_id and t.status = 'completed';
create unique index refunds_reference_kind on refunds (reference, kind);
create index refunds_task_idx on refunds (task_id);
-- Who asked for a goodwill refund and why.
alter table refunds add column note text;

-- The bell tells the client of an extra to pay.
alter table task_events drop constraint task_events_kind_check;
alter table task_events add constraint task_events_kind_check
  check (kind in ('status', 'referral-reward', 'refund', 'support-reply', 'plan-renewal', 'schedule-not-covered', 'extra'));

-- A charge for an extra that could not pay it (declined meanwhile) is kept for an operator too.
alter table payments_needing_attention drop constraint payments_needing_attention_purpose_check;
alter table payments_needing_attention add constraint payments_needing_attention_purpose_check
  check (purpose in ('task', 'subscription', 'extra'));

-- The plan a covered booking was made under: its receipt names it, whatever the client holds later.
alter table tasks add column covered_plan text;
update tasks t set covered_plan = u.subscription_plan from users u where u.id = t.user_id and t.covered_quantity > 0;
