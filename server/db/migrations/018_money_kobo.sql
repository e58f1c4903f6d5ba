-- Money exact (issue 43): every amount is integer kobo (bigint), named *_kobo, so a reader that
-- still expects naira fails loudly instead of showing a hundred times too much. numeric(14, 2)
-- naira times 100 is exact in SQL (decimal arithmetic), so existing rows convert without rounding.
alter table users alter column balance drop default;
alter table users alter column balance type bigint using (balance * 100)::bigint;
alter table users rename column balance to balance_kobo;
alter table users alter column balance_kobo set default 0;

alter table pricing alter column price type bigint using (price * 100)::bigint;
alter table pricing rename column price to price_kobo;
alter table pricing_history alter column price type bigint using (price * 100)::bigint;
alter table pricing_history rename column price to price_kobo;
create or replace function record_price_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.price_kobo is distinct from old.price_kobo or new.service_name is distinct from old.service_name then
    insert into pricing_history (service_name, price_kobo) values (new.service_name, new.price_kobo);
  end if;
  return new;
end;
$$;

alter table tasks alter column amount type bigint using (amount * 100)::bigint;
alter table tasks rename column amount to amount_kobo;
alter table points_ledger alter column amount type bigint using (amount * 100)::bigint;
alter table points_ledger rename column amount to amount_kobo;
alter table task_events alter column amount type bigint using (amount * 100)::bigint;
alter table task_events rename column amount to amount_kobo;

-- The unit price a task was booked at, for its receipt (quantity x unit price = line total):
-- tasks before this carried only what was paid for the part the plan did not cover.
alter table tasks add column unit_price_kobo bigint check (unit_price_kobo >= 0);
update tasks set unit_price_kobo = round(amount_kobo / (quantity - covered_quantity))
 where quantity > covered_quantity;

-- How a charge was paid (Paystack's channel: card, bank_transfer, ussd, ...), for the receipt.
alter table charges add column channel text check (length(channel) <= 40);
alter table test_payments add column channel text not null default 'card'
  check (channel in ('card', 'bank_transfer', 'ussd'));
update test_payments set channel = 'bank_transfer' where status = 'pending';

-- References the provider did not know (verify said no such paid charge), remembered for a few
-- minutes so made-up references do not each cost a call to Paystack, on every instance.
create table unknown_references (
  reference text primary key,
  until timestamptz not null
);
create index unknown_references_until_idx on unknown_references (until);

-- A charge refunded or disputed after it became a task or a plan (issue 43): the task's payment
-- is marked reversed (its cancel refunds nothing), and the operator's list shows the entry with
-- the event until it is settled.
alter table tasks add column payment_reversed_at timestamptz;
alter table payments_needing_attention add column reversal text check (length(reversal) <= 40);

-- Tokens an operator credits by hand (a goodwill gesture, a correction): their own ledger kind.
alter table points_ledger drop constraint points_ledger_kind_check;
alter table points_ledger add constraint points_ledger_kind_check
  check (kind in ('earned', 'spent', 'refunded', 'referral', 'credit'));
