/**
 * Payment references on our side: `payment_uses` (a verified reference pays for one task or
 * one subscription, once) and the local test ledger `test_payments` (dev checkout only).
 */
import type { Queryable } from './connection';

export type PaymentPurpose = 'task' | 'subscription' | 'extra';

export interface PaymentUse {
  reference: string;
  purpose: PaymentPurpose;
  userId: string;
}

export async function findPaymentUse(db: Queryable, reference: string): Promise<PaymentUse | undefined> {
  const [row] = await db.query<{ reference: string; purpose: PaymentPurpose; user_id: string }>(
    'select reference, purpose, user_id from payment_uses where reference = $1',
    [reference],
  );
  return row ? { reference: row.reference, purpose: row.purpose, userId: row.user_id } : undefined;
}

/**
 * Claims a reference inside the caller's transaction. False when it is already claimed:
 * the primary key makes a concurrent duplicate wait for the first claim and then lose.
 */
export async function claimPaymentUse(tx: Queryable, use: PaymentUse & { amountKobo: number }): Promise<boolean> {
  const rows = await tx.query(
    `insert into payment_uses (reference, purpose, user_id, amount_kobo) values ($1, $2, $3, $4)
     on conflict (reference) do nothing returning reference`,
    [use.reference, use.purpose, use.userId, use.amountKobo],
  );
  return rows.length === 1;
}

/** 'pending': a bank transfer the test checkout made that is not settled yet. */
export type TestLedgerStatus = 'success' | 'pending';

export interface TestLedgerPayment {
  reference: string;
  amountKobo: number;
  email: string;
  /** Who recorded it (the payer); null for rows older than that column. */
  userId: string | null;
  status: TestLedgerStatus;
  /** 'card', 'bank_transfer' or 'ussd'. */
  channel: string;
}

/** The local test ledger's payment behind a reference (dev checkout only). */
export async function findTestLedgerPayment(db: Queryable, reference: string): Promise<TestLedgerPayment | undefined> {
  const [row] = await db.query<{
    reference: string;
    amount_kobo: number;
    email: string;
    user_id: string | null;
    status: TestLedgerStatus;
    channel: string;
  }>('select reference, amount_kobo, email, user_id, status, channel from test_payments where reference = $1', [
    reference,
  ]);
  return row
    ? {
        reference: row.reference,
        amountKobo: row.amount_kobo,
        email: row.email,
        userId: row.user_id,
        status: row.status,
        channel: row.channel,
      }
    : undefined;
}

/**
 * Records a payment in the local test ledger (what the dev checkout's POST /dev/payments
 * does; not the app's function of a similar name, which calls that endpoint). False when
 * the reference was already recorded.
 */
export async function insertTestLedgerPayment(
  db: Queryable,
  payment: {
    reference: string;
    amountKobo: number;
    email: string;
    userId: string;
    status?: TestLedgerStatus;
    channel?: string;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into test_payments (reference, amount_kobo, email, user_id, status, channel) values ($1, $2, $3, $4, $5, $6)
     on conflict (reference) do nothing returning reference`,
    [
      payment.reference,
      payment.amountKobo,
      payment.email,
      payment.userId,
      payment.status ?? 'success',
      payment.channel ?? 'card',
    ],
  );
  return rows.length === 1;
}

/**
 * Marks the payer's pending test ledger transfer paid (POST /dev/payments/settle, the stand-in
 * for Paystack's charge.success). False when there is no such pending payment of theirs.
 */
export async function settleTestLedgerPayment(db: Queryable, reference: string, userId: string): Promise<boolean> {
  const rows = await db.query(
    `update test_payments set status = 'success'
     where reference = $1 and user_id = $2 and status = 'pending' returning reference`,
    [reference, userId],
  );
  return rows.length === 1;
}
