-- The local test ledger can hold a bank transfer not confirmed yet (POST /dev/payments with
-- status 'pending'), settled later by POST /dev/payments/settle, as Paystack's charge.success would.
alter table test_payments add column status text not null default 'success' check (status in ('success', 'pending'));
