/**
 * Sign-in codes sent to phones (table `phone_codes`, migration 050): only each code's hash is
 * kept, with its end, its wrong tries and when it was used; the rows are also the console's
 * count of codes and their cost per day. Accounts' verified numbers are in `users`.
 */
import { ADVISORY_LOCKS } from './advisory-locks';
import type { Queryable } from './connection';
import type { UserRow } from './users';

export interface PhoneCodeRow {
  id: string;
  phone: string;
  code_hash: string;
  channel: 'sms' | 'voice';
  created_at: Date;
  expires_at: Date;
  wrong_tries: number;
  used_at: Date | null;
}

export async function insertPhoneCode(
  db: Queryable,
  code: {
    phone: string;
    codeHash: string;
    channel: 'sms' | 'voice';
    at: Date;
    expiresAt: Date;
    costKobo: number;
    address: string;
  },
): Promise<void> {
  await db.query(
    `insert into phone_codes (phone, code_hash, channel, created_at, expires_at, cost_kobo, address)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [code.phone, code.codeHash, code.channel, code.at, code.expiresAt, code.costKobo, code.address],
  );
}

/**
 * When the number's newest code still waiting to be used was sent (for 'Resend' and 'Call me
 * instead'), or undefined: after a sign-in, another device may ask at once (the hourly limit holds).
 */
export async function lastCodeSentAt(db: Queryable, phone: string): Promise<Date | undefined> {
  const [row] = await db.query<{ created_at: Date }>(
    'select created_at from phone_codes where phone = $1 and used_at is null order by created_at desc, id desc limit 1',
    [phone],
  );
  return row ? new Date(row.created_at) : undefined;
}

/** The number's codes that may still be tried (unused, unexpired, under the wrong-try limit), newest first. */
export async function selectLiveCodes(
  db: Queryable,
  phone: string,
  now: Date,
  maxWrongTries: number,
): Promise<PhoneCodeRow[]> {
  return db.query<PhoneCodeRow>(
    `select * from phone_codes
      where phone = $1 and used_at is null and expires_at > $2 and wrong_tries < $3
      order by created_at desc, id desc limit 3`,
    [phone, now, maxWrongTries],
  );
}

/** One wrong try against every live code of the number (a guess is a guess at each of them). */
export async function countWrongTry(db: Queryable, phone: string, now: Date): Promise<void> {
  await db.query(
    'update phone_codes set wrong_tries = wrong_tries + 1 where phone = $1 and used_at is null and expires_at > $2',
    [phone, now],
  );
}

/** Uses the code once: false when another request used it first. The number's other codes end with it. */
export async function spendCode(db: Queryable, id: string, phone: string, now: Date): Promise<boolean> {
  const rows = await db.query('update phone_codes set used_at = $2 where id = $1 and used_at is null returning id', [
    id,
    now,
  ]);
  if (rows.length !== 1) return false;
  await db.query('update phone_codes set expires_at = $2 where phone = $1 and used_at is null and expires_at > $2', [
    phone,
    now,
  ]);
  return true;
}

/** Serialises the writes that give a number to an account (sign-up, verification, profile edit), on any server. */
export async function lockPhone(tx: Queryable, phone: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [ADVISORY_LOCKS.phoneNumber, phone]);
}

/** The client account that verified this number, if any. */
export async function findUserByVerifiedPhone(db: Queryable, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    'select * from users where phonenumber = $1 and phone_verified_at is not null',
    [phone],
  );
  return row;
}

/** Whether an account other than `exceptUserId` holds the number, verified or not. */
export async function isPhoneHeldByOther(db: Queryable, phone: string, exceptUserId: string | null): Promise<boolean> {
  const rows = await db.query('select 1 from users where phonenumber = $1 and id is distinct from $2 limit 1', [
    phone,
    exceptUserId,
  ]);
  return rows.length === 1;
}

/** Whether the number is an account's (verified) or an active driver's: such numbers are served past the daily cap. */
export async function isKnownNumber(db: Queryable, phone: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from users where phonenumber = $1 and phone_verified_at is not null
     union all select 1 from drivers where phone = $1 and active limit 1`,
    [phone],
  );
  return rows.length > 0;
}

/** A client account made by a phone number and its code: no e-mail, no password. */
export async function insertPhoneAccount(
  db: Queryable,
  account: {
    id: string;
    firstname: string;
    lastname: string;
    phone: string;
    referralCode: string;
    ref: string | null;
    at: Date;
  },
): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `insert into users (id, firstname, lastname, phonenumber, phone_verified_at, referral_code, referred_by)
     values ($1, $2, $3, $4, $5, $6, (select id from users where referral_code = $7))
     returning *`,
    [account.id, account.firstname, account.lastname, account.phone, account.at, account.referralCode, account.ref],
  );
  return row;
}

/** The account's number, now proved by a code. */
export async function setVerifiedPhone(db: Queryable, userId: string, phone: string, at: Date): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    'update users set phonenumber = $2, phone_verified_at = $3 where id = $1 returning *',
    [userId, phone, at],
  );
  return row;
}

/** The day (Lagos) the daily cap first refused a number, counting the refusals: the console is told. */
export async function noteCapRefusal(db: Queryable, day: string, at: Date): Promise<void> {
  await db.query(
    `insert into phone_code_cap_days (day, first_refused_at) values ($1, $2)
     on conflict (day) do update set refused = phone_code_cap_days.refused + 1`,
    [day, at],
  );
}

export interface CodeDayRow {
  day: string;
  codes: number;
  voice: number;
  cost_kobo: number;
  cap_refused: number;
  cap_reached_at: Date | null;
}

/** Codes sent and their cost per day (Lagos) for the last `days` days, newest first, with the cap's refusals. */
export async function selectCodeDays(db: Queryable, since: Date): Promise<CodeDayRow[]> {
  return db.query<CodeDayRow>(
    `with sent as (
       select (created_at at time zone 'Africa/Lagos')::date as day, count(*)::int as codes,
              count(*) filter (where channel = 'voice')::int as voice, coalesce(sum(cost_kobo), 0)::bigint as cost_kobo
         from phone_codes where created_at >= $1 group by 1
     )
     select to_char(coalesce(s.day, c.day), 'YYYY-MM-DD') as day, coalesce(s.codes, 0) as codes,
            coalesce(s.voice, 0) as voice, coalesce(s.cost_kobo, 0)::bigint as cost_kobo,
            coalesce(c.refused, 0) as cap_refused, c.first_refused_at as cap_reached_at
       from sent s full join (select * from phone_code_cap_days where first_refused_at >= $1) c on c.day = s.day
      order by 1 desc`,
    [since],
  );
}

export interface SharedPhoneRow {
  phonenumber: string;
  clients: Array<{ id: string; name: string; email: string | null; verified: boolean }>;
}

/** Numbers more than one client account holds (typed before the one-number rule): kept, and listed. */
export async function selectSharedPhones(db: Queryable): Promise<SharedPhoneRow[]> {
  return db.query<SharedPhoneRow>(
    `select phonenumber, json_agg(json_build_object(
         'id', id, 'name', firstname || ' ' || lastname, 'email', email, 'verified', phone_verified_at is not null)
         order by created_at) as clients
       from users where phonenumber <> '' group by phonenumber having count(*) > 1
      order by phonenumber limit 200`,
  );
}
