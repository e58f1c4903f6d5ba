-- Charges Paystack later reports refunded or disputed (refund.processed, charge.dispute.create).
-- Kept apart from `charges` because the report may arrive before, or without, the charge itself;
-- a reference listed here books nothing (server/payments/check.ts).
create table charge_reversals (
  reference text primary key,
  event text not null,
  received_at timestamptz not null default now()
);
