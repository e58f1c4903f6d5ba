-- Support's priority as plan data (docs/product.md 'Plans'): the label the support inbox shows
-- for a client on the plan ('Platinum VIP'), null for none. Requests of clients with a priority
-- come first, the dearer plan first; the admin sets it on the Plans screen or with
-- `npm run ops -- set-plan <plan> support <label>`.
alter table plans add column support_priority text
  check (support_priority is null or length(support_priority) between 1 and 30);

update plans set support_priority = 'Platinum VIP' where key = 'platinum';
update plans set support_priority = 'Gold 24/7' where key = 'gold';
update plans set support_priority = 'Silver' where key = 'silver';
