/**
 * PostgreSQL advisory lock keys, in one place so that no two uses share a key. They
 * serialize work that several servers on one database must not do at the same time.
 */
import type { Queryable } from './connection';

export const ADVISORY_LOCKS = {
  /** Applying migrations (server/db/migrate.ts). */
  migrations: 7_301_001,
  /** Writing the demo data (server/db/demo.ts). */
  demoSeed: 7_301_002,
  /** One tick of the demo driver simulator (server/dispatch/simulator.ts): one server runs it. */
  simulator: 7_301_003,
  /** One round of the plan jobs (server/payments/plan-jobs.ts): renewal reminders, weekly reports. */
  planJobs: 7_301_010,
  /** One round of the recurring pickups' scheduler (server/tasks/schedule-jobs.ts). */
  scheduleJobs: 7_301_011,
  /** One dispatch round (server/dispatch/dispatch-jobs.ts): offers made by one server at a time. */
  dispatch: 7_301_012,
  /** Giving a phone number to a client account (two-key lock: this class and the number's hash). */
  phoneNumber: 7_301_050,
  /** One batch of old positions deleted (server/dispatch/position-jobs.ts). */
  positionJobs: 7_301_062,
  /** Writing a week's payouts (server/payouts/payouts.ts): two runs never count one balance twice. */
  payouts: 7_301_020,
} as const;

type LockKey = (typeof ADVISORY_LOCKS)[keyof typeof ADVISORY_LOCKS];

/** Waits for the lock; it is released when the caller's transaction ends. */
export async function takeTransactionLock(tx: Queryable, key: LockKey): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [key]);
}

/** Takes the lock when it is free (true), else answers false at once; released when the transaction ends. */
export async function tryTransactionLock(tx: Queryable, key: LockKey): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [key]);
  return row?.locked === true;
}
