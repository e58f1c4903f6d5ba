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
