/**
 * Drivers' earnings, bank accounts and payouts (migrations 025, 045; docs/driver.md 'Payouts').
 * A driver's balance is the sum of `driver_earnings` less the payouts that are not failed or
 * reversed: a failed or reversed transfer returns to the balance by its status alone.
 */
import type { Queryable } from './connection';

export type PayoutStatus = 'queued' | 'pending' | 'success' | 'failed' | 'reversed';
export type EarningKind = 'share' | 'extra' | 'fee' | 'adjustment';

export interface BankAccountRow {
  driver_id: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  recipient_code: string;
  updated_at: Date;
}

export interface PayoutRow {
  id: string;
  driver_id: string;
  week: string;
  attempt: number;
  reference: string;
  amount_kobo: number;
  status: PayoutStatus;
  recipient_code: string;
  transfer_code: string | null;
  failure: string | null;
  sends: number;
  created_at: Date;
  updated_at: Date;
}

/** Payouts that take money out of the balance. */
const LIVE = `status not in ('failed', 'reversed')`;

/** One row of the ledger (tests, and an operator's adjustment); false when the task already earned that kind. */
export async function insertEarning(
  db: Queryable,
  row: {
    id: string;
    driverId: string;
    taskId: string | null;
    kind: EarningKind;
    amountKobo: number;
    note?: string;
    at?: Date;
  },
): Promise<boolean> {
  const inserted = await db.query(
    `insert into driver_earnings (id, driver_id, task_id, kind, amount_kobo, note, created_at)
     values ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()))
     on conflict do nothing returning id`,
    [row.id, row.driverId, row.taskId, row.kind, row.amountKobo, row.note ?? null, row.at?.toISOString() ?? null],
  );
  return inserted.length === 1;
}

/**
 * Once per database: the 'share' rows of the tasks completed before the ledger, the driver's
 * share of what the client paid less what was refunded (as the driver's history counts a task without ledger rows),
 * rounded as `driverShareKobo` rounds. False when it was done already.
 */
export async function backfillShares(tx: Queryable, share: number): Promise<number | false> {
  const claimed = await tx.query(
    'update ops_settings set earnings_backfilled = true where not earnings_backfilled returning id',
  );
  if (claimed.length === 0) return false;
  const rows = await tx.query(
    `insert into driver_earnings (id, driver_id, task_id, kind, amount_kobo, note, created_at)
     select 'share-' || id, driver_id, id, 'share', share, 'before the ledger', completed_at
       from (select t.id, t.driver_id, t.completed_at,
                    round((t.amount_kobo - coalesce((select sum(r.amount_kobo) from refunds r
                                                      where r.task_id = t.id and r.kind <> 'extra'), 0)) * $1::numeric) as share
               from tasks t
              where t.status = 'completed' and t.driver_id is not null and t.completed_at is not null) completed
      where share > 0
     on conflict do nothing returning id`,
    [share],
  );
  return rows.length;
}

/** The driver's balance in kobo: earnings up to `until` (all when null) less live payouts. */
export async function driverBalanceKobo(db: Queryable, driverId: string, until: Date | null = null): Promise<number> {
  const [row] = await db.query<{ balance: number }>(
    `select coalesce((select sum(amount_kobo) from driver_earnings
                       where driver_id = $1 and ($2::timestamptz is null or created_at < $2)), 0)
          - coalesce((select sum(amount_kobo) from driver_payouts where driver_id = $1 and ${LIVE}), 0) as balance`,
    [driverId, until?.toISOString() ?? null],
  );
  return row?.balance ?? 0;
}

export async function findBankAccount(db: Queryable, driverId: string): Promise<BankAccountRow | undefined> {
  const [row] = await db.query<BankAccountRow>('select * from driver_bank_accounts where driver_id = $1', [driverId]);
  return row;
}

export async function saveBankAccount(
  db: Queryable,
  account: Omit<BankAccountRow, 'updated_at'>,
  at: Date,
): Promise<BankAccountRow> {
  const [row] = await db.query<BankAccountRow>(
    `insert into driver_bank_accounts (driver_id, bank_code, bank_name, account_number, account_name, recipient_code, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (driver_id) do update set bank_code = excluded.bank_code, bank_name = excluded.bank_name,
       account_number = excluded.account_number, account_name = excluded.account_name,
       recipient_code = excluded.recipient_code, updated_at = excluded.updated_at
     returning *`,
    [
      account.driver_id,
      account.bank_code,
      account.bank_name,
      account.account_number,
      account.account_name,
      account.recipient_code,
      at.toISOString(),
    ],
  );
  return row!;
}

/**
 * The week's payouts to make: every driver with a bank account whose balance of earnings made
 * before `weekEnd` is at least `minimumKobo`, with no live payout for the week, written as
 * 'queued' with the next attempt's reference. A second run (or one on another instance at the
 * same moment) meets the partial unique index and writes nothing for that driver. `firstOnly`:
 * only drivers with no payout at all for the week (a failed one waits for the admin).
 */
export async function queueWeekPayouts(
  db: Queryable,
  input: { week: string; weekEnd: Date; minimumKobo: number; firstOnly: boolean },
): Promise<PayoutRow[]> {
  return db.query<PayoutRow>(
    `with due as (
       select a.driver_id, a.recipient_code,
              coalesce((select sum(e.amount_kobo) from driver_earnings e
                         where e.driver_id = a.driver_id and e.created_at < $2), 0)
            - coalesce((select sum(p.amount_kobo) from driver_payouts p
                         where p.driver_id = a.driver_id and p.${LIVE}), 0) as balance,
              (select count(*) from driver_payouts p where p.driver_id = a.driver_id and p.week = $1::date) + 1 as attempt
         from driver_bank_accounts a
        where not exists (select 1 from driver_payouts p
                           where p.driver_id = a.driver_id and p.week = $1::date and (p.${LIVE} or $5))
     )
     insert into driver_payouts (id, driver_id, week, attempt, reference, amount_kobo, status, recipient_code)
     select 'payout-' || driver_id || '-' || $4 || '-' || attempt, driver_id, $1::date, attempt,
            'gp-payout-' || $4 || '-' || driver_id || '-' || attempt,
            balance, 'queued', recipient_code
       from due where balance >= $3
     on conflict do nothing
     returning *, week::text as week`,
    [input.week, input.weekEnd.toISOString(), input.minimumKobo, input.week.replaceAll('-', ''), input.firstOnly],
  );
}

/**
 * The week's queued payouts no run is sending now (claimed more than `staleBefore` ago, or never),
 * claimed for this run: a run that stopped half way is finished by the next.
 */
export async function claimQueuedPayouts(
  db: Queryable,
  week: string,
  at: Date,
  staleBefore: Date,
): Promise<PayoutRow[]> {
  return db.query<PayoutRow>(
    `update driver_payouts set claimed_at = $2, sends = sends + 1
      where week = $1::date and status = 'queued' and (claimed_at is null or claimed_at < $3)
      returning *, week::text as week`,
    [week, at.toISOString(), staleBefore.toISOString()],
  );
}

/**
 * Moves a payout by its reference; a final state (success, failed, reversed) changes only to
 * 'reversed' after a success, so a late or repeated webhook changes nothing. Returns the row
 * when it moved.
 */
export async function movePayout(
  db: Queryable,
  reference: string,
  change: { status: PayoutStatus; transferCode?: string | null; failure?: string | null; at: Date },
): Promise<PayoutRow | undefined> {
  const [row] = await db.query<PayoutRow>(
    `update driver_payouts
        set status = $2, transfer_code = coalesce($3, transfer_code), failure = $4, updated_at = $5
      where reference = $1 and status <> $2
        and (status in ('queued', 'pending') or (status = 'success' and $2 = 'reversed'))
      returning *, week::text as week`,
    [reference, change.status, change.transferCode ?? null, change.failure ?? null, change.at.toISOString()],
  );
  return row;
}

/** A driver's payouts, newest first. */
export async function selectDriverPayouts(db: Queryable, driverId: string, limit: number): Promise<PayoutRow[]> {
  return db.query<PayoutRow>(
    `select *, week::text as week from driver_payouts where driver_id = $1 order by created_at desc, attempt desc limit $2`,
    [driverId, limit],
  );
}

export interface WeekEarningsRow {
  week: string;
  tasks: number;
  earned_kobo: number;
}

/** The driver's earnings by week (Monday, Lagos), newest first: what the weekly statement shows. */
export async function selectWeeklyEarnings(db: Queryable, driverId: string, limit: number): Promise<WeekEarningsRow[]> {
  return db.query<WeekEarningsRow>(
    `select (date_trunc('week', (created_at at time zone 'UTC') + interval '1 hour'))::date::text as week,
            count(distinct task_id)::int as tasks, sum(amount_kobo) as earned_kobo
       from driver_earnings where driver_id = $1
      group by 1 order by 1 desc limit $2`,
    [driverId, limit],
  );
}

export interface WeekPayoutRow extends PayoutRow {
  firstname: string;
  lastname: string;
  account_name: string | null;
  bank_name: string | null;
}

/** The admin's list: the week's payouts with the driver's name, and every failed or reversed one still not paid again. */
export async function selectPayoutsForAdmin(db: Queryable, week: string): Promise<WeekPayoutRow[]> {
  return db.query<WeekPayoutRow>(
    `select p.*, p.week::text as week, d.firstname, d.lastname, a.account_name, a.bank_name
       from driver_payouts p join drivers d on d.id = p.driver_id
       left join driver_bank_accounts a on a.driver_id = p.driver_id
      where p.week = $1::date
         or (p.status in ('failed', 'reversed') and not exists (
              select 1 from driver_payouts q where q.driver_id = p.driver_id and q.week = p.week and q.attempt > p.attempt))
      order by p.week desc, d.firstname, p.attempt`,
    [week],
  );
}

export async function autoPayoutsOn(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ auto_payouts: boolean }>('select auto_payouts from ops_settings');
  return row?.auto_payouts ?? false;
}

export async function setAutoPayouts(db: Queryable, on: boolean): Promise<void> {
  await db.query('update ops_settings set auto_payouts = $1', [on]);
}
