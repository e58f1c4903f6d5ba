/**
 * Charges the payment provider confirmed (table `charges`): one row per reference, written
 * by Paystack's webhook or after a successful verify, never changed afterwards. A reference
 * found here is paid: task creation uses it without asking the provider again.
 */
import type { Queryable } from './connection';

export interface Charge {
  reference: string;
  provider: 'paystack' | 'test-ledger';
  amountKobo: number;
  currency: string;
  email: string;
  /** Who paid, when the provider knows our user (the test ledger does). */
  payerUserId: string | null;
  paidAt: Date | null;
  confirmedBy: 'webhook' | 'verify';
  metadata: Record<string, unknown> | null;
  /** 'card', 'bank_transfer', 'ussd', ... (null: not said). */
  channel: string | null;
}

interface ChargeRow {
  reference: string;
  provider: Charge['provider'];
  amount_kobo: number;
  currency: string;
  email: string;
  payer_user_id: string | null;
  paid_at: Date | null;
  confirmed_by: Charge['confirmedBy'];
  metadata: Record<string, unknown> | string | null;
  channel: string | null;
}

function toCharge(row: ChargeRow): Charge {
  return {
    reference: row.reference,
    provider: row.provider,
    amountKobo: row.amount_kobo,
    currency: row.currency,
    email: row.email,
    payerUserId: row.payer_user_id,
    paidAt: row.paid_at ? new Date(row.paid_at) : null,
    confirmedBy: row.confirmed_by,
    metadata: typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, unknown>) : row.metadata,
    channel: row.channel ?? null,
  };
}

export async function findCharge(db: Queryable, reference: string): Promise<Charge | undefined> {
  const [row] = await db.query<ChargeRow>('select * from charges where reference = $1', [reference]);
  return row ? toCharge(row) : undefined;
}

/** Records a confirmed charge once; true when this call wrote it (false: already known). */
export async function recordCharge(db: Queryable, charge: Charge): Promise<boolean> {
  const rows = await db.query(
    `insert into charges (reference, provider, amount_kobo, currency, email, payer_user_id, paid_at, confirmed_by, metadata, channel)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (reference) do nothing returning reference`,
    [
      charge.reference,
      charge.provider,
      charge.amountKobo,
      charge.currency,
      charge.email,
      charge.payerUserId,
      charge.paidAt,
      charge.confirmedBy,
      charge.metadata === null ? null : JSON.stringify(charge.metadata),
      charge.channel,
    ],
  );
  return rows.length === 1;
}

export interface UnclaimedChargeRow extends ChargeRow {
  received_at: Date;
}

/**
 * Confirmed charges older than `receivedBefore` that paid for nothing yet and are not on
 * the attention list: the client's app never sent the booking (a lost or wiped phone).
 */
export async function selectUnclaimedCharges(
  db: Queryable,
  receivedBefore: Date,
): Promise<Array<Charge & { receivedAt: Date }>> {
  const rows = await db.query<UnclaimedChargeRow>(
    `select c.* from charges c
     where c.received_at < $1
       and not exists (select 1 from payment_uses u where u.reference = c.reference)
       and not exists (select 1 from payments_needing_attention a where a.reference = c.reference)
     order by c.received_at`,
    [receivedBefore],
  );
  return rows.map((row) => ({ ...toCharge(row), receivedAt: new Date(row.received_at) }));
}

/** Records that the provider reported the charge refunded or disputed; true when this call wrote it. */
export async function recordReversal(db: Queryable, reference: string, event: string): Promise<boolean> {
  const rows = await db.query(
    'insert into charge_reversals (reference, event) values ($1, $2) on conflict (reference) do nothing returning reference',
    [reference, event],
  );
  return rows.length === 1;
}

/** The event that reversed the charge, if any. */
export async function findReversal(db: Queryable, reference: string): Promise<string | undefined> {
  const [row] = await db.query<{ event: string }>('select event from charge_reversals where reference = $1', [
    reference,
  ]);
  return row?.event;
}

/** What a reversed charge had paid for: its task (marked reversed now) or plan; null when it paid for nothing yet. */
export async function markUseReversed(
  db: Queryable,
  reference: string,
): Promise<{ purpose: 'task' | 'subscription' | 'extra'; userId: string; taskId: string | null; what: string } | null> {
  const [use] = await db.query<{ purpose: 'task' | 'subscription' | 'extra'; user_id: string; plan: string | null }>(
    // The plan's name as the client bought it, else as it is now.
    `select p.purpose, p.user_id,
            coalesce(u.subscription_terms ->> 'name', (select name from plans where key = u.subscription_plan)) as plan
       from payment_uses p join users u on u.id = p.user_id where p.reference = $1`,
    [reference],
  );
  if (!use) return null;
  if (use.purpose === 'subscription')
    return {
      purpose: 'subscription',
      userId: use.user_id,
      taskId: null,
      what: `the client's ${use.plan || 'current'} plan`,
    };
  if (use.purpose === 'extra') {
    // The extra a driver's weight asked for: the task it paid for is named; its booking stays paid.
    const [task] = await db.query<{ id: string; service_name: string; status: string }>(
      'select id, service_name, status from tasks where extra_reference = $1',
      [reference],
    );
    return task
      ? {
          purpose: 'extra',
          userId: use.user_id,
          taskId: task.id,
          what: `the extra of task ${task.id} (${task.service_name}, ${task.status})`,
        }
      : null;
  }
  const [task] = await db.query<{ id: string; service_name: string; status: string }>(
    `update tasks set payment_reversed_at = now() where reference = $1 and payment_reversed_at is null
     returning id, service_name, status`,
    [reference],
  );
  return task
    ? {
        purpose: 'task',
        userId: use.user_id,
        taskId: task.id,
        what: `task ${task.id} (${task.service_name}, ${task.status})`,
      }
    : null;
}
