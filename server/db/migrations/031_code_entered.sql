-- When the driver typed the client's right confirmation code: operators see 'code entered'
-- yes or no, never the code itself (issue 62). Tasks completed so far by the driver (a weighed
-- quantity and no operator's completion in the audit) had their code entered.
alter table tasks add column code_entered_at timestamptz;
update tasks t set code_entered_at = coalesce(t.completed_at, now())
  where t.delivered_quantity is not null
    and not exists (select 1 from audit_log a where a.subject = 'task:' || t.id and a.action = 'task.complete');
