-- What each support operator refunded by cancels in a Lagos day, across tasks: one row per
-- operator and day, raised in the cancel's transaction only while it stays within
-- SUPPORT_DAILY_REFUND_LIMIT (server/ops/refund-limits.ts). The row's lock is what keeps two
-- refunds at once, on two servers, from both passing the limit.
create table support_refund_days (
  operator_id text not null references operators(id) on delete cascade,
  day date not null,
  refunded_kobo bigint not null check (refunded_kobo >= 0),
  primary key (operator_id, day)
);
