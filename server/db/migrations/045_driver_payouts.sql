-- Drivers paid through Paystack Transfers (issue 65, docs/driver.md 'Payouts').

-- The driver's bank account: the account number resolved to its name by Paystack before it was
-- saved, and the transfer recipient Paystack made of it. One account a driver; a new one replaces it.
create table driver_bank_accounts (
  driver_id text primary key references drivers(id) on delete cascade,
  bank_code text not null,
  bank_name text not null,
  account_number text not null check (account_number ~ '^[0-9]{10}$'),
  account_name text not null,
  recipient_code text not null,
  updated_at timestamptz not null default now()
);

-- One transfer of a driver's balance for a week (the Monday, Lagos, that starts it). The
-- reference is ours, made from the driver, the week and the attempt, so a retried or doubled
-- run sends the same reference and Paystack pays it once; a week has at most one payout that
-- is not failed or reversed (the partial unique index), so two runs at once insert one.
--   queued    written, not yet accepted by Paystack (a run that stopped sends it again)
--   pending   Paystack took it; its webhook tells the outcome
--   success   paid
--   failed    not paid: the amount is back in the balance, listed for the admin
--   reversed  paid then returned by the bank: back in the balance, listed for the admin
create table driver_payouts (
  id text primary key,
  driver_id text not null references drivers(id) on delete cascade,
  week date not null,
  attempt integer not null check (attempt >= 1),
  reference text not null unique,
  amount_kobo bigint not null check (amount_kobo > 0),
  status text not null check (status in ('queued', 'pending', 'success', 'failed', 'reversed')),
  recipient_code text not null,
  transfer_code text,
  failure text,
  -- When a run last took it to send, and how many runs did: after the first, Paystack is asked
  -- about the reference before it is sent again.
  claimed_at timestamptz,
  sends integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (driver_id, week, attempt)
);
create unique index driver_payouts_one_live on driver_payouts (driver_id, week) where status not in ('failed', 'reversed');
create index driver_payouts_driver_idx on driver_payouts (driver_id, created_at);

-- The admin's switch for the automatic run on Monday 06:00 Lagos (off: only 'Pay drivers').
alter table ops_settings add column auto_payouts boolean not null default false;
-- Set once the server has written the 'share' rows of the tasks completed before the ledger
-- (server/payments/payouts.ts, backfillDriverEarnings): the share is the DRIVER_SHARE setting,
-- which SQL cannot read.
alter table ops_settings add column earnings_backfilled boolean not null default false;
