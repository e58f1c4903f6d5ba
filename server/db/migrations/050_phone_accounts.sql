-- Phone-first accounts (issue 66): a client may sign up with a phone number and an SMS code
-- only, so e-mail and password become optional; a number proved by a code is marked verified
-- and belongs to one account (the partial unique index), while numbers typed before this rule,
-- duplicates included, are kept unverified and listed in the console.
alter table users alter column email drop not null;
alter table users alter column password_hash drop not null;
alter table users add column phone_verified_at timestamptz;

-- The e-mail history (migration 004) holds addresses only: no e-mail is no row (a former one still ends).
create or replace function record_email_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if new.email is not distinct from old.email then
      return new;
    end if;
    update user_email_history set held_until = clock_timestamp() where user_id = new.id and held_until is null;
  end if;
  if new.email is not null then
    insert into user_email_history (user_id, email, held_from) values (new.id, new.email, clock_timestamp());
  end if;
  return new;
end
$$;
create unique index users_verified_phone_key on users (phonenumber) where phone_verified_at is not null;
create index users_phonenumber_idx on users (phonenumber) where phonenumber <> '';

-- One row per code sent (SMS or voice call): only its hash is kept; it ends at expires_at, after
-- 5 wrong tries, or when used. The rows are also the console's count of codes and their cost.
create table phone_codes (
  id bigserial primary key,
  phone text not null,
  code_hash text not null,
  channel text not null check (channel in ('sms', 'voice')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0,
  used_at timestamptz,
  cost_kobo bigint not null default 0 check (cost_kobo >= 0),
  address text not null default ''
);
create index phone_codes_phone_idx on phone_codes (phone, created_at desc);
create index phone_codes_created_idx on phone_codes (created_at);

-- Days on which the daily cap on codes (SMS_DAILY_CAP) refused a new number: the console is told.
create table phone_code_cap_days (
  day date primary key,
  first_refused_at timestamptz not null,
  refused integer not null default 1
);

