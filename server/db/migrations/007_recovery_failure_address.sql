-- Wrong recovery codes are counted per source address as well as per account, so a stranger's
-- guesses lock out their own address long before they lock out the owner (server/auth/recovery.ts).
alter table recovery_failures add column address text not null default '';
create index recovery_failures_user_address_idx on recovery_failures (user_id, address, failed_at);
