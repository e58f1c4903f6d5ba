/**
 * The weekly payout run and the transfers' webhooks (issue 65, docs/driver.md 'Payouts'): every
 * driver's balance of at least ₦100 earned before the week's end is written as a payout with our
 * own reference, then sent; Paystack's transfer.success / failed / reversed move it. A failed or
 * reversed payout is back in the balance by its status, and the next run for that week pays it
 * again under the next attempt's reference.
 */
import { formatLagosDay } from '../../src/shared/display-format';
import { koboToNaira } from '../../src/shared/money';
import { isMondayDate, WEEK_RULE } from '../../src/shared/schemas/payouts';
import { ADVISORY_LOCKS, takeTransactionLock } from '../db/advisory-locks';
import { type AuditActor, writeAudit } from '../db/audit';
import type { Db, Queryable } from '../db/connection';
import {
  backfillShares,
  claimQueuedPayouts,
  movePayout,
  type PayoutRow,
  type PayoutStatus,
  queueWeekPayouts,
} from '../db/payouts';
import type { Logger } from '../log';
import { OpsError } from '../console/commands';
import type { Transfers } from './transfers';

/** Paystack's smallest transfer: ₦100. */
export const MINIMUM_PAYOUT_KOBO = 10_000;
/** A run that took a payout to send and stopped: after this the next run sends it. */
const CLAIM_STALE_MS = 2 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The instant a week (its Monday, 'YYYY-MM-DD') ends in Lagos: the next Monday's midnight. */
export function weekEnd(week: string): Date {
  return new Date(Date.parse(`${week}T00:00:00Z`) + 7 * DAY_MS - LAGOS_OFFSET_MS);
}

/** The Monday (Lagos) of the week before the one `now` is in: what Monday's automatic run pays. */
export function previousWeek(now: Date): string {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const sinceMonday = (lagos.getUTCDay() + 6) % 7;
  const monday = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - sinceMonday * DAY_MS;
  return new Date(monday - 7 * DAY_MS).toISOString().slice(0, 10);
}

export interface PayoutServices {
  db: Db;
  transfers: Transfers;
  now: () => Date;
  log: Logger;
}

export interface RunSummary {
  week: string;
  /** Payouts written by this run. */
  queued: number;
  /** Sent to the provider by this run (its own or one a stopped run left). */
  sent: number;
  failed: number;
  /** Left queued: the provider could not be reached; the next run sends them. */
  unsent: number;
  totalKobo: number;
}

/**
 * Pays the week: one transaction (under the payouts lock, so runs for two weeks never count the
 * same balance) writes the payouts, then each is sent outside it. `firstOnly` (the automatic
 * run) leaves a driver whose payout for the week failed to the admin.
 */
export async function runPayouts(
  services: PayoutServices,
  week: string,
  options: { firstOnly?: boolean } = {},
): Promise<RunSummary> {
  const { db, transfers, now } = services;
  const log = services.log.child({ module: 'payouts' });
  const queued = await db.transaction(async (tx) => {
    await takeTransactionLock(tx, ADVISORY_LOCKS.payouts);
    return queueWeekPayouts(tx, {
      week,
      weekEnd: weekEnd(week),
      minimumKobo: MINIMUM_PAYOUT_KOBO,
      firstOnly: options.firstOnly ?? false,
    });
  });
  const at = now();
  const claimed = await claimQueuedPayouts(db, week, at, new Date(at.getTime() - CLAIM_STALE_MS));
  const summary: RunSummary = { week, queued: queued.length, sent: 0, failed: 0, unsent: 0, totalKobo: 0 };
  for (const payout of claimed) {
    const outcome = await send(transfers, payout, week);
    if (outcome.status === 'unsent') {
      summary.unsent += 1;
      log.warn({ reference: payout.reference, failure: outcome.failure }, 'transfer not sent: the next run sends it');
      continue;
    }
    await movePayout(db, payout.reference, { ...outcome, at: now() });
    if (outcome.status === 'failed') summary.failed += 1;
    else {
      summary.sent += 1;
      summary.totalKobo += payout.amount_kobo;
    }
    log.info({ reference: payout.reference, amountKobo: payout.amount_kobo, status: outcome.status }, 'payout sent');
  }
  return summary;
}

/** What 'Pay drivers' answers (the console, the CLI): the run's counts and its total in naira. */
export interface PayDriversAnswer extends Omit<RunSummary, 'totalKobo'> {
  total: number;
}

/** The admin's 'Pay drivers' (console or CLI): the run, then its line in the audit trail. */
export async function payDrivers(services: PayoutServices, week: string, actor: AuditActor): Promise<PayDriversAnswer> {
  if (!isMondayDate(week)) throw new OpsError('invalid', WEEK_RULE);
  const { totalKobo, ...counts } = await runPayouts(services, week);
  const answer = { ...counts, total: koboToNaira(totalKobo) };
  await writeAudit(
    services.db,
    actor,
    { action: 'payouts.run', subject: `payouts:${week}`, after: answer },
    services.now(),
  );
  return answer;
}

/** A payout sent before (a run stopped after the call) is asked about first: the same reference is never sent twice. */
async function send(transfers: Transfers, payout: PayoutRow, week: string) {
  if (payout.sends > 1) {
    try {
      const known = await transfers.verify(payout.reference);
      if (known) return known;
    } catch (error) {
      return { status: 'unsent' as const, failure: error instanceof Error ? error.message : String(error) };
    }
  }
  return transfers.transfer({
    amountKobo: payout.amount_kobo,
    recipient: payout.recipient_code,
    reference: payout.reference,
    reason: `GreenPick earnings, week of ${formatLagosDay(Date.parse(`${week}T12:00:00Z`))}`,
  });
}

const TRANSFER_EVENTS: Record<string, PayoutStatus> = {
  'transfer.success': 'success',
  'transfer.failed': 'failed',
  'transfer.reversed': 'reversed',
};

/** Whether the webhook's event is a transfer's. */
export const isTransferEvent = (event: unknown): event is string =>
  typeof event === 'string' && Object.hasOwn(TRANSFER_EVENTS, event);

/** Moves our payout named by a transfer webhook; undefined when it names none of ours or changes nothing. */
export async function reconcileTransfer(
  db: Queryable,
  event: string,
  data: Record<string, unknown>,
  at: Date,
): Promise<PayoutRow | undefined> {
  const status = TRANSFER_EVENTS[event];
  const reference = data.reference;
  if (!status || typeof reference !== 'string' || reference.length > 100) return undefined;
  const code = data.transfer_code;
  return movePayout(db, reference, {
    status,
    transferCode: typeof code === 'string' && code.length <= 64 ? code : null,
    failure: status === 'success' ? null : `Paystack reports the transfer ${status} (${event})`,
    at,
  });
}

/** Once per database, at start: the share rows of the tasks completed before the ledger. */
export async function backfillDriverEarnings(db: Db, share: number, log: Logger): Promise<void> {
  const written = await db.transaction((tx) => backfillShares(tx, share));
  if (written !== false) log.child({ module: 'payouts' }).info({ rows: written }, 'earnings written for past tasks');
}
