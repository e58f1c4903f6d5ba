-- Recovery that strangers cannot block (server/auth/recovery.ts, docs/security.md 'Recovery codes').

-- Addresses that signed in to an account (a login or a password reset): a code asked from one
-- of them comes from the owner's own device or network, and has an allowance no stranger elsewhere
-- can spend. At most a handful per account (the oldest are forgotten).
create table sign_in_addresses (
  user_id text not null references users(id) on delete cascade,
  address text not null,
  last_at timestamptz not null,
  primary key (user_id, address)
);

-- A code per (e-mail, asking address): a stranger's request no longer replaces the owner's code,
-- and a guess is checked only against the code asked from the guessing address, so wrong guesses
-- lock the guessed code (its asker asks again), never the owner's.
alter table reset_codes add column address text not null default '';
alter table reset_codes drop constraint reset_codes_pkey;
alter table reset_codes add primary key (email, address);

-- Guessing is bounded by the codes an account can be sent (5 tries each), no longer by a daily
-- count of wrong codes that let strangers lock the owner out for a day.
drop table recovery_failures;
