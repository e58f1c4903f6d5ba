-- Plans that deliver what they sell (issue 29): a plan's months count from the day it started,
-- and a booking records how much of it the plan paid (covered_quantity, in the service's units).

alter table users add column subscription_started_at timestamptz;
-- Plans bought before this: started their duration before they expire (the best we know).
update users
   set subscription_started_at = subscription_expires_at - case subscription_plan
         when 'platinum' then interval '3 months'
         when 'silver' then interval '2 months'
         when 'gold' then interval '2 months'
         else interval '1 month'
       end
 where subscription_expires_at is not null;

alter table tasks add column covered_quantity numeric(10, 2) not null default 0 check (covered_quantity >= 0);
create index tasks_covered_idx on tasks (user_id, created_at) where covered_quantity > 0;

-- Plan jobs (server/jobs/plan-jobs.ts): each reminder and report once, however many servers run.
alter table users add column renewal_reminded_for timestamptz;
alter table users add column weekly_report_for date;

alter table task_events drop constraint task_events_kind_check;
alter table task_events add constraint task_events_kind_check
  check (kind in ('status', 'referral-reward', 'refund', 'support-reply', 'plan-renewal'));

-- Points that pay: one ledger of recycle tokens; users.balance is its running sum, changed only
-- together with a ledger row (server/db/points.ts), never below zero.
create table points_ledger (
  id bigint generated always as identity primary key,
  user_id text not null references users(id) on delete cascade,
  kind text not null check (kind in ('earned', 'spent', 'refunded', 'referral')),
  amount numeric(14, 2) not null check (amount <> 0),
  task_id text references tasks(id) on delete set null,
  created_at timestamptz not null default now()
);
create index points_ledger_user_idx on points_ledger (user_id, created_at desc, id desc);
-- Balances so far came from referral rewards (and the demo's seed).
insert into points_ledger (user_id, kind, amount) select id, 'referral', balance from users where balance <> 0;
alter table users add constraint users_balance_not_negative check (balance >= 0);

-- What a recycling task weighed when the operator completed it (earns 10 tokens per kg).
alter table tasks add column recycled_kg numeric(8, 2) check (recycled_kg > 0);
