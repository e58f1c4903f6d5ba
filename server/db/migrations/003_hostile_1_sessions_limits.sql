-- Sessions end on a password reset and on "log out everywhere": every token carries the
-- session version it was issued under, and a token of an older version is refused.
alter table users add column session_version integer not null default 0;

-- Rate limits, shared by every server on this database and kept over restarts: one row per
-- key (e.g. 'signup:address:203.0.113.7') with the hits of its current fixed window.
-- Expired rows are removed in bulk (server/db/rate-limits.ts), hence the index.
create table rate_limits (
  key text primary key,
  hits integer not null,
  window_ends_at timestamptz not null
);
create index rate_limits_window_idx on rate_limits (window_ends_at);

-- Wrong recovery codes per account over the last 24 hours, whatever code they were aimed
-- at, so that guessing a 4-digit code stays under a 0.1% chance a day (server/auth/recovery.ts).
create table recovery_failures (
  user_id text not null references users(id) on delete cascade,
  failed_at timestamptz not null
);
create index recovery_failures_user_idx on recovery_failures (user_id, failed_at);

-- Codes long expired are removed as new ones are issued.
create index reset_codes_expires_idx on reset_codes (expires_at);
