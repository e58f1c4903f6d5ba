-- A recovery code belongs to the account that held the e-mail address when it was issued.
-- Without this, a code verified for an address could reset whichever account holds that
-- address later (after a profile e-mail change or a new sign-up within the 15 minutes).
-- Older rows have no owner and can never reset a password.
alter table reset_codes add column user_id text references users(id) on delete cascade;
